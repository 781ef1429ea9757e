//! Fixtures of the engine benchmarks: the policy families benchmarked for each game, positions
//! met in real play (and their turn shapes, with a shape-choosing policy's pick as the engine
//! makes it), and one complete 2-player game of each game family as a function of its seed
//! (the benchmarks advance the seed every iteration).

use pressluck_core::columns::{Choice, ChoiceList, Game, GameKind, Rules, Turn};
use pressluck_core::counters::MatchupStats;
use pressluck_core::dice::{self, Outcome, Roll};
use pressluck_core::engine::{play_game, Avx2, EngineRequest, Player, RngDice, TurnShape};
use pressluck_core::games::great_races::{play_race, RacePlayers, RaceSpec};
use pressluck_core::games::shortcut::{RngD6, ShortcutBoard, ShortcutPolicy, ShortcutSetup};
use pressluck_core::games::treasure_hunt::{Deck, State, ThRules, ThSpec};
use pressluck_core::games::{Family, ShortcutFamily};
use pressluck_core::policy::{ChoiceScores, Policy as _, PolicySpec, View};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Seats at the table in every one-game benchmark.
pub const PLAYERS: u8 = 2;

/// The column-race games in which a turn is press-your-luck, so that each policy family plays
/// its own games: every family in [`COLUMN_POLICIES`] is benchmarked in each.
pub const PRESS_GAMES: [GameKind; 2] = [GameKind::Route66, GameKind::CantStop];

/// One spec of every built-in column policy family except `optimal-turn` (benchmarked apart,
/// it is three orders of magnitude slower). `rule-of-n` is covered by `rule28` and `glenn`.
pub const COLUMN_POLICIES: [&str; 7] = [
    "one-roll",
    "fixed-risk:0.3",
    "ev",
    "rule28",
    "glenn",
    "rolls:2",
    "random:0.3",
];

/// Every built-in pairing rule of The Great Races.
pub const RACE_POLICIES: [&str; 4] = ["race-points", "race-progress", "race-margin", "random"];

/// One spec of every built-in Shortcut policy family.
pub const SHORTCUT_POLICIES: [&str; 4] = ["main-road", "press:1", "threshold:3", "optimal"];

/// One spec of every built-in Treasure Hunt policy family (default thresholds).
pub const TREASURE_POLICIES: [&str; 3] = ["greedy", "runner", "thief"];

/// `n` positions met in real play (random legal games) paired with fresh rolls.
pub fn positions(rules: &Rules, n: usize) -> Vec<(Game, Roll)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut out = Vec::with_capacity(n);
    let mut g = Game::new();
    while out.len() < n {
        if g.finished() {
            g = Game::new();
        }
        let roll = dice::sample(&mut rng);
        out.push((g, roll));
        let choices = g.choices(rules, roll);
        if choices.is_empty() {
            g.bust(rules);
        } else {
            g.apply(rules, choices.as_slice()[rng.gen_range(0..choices.len())]);
            if rng.gen_bool(0.3) {
                g.stop(rules);
            }
        }
    }
    out
}

/// A position's roll as the engine ranks it: the turn in hand, its [`TurnShape`] (worked out
/// here, outside any measurement: the engine keeps the shape up to date as the turn goes, so
/// building one is not per-roll work) and the roll's ordered outcome.
#[derive(Clone, Copy, Debug)]
pub struct ShapedRoll {
    pub turn: Turn,
    pub shape: TurnShape,
    pub outcome: Outcome,
}

/// `pos` (from [`positions`]) with each position's turn shape.
pub fn shaped(rules: &Rules, pos: &[(Game, Roll)]) -> Vec<ShapedRoll> {
    pos.iter()
        .map(|(g, roll)| ShapedRoll {
            turn: g.turn,
            shape: TurnShape::new(rules, g),
            outcome: roll.outcome(),
        })
        .collect()
}

/// What the engine keeps to rank a shape-choosing policy's choices
/// (`pressluck_core::engine::Player`): its points and the proof that this CPU ranks in vector
/// lanes.
pub struct Ranker {
    pub scores: ChoiceScores,
    pub avx2: Avx2,
}

impl Ranker {
    /// The ranker of `spec` (a policy choosing by the turn's shape) under `rules`.
    pub fn new(rules: &Rules, spec: &str, avx2: Avx2) -> Ranker {
        let policy = PolicySpec::parse(spec).expect("a built-in column policy spec");
        let scores = policy
            .build(rules)
            .choice_scores(rules)
            .unwrap_or_else(|| panic!("{spec} does not choose by the turn's shape"));
        Ranker { scores, avx2 }
    }

    /// The engine's pick for a roll that does not bust, ranked on the turn's shape.
    #[inline(always)]
    pub fn pick(&self, rules: &Rules, r: &ShapedRoll) -> Choice {
        let (cars, free) = (r.turn.cars, r.turn.free_cars(rules));
        r.shape.best_choice(
            self.avx2,
            r.outcome,
            cars,
            free,
            &self.scores,
            rules.faster_gear,
        )
    }
}

/// Panics unless the engine's pick ([`Ranker::pick`]) takes, for every roll of `pos` that does
/// not bust, the choice `spec` itself takes from the roll evaluator's list; returns the rolls
/// that bust and the rolls ranked.
pub fn check_picks(rules: &Rules, spec: &str, pos: &[(Game, Roll)], avx2: Avx2) -> (usize, usize) {
    let ranker = Ranker::new(rules, spec, avx2);
    let mut policy = PolicySpec::parse(spec).unwrap().build(rules);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
    let (mut list, mut bust, mut ranked) = (ChoiceList::default(), 0, 0);
    for ((g, roll), r) in pos.iter().zip(shaped(rules, pos)) {
        let sums = r.shape.usable_sums(r.outcome);
        g.fill_choices(rules, r.outcome.roll(), &mut list);
        assert_eq!(sums.is_empty(), list.is_empty(), "{roll:?} in {g:?}");
        if sums.is_empty() {
            bust += 1;
            continue;
        }
        ranked += 1;
        let k = match list.len() {
            1 => 0,
            n => policy
                .choose(&View::new(rules, g), *roll, &list, &mut rng)
                .min(n - 1),
        };
        assert_eq!(ranker.pick(rules, &r), list.get(k), "{spec} {roll:?} {g:?}");
    }
    (bust, ranked)
}

/// One game of a column race with `policy` in both seats, as the tournament engine plays it:
/// dice and policy generators seeded from the game's seed.
pub fn column_game(game: GameKind, policy: &str) -> impl FnMut(u64) -> Game {
    let rules = Rules::new(game, PLAYERS);
    let spec = PolicySpec::parse(policy).expect("a built-in column policy spec");
    let mut policies = vec![
        Player::new(spec.build(&rules), &rules, engine_token()),
        Player::new(spec.build(&rules), &rules, engine_token()),
    ];
    let mut stats = MatchupStats::default();
    move |seed| {
        let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(seed));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(!seed);
        play_game(
            &rules,
            &mut policies,
            &[0, 1],
            &mut dice,
            &mut rng,
            &mut stats,
        )
    }
}

/// One game of The Great Races with the pairing rule `policy` in both seats: dice and the
/// `random` rule's generator seeded from the game's seed.
pub fn race_game(policy: &str) -> impl FnMut(u64) -> Game {
    let rules = Rules::new(GameKind::GreatRaces, PLAYERS);
    let rule = RaceSpec::parse(policy)
        .expect("a built-in Great Races pairing rule")
        .rule;
    // The rules' players (with their track values) are made once, as a tournament makes them
    // once per matchup.
    let players = RacePlayers::new(&rules, &[rule, rule]);
    let mut stats = MatchupStats::default();
    move |seed| {
        let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(seed));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(!seed);
        play_race(&rules, &players, &[0, 1], &mut dice, &mut rng, &mut stats)
    }
}

/// One game of Shortcut on the default board with `policy` in both seats. `optimal` is solved
/// once here, outside the measurement, as a tournament solves it once per board.
pub fn shortcut_game(
    policy: &str,
) -> impl FnMut(u64) -> pressluck_core::games::shortcut::ShortcutGame {
    let setup = ShortcutSetup::new(ShortcutBoard::default_board(), PLAYERS);
    let spec = ShortcutFamily(setup.clone())
        .parse_spec(policy)
        .expect("a built-in Shortcut policy spec");
    let built = ShortcutPolicy::build(&spec, || {
        setup.solution().expect("the default board solves")
    });
    let policies = [built.clone(), built];
    let mut stats = MatchupStats::default();
    move |seed| {
        let mut dice = RngD6(Xoshiro256PlusPlus::seed_from_u64(seed));
        pressluck_core::games::shortcut::play_game(
            &setup.board,
            PLAYERS,
            &policies,
            &[0, 1],
            &mut dice,
            &mut stats,
        )
    }
}

/// One game of Treasure Hunt (rules as written, standard deck) with `policy` in both seats:
/// the deal, shuffles and dice all come from the game's seed.
pub fn treasure_game(policy: &str) -> impl FnMut(u64) -> State {
    let rules = ThRules::new(PLAYERS);
    let deck = Deck::standard();
    let spec = ThSpec::parse(policy).expect("a built-in Treasure Hunt policy spec");
    let specs = [spec.clone(), spec];
    let mut stats = MatchupStats::default();
    move |seed| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        pressluck_core::games::treasure_hunt::play_game(
            rules,
            &deck,
            &specs,
            &[0, 1],
            &mut rng,
            &mut stats,
        )
    }
}

/// The AVX2 token as `PRESSLUCK_ENGINE` asks (`scalar` benches the scalar engine alone).
fn engine_token() -> Option<Avx2> {
    let request = EngineRequest::from_env().unwrap_or_else(|e| panic!("{e}"));
    Avx2::for_request(request)
}
