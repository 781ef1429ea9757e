//! Proves the game loop allocation-free: a counting global allocator, 10,000 complete
//! 2-player Route 66 games, zero allocations between the first roll and the last stop.

use pressluck_core::columns::{GameKind, Rules};
use pressluck_core::counters::MatchupStats;
use pressluck_core::engine::{play_game, Avx2, Player, RngDice};
use pressluck_core::policy::PolicySpec;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::counting_alloc::{allocations, COUNTING};

/// Plays `games` games seating the policies pairwise in turn; returns games finished.
fn play(
    rules: &Rules,
    policies: &mut [Player<pressluck_core::policy::AnyPolicy>],
    first_seed: u64,
    games: u64,
) -> u64 {
    let n = policies.len();
    let mut stats = MatchupStats::default();
    let mut finished = 0;
    for seed in first_seed..first_seed + games {
        // Seat two of the policies, a different pair each game.
        let a = (seed % n as u64) as usize;
        let b = ((seed / n as u64) % n as u64) as usize;
        let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(seed));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(!seed);
        let mut pair = [policies[a].clone(), policies[b].clone()];
        let g = play_game(rules, &mut pair, &[0, 1], &mut dice, &mut rng, &mut stats);
        policies[a] = pair[0].clone();
        policies[b] = pair[1].clone();
        finished += g.finished() as u64;
    }
    finished
}

#[test]
fn ten_thousand_route66_games_allocate_nothing() {
    let rules = Rules::new(GameKind::Route66, 2);
    let names = [
        "fixed-risk:0.3",
        "one-roll",
        "ev",
        "rule28",
        "glenn",
        "rolls:2",
        "random:0.4",
    ];
    let mut policies: Vec<_> = names
        .iter()
        .map(|n| {
            Player::new(
                PolicySpec::parse(n).unwrap().build(&rules),
                &rules,
                Avx2::cpu(),
            )
        })
        .collect();
    // Warm-up: policies may fill their caches (the ev policy memoises a column's board tables
    // per opponents' position on first sight) before the counted games.
    play(&rules, &mut policies, 1_000_000, 2_000);
    // The counted games: each game is played by clones of the warmed policies, so seat the pair
    // before counting starts. Clones of a warmed cache share it and allocate nothing.
    let mut allocated = 0;
    let mut finished = 0;
    let mut stats = MatchupStats::default();
    for seed in 0..10_000u64 {
        let n = policies.len() as u64;
        let (a, b) = ((seed % n) as usize, ((seed / n) % n) as usize);
        let mut pair = [policies[a].clone(), policies[b].clone()];
        let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(seed));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(!seed);
        let before = allocations();
        COUNTING.with(|c| c.set(true));
        let g = play_game(&rules, &mut pair, &[0, 1], &mut dice, &mut rng, &mut stats);
        COUNTING.with(|c| c.set(false));
        allocated += allocations() - before;
        finished += g.finished() as u64;
    }
    assert_eq!(allocated, 0, "{allocated} allocations in 10,000 game loops");
    assert_eq!(finished, 10_000);
    // The counter does count: a Vec made while counting is seen.
    COUNTING.with(|c| c.set(true));
    let v: Vec<u64> = Vec::with_capacity(8);
    COUNTING.with(|c| c.set(false));
    drop(v);
    assert!(allocations() > 0);
}

#[test]
fn games_played_on_from_a_position_allocate_nothing() {
    // Can't Stop, 2 players, the tuned duel player in both seats: a position mid-game, with
    // the mover's cars on 6, 7 and 8 and a decision to make; 2,000 games played on from it
    // (the rollouts' loop) after a warm-up, none allocating.
    use pressluck_core::columns::{Choice, Game};
    use pressluck_core::engine::game_streams;
    use pressluck_core::engine::ColumnPosition;
    use pressluck_core::games::{ColumnFamily, Family, WithStrategies};
    let rules = Rules::new(GameKind::CantStop, 2);
    let fam = WithStrategies::builtin(ColumnFamily::new(rules));
    let mut game = Game::new();
    for (c, s) in [(6, 3), (7, 4), (8, 2)] {
        game.board.set_cube(1, c, s);
    }
    game.turn = game.turn.after(&rules, &game.board, 0, Choice::two(6, 7));
    game.turn = game.turn.after(&rules, &game.board, 0, Choice::one(8));
    game.turn.rolls = 2;
    let position = ColumnPosition {
        game,
        decide_first: true,
    };
    let spec = fam.parse_spec("tuned-cant-stop-duel").unwrap();
    let mut seats = fam.seats(&[spec]).unwrap();
    for i in 0..500 {
        let (dice, rng) = game_streams(1, 2, i).generators();
        fam.play_out(&mut seats, &position, dice, rng);
    }
    let (mut allocated, mut won) = (0, 0);
    for i in 0..2_000 {
        let (dice, rng) = game_streams(3, 4, i).generators();
        let before = allocations();
        COUNTING.with(|c| c.set(true));
        let end = fam.play_out(&mut seats, &position, dice, rng);
        COUNTING.with(|c| c.set(false));
        allocated += allocations() - before;
        won += end.winner.is_some() as u64;
    }
    assert_eq!(
        allocated, 0,
        "{allocated} allocations in 2,000 games played on"
    );
    assert_eq!(won, 2_000);
}

#[test]
fn a_searching_players_games_allocate_nothing() {
    // Can't Stop, 2 players: the searcher over glenn against glenn, its rollouts truncated and
    // valued (the default horizon) or played to the end. Its seats, buffers and value are made
    // when it is built; after a warm-up game, 20 whole games — every searched decision's
    // rollouts included — allocate nothing.
    use pressluck_core::games::column_races::SeatPolicy;
    let rules = Rules::new(GameKind::CantStop, 2);
    let player = |spec: &str| {
        let spec = PolicySpec::parse(spec).unwrap();
        Player::new(
            SeatPolicy::build(&spec, &rules, Avx2::cpu()),
            &rules,
            Avx2::cpu(),
        )
    };
    for search in [
        "rollout:glenn,budget=20,z=1",
        "rollout:glenn,budget=20,horizon=end",
    ] {
        let mut pair = [player(search), player("glenn")];
        let mut stats = MatchupStats::default();
        let mut game = |seed: u64, pair: &mut [Player<SeatPolicy>; 2]| {
            let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(seed));
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(!seed);
            play_game(&rules, pair, &[0, 1], &mut dice, &mut rng, &mut stats).finished()
        };
        game(1_000, &mut pair);
        let before = allocations();
        COUNTING.with(|c| c.set(true));
        let finished = (0..20).filter(|&seed| game(seed, &mut pair)).count();
        COUNTING.with(|c| c.set(false));
        let allocated = allocations() - before;
        assert_eq!(
            allocated, 0,
            "{search}: {allocated} allocations in 20 searching games"
        );
        assert_eq!(finished, 20);
        let SeatPolicy::Search(searcher) = &pair[0].policy else {
            panic!("seat 0 searches")
        };
        assert!(searcher.tally().play_outs > 1_000, "{:?}", searcher.tally());
    }
}
