//! The engine loop: one complete game, roll by roll, with no heap allocation — roll, legal
//! choices, the seat's policy chooses, apply, the policy stops or rolls on — counted as it goes.
//!
//! For a policy that chooses by the turn's shape alone ([`Policy::choice_scores`]), the
//! engine ranks the roll's choices itself on the [`TurnShape`] and takes the best with
//! [`TurnShape::advance`], never listing the choices and the turns they lead to. Other policies
//! get the roll evaluator's list and are asked. Debug builds check every ranked choice against
//! the policy's answer on the list.

use super::dice_source::DiceSource;
use super::stats::MatchupStats;
use crate::columns::rank_table::vector_cpu;
use crate::columns::{
    Choice, ChoiceList, ChoiceScores, Game, GameKind, PlainPicks, Rules, TurnShape,
};
use crate::dice::{Roll, ROLLS};
use crate::policy::{Policy, View};
use rand_core::RngCore;
use std::sync::Arc;

/// A game still running after this many turns in all is abandoned and counted as unfinished
/// (only a policy that never stops can get there).
pub const MAX_TURNS: u32 = 100_000;

/// A policy slot as the engine plays it: the policy and, when the engine may rank its choices
/// itself, how it scores them and its picks of plain rolls. Cloning is cheap (shared tables).
#[derive(Clone, Debug)]
pub struct Player<P> {
    /// The policy.
    pub policy: P,
    /// How the policy scores choices and its plain picks, for a policy choosing by the turn's
    /// shape ([`Policy::choice_scores`]).
    ranked: Option<Ranked>,
    /// Whether this CPU ranks in vector lanes ([`vector_cpu`]).
    vector: bool,
    /// The shape of any player's first turn (an empty board), worked out once.
    opening: TurnShape,
}

/// What the engine needs to rank a shape-choosing policy's choices.
#[derive(Clone, Debug)]
struct Ranked {
    /// The policy's points.
    scores: Arc<ChoiceScores>,
    /// Its pick of every plain roll.
    plain: Arc<PlainPicks>,
}

impl<P: Policy> Player<P> {
    /// A player for `policy` under `rules`.
    pub fn new(policy: P, rules: &Rules) -> Player<P> {
        let ranked = policy.choice_scores(rules).map(|scores| Ranked {
            plain: Arc::new(PlainPicks::new(rules, &scores)),
            scores: Arc::new(scores),
        });
        Player {
            policy,
            ranked,
            vector: vector_cpu(),
            opening: TurnShape::at_turn_start(rules, &Game::new().board, 0),
        }
    }

    /// A player for `policy` that is always asked through the roll evaluator's list, never
    /// ranked on the turn's shape: the reference the fast path is tested against.
    pub fn listing(policy: P, rules: &Rules) -> Player<P> {
        Player {
            policy,
            ranked: None,
            vector: vector_cpu(),
            opening: TurnShape::at_turn_start(rules, &Game::new().board, 0),
        }
    }

    /// The pick for ordered outcome `outcome` in the turn of `game` shaped `shape`, ranked on
    /// the shape (the player must be `ranked`); a plain roll's pick is read off its table.
    #[inline(always)]
    fn ranked_pick(&self, rules: &Rules, game: &Game, shape: &TurnShape, outcome: usize) -> Choice {
        let Some(ranked) = &self.ranked else {
            unreachable!("ranked_pick needs a ranked player")
        };
        let (cars, free) = (game.turn.cars, game.turn.free_cars(rules));
        let sums = shape.usable_sums(outcome);
        if shape.plain(sums, free, rules.cars) {
            if let Some(c) = ranked.plain.pick(outcome, sums, free == 0) {
                return c;
            }
        }
        let (scores, fg) = (&ranked.scores, rules.faster_gear);
        shape.best_choice(outcome, cars, free, scores, self.vector, fg)
    }
}

/// Players for each of `policies` under `rules`, in slot order.
pub fn players<P: Policy + Clone>(policies: &[P], rules: &Rules) -> Vec<Player<P>> {
    policies
        .iter()
        .map(|p| Player::new(p.clone(), rules))
        .collect()
}

/// Plays one game from the start. `players[k]` plays slot `k`; `slot_of_seat[s]` is the slot
/// sitting in seat `s` (turn order). Dice come from `dice`; policies draw from `rng`. Counters
/// go into `stats` by slot and seat. Returns the final game (unfinished if the turn limit was
/// reached or a scripted dice source ran out).
#[inline]
pub fn play_game<P: Policy, D: DiceSource, R: RngCore>(
    rules: &Rules,
    players: &mut [Player<P>],
    slot_of_seat: &[usize],
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
) -> Game {
    let mut game = Game::new();
    // Rolls and busts by seat, added to the counters once at the end of the game.
    let mut tally = Tally::default();
    let (g, t) = (&mut game, &mut tally);
    let v3 = players.first().is_some_and(|p| p.vector);
    match (rules.game, rules.jump, v3) {
        (GameKind::GreatRaces, _, _) => {
            play_races(rules, players, slot_of_seat, dice, rng, stats, g, t)
        }
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the rank table found AVX2, so this CPU is x86-64-v3.
        (_, true, true) => unsafe {
            play_turns_v3::<_, _, _, true>(rules, players, slot_of_seat, dice, rng, stats, g, t)
        },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        (_, false, true) => unsafe {
            play_turns_v3::<_, _, _, false>(rules, players, slot_of_seat, dice, rng, stats, g, t)
        },
        (_, true, _) => {
            play_turns::<_, _, _, true>(rules, players, slot_of_seat, dice, rng, stats, g, t)
        }
        (_, false, _) => {
            play_turns::<_, _, _, false>(rules, players, slot_of_seat, dice, rng, stats, g, t)
        }
    }
    for (seat, &slot) in slot_of_seat.iter().enumerate().take(rules.players as usize) {
        stats.cells[slot][seat].rolls += tally.rolls[seat];
        stats.cells[slot][seat].busts += tally.busts[seat];
        stats.add_game(
            slot,
            seat,
            game.winner == Some(seat as u8),
            game.board.scores[seat] as u64,
            game.turns[seat] as u64,
        );
    }
    game
}

/// Per-seat rolls and busts of one game, and the turns played so far.
#[derive(Default)]
struct Tally {
    rolls: [u64; 4],
    busts: [u64; 4],
    turns: u32,
}

impl Tally {
    /// Whether the game has run into the turn limit (counted as unfinished).
    #[inline(always)]
    fn over_limit(&self, stats: &mut MatchupStats) -> bool {
        let over = self.turns >= MAX_TURNS;
        stats.unfinished += over as u64;
        over
    }
}

/// [`play_turns`] compiled for x86-64-v3 (AVX2, BMI1/2, LZCNT, POPCNT): the vector ranking
/// inlines into the loop, and set sizes and shifts use the newer instructions.
///
/// # Safety
/// The CPU must have those features.
#[cfg(target_arch = "x86_64")]
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn play_turns_v3<P: Policy, D: DiceSource, R: RngCore, const JUMP: bool>(
    rules: &Rules,
    players: &mut [Player<P>],
    slot_of_seat: &[usize],
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
    game: &mut Game,
    tally: &mut Tally,
) {
    play_turns::<P, D, R, JUMP>(rules, players, slot_of_seat, dice, rng, stats, game, tally)
}

/// The Route 66 and Can't Stop game loop (see the module comment); `JUMP` is the rules' jump
/// rule, fixed at compile time.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn play_turns<P: Policy, D: DiceSource, R: RngCore, const JUMP: bool>(
    rules: &Rules,
    players: &mut [Player<P>],
    slot_of_seat: &[usize],
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
    game: &mut Game,
    tally: &mut Tally,
) {
    let mut choices = ChoiceList::default();
    // Each player's turn-start shape, kept up to date as stops move cubes. On the empty board
    // every player's is the same.
    let mut bases = [players[slot_of_seat[0]].opening; 4];
    let mut shape = TurnShape::default();
    while !game.finished() && !tally.over_limit(stats) {
        let seat = game.to_move as usize & 3;
        let slot = slot_of_seat[seat];
        if game.turn.rolls == 0 {
            stats.stop_cell(slot, 0, 0).decisions += 1;
            shape = bases[seat];
            debug_assert_eq!(shape, TurnShape::new(rules, game));
        }
        let Some(outcome) = dice.outcome() else { break };
        tally.rolls[seat] += 1;
        if shape.usable_sums(outcome).is_empty() {
            let turn = &game.turn;
            stats.stop_cell(slot, turn.rolls, turn.cars.len()).busts += 1;
            tally.busts[seat] += 1;
            game.bust(rules);
            tally.turns += 1;
            continue;
        }
        let player = &mut players[slot];
        if player.ranked.is_some() {
            let choice = player.ranked_pick(rules, game, &shape, outcome);
            #[cfg(debug_assertions)]
            check_ranked::<_, _, JUMP>(rules, &mut player.policy, game, outcome, choice, rng);
            shape.advance::<JUMP>(rules, &mut game.turn, choice);
        } else {
            let roll = ROLLS[outcome];
            game.fill_choices(rules, roll, &mut choices);
            let pick = pick(&mut player.policy, rules, game, roll, &choices, rng);
            game.take(rules, &choices, pick);
            let cols = choices.get(pick).columns();
            shape.follow::<JUMP>(rules, &game.turn, cols, choices.usable(pick));
        }
        debug_assert_eq!(shape, TurnShape::new(rules, game));
        let bust = crate::columns::bust::bust_rolls(shape.usable);
        let view = View::with_usable(rules, game, shape.usable, bust);
        let go_on = player.policy.keep_rolling(&view, rng);
        let cell = stats.stop_cell(slot, game.turn.rolls, game.turn.cars.len());
        cell.decisions += 1;
        if !go_on {
            cell.stops += 1;
            let moved = game.turn.cars;
            game.stop(rules);
            tally.turns += 1;
            for (p, base) in bases.iter_mut().enumerate().take(rules.players as usize) {
                base.cubes_moved::<JUMP>(rules, &game.board, p as u8, moved);
            }
        }
    }
}

/// The Great Races game loop: one roll a turn, no stop decision.
#[allow(clippy::too_many_arguments)]
fn play_races<P: Policy, D: DiceSource, R: RngCore>(
    rules: &Rules,
    players: &mut [Player<P>],
    slot_of_seat: &[usize],
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
    game: &mut Game,
    tally: &mut Tally,
) {
    let mut choices = ChoiceList::default();
    while !game.finished() && !tally.over_limit(stats) {
        let seat = game.to_move as usize & 3;
        let slot = slot_of_seat[seat];
        stats.stop_cell(slot, 0, 0).decisions += 1;
        let Some(roll) = dice.roll() else { break };
        tally.rolls[seat] += 1;
        game.fill_choices(rules, roll, &mut choices);
        if choices.is_empty() {
            stats.stop_cell(slot, 0, 0).busts += 1;
            tally.busts[seat] += 1;
            game.pass(rules);
        } else {
            let pick = pick(&mut players[slot].policy, rules, game, roll, &choices, rng);
            game.take(rules, &choices, pick);
        }
        tally.turns += 1;
    }
}

/// The policy's pick among `choices` (not empty) for `roll` in `game`: asked only when there
/// is something to choose.
#[inline(always)]
fn pick<P: Policy, R: RngCore>(
    policy: &mut P,
    rules: &Rules,
    game: &Game,
    roll: Roll,
    choices: &ChoiceList,
    rng: &mut R,
) -> usize {
    if choices.len() == 1 {
        return 0;
    }
    let pick = policy.choose(&View::new(rules, game), roll, choices, rng);
    pick.min(choices.len() - 1)
}

/// Debug builds: the ranked choice is the policy's pick from the roll evaluator's list, and
/// the shape steps it to the list's turn.
#[cfg(debug_assertions)]
fn check_ranked<P: Policy, R: RngCore, const JUMP: bool>(
    rules: &Rules,
    policy: &mut P,
    game: &Game,
    outcome: usize,
    choice: Choice,
    rng: &mut R,
) {
    let (mut list, roll) = (ChoiceList::default(), ROLLS[outcome]);
    game.fill_choices(rules, roll, &mut list);
    let pick = pick(policy, rules, game, roll, &list, rng);
    assert_eq!(
        list.get(pick),
        choice,
        "ranked choice for {roll:?} in {game:?}"
    );
    let mut turn = game.turn;
    TurnShape::new(rules, game).advance::<JUMP>(rules, &mut turn, choice);
    assert_eq!(&turn, list.after(pick), "turn after {choice:?}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::GameKind;
    use crate::dice::Roll;
    use crate::policy::PolicySpec;
    use crate::sim::dice_source::{RngDice, ScriptedDice};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn scripted_solitaire_cant_stop_game_is_exact() {
        // One player, one-roll: every roll of 1 1 1 1 (pairing 2+2, a double) climbs column 2
        // twice; column 2 is 3 spaces, so turn 1 reaches space 2, turn 2 the top (claimed);
        // likewise 6 6 6 6 claims 12 in two turns and 1 1 6 6 gives 2+12 / 7+7 (the shared choice
        // rule takes the pairing leaving the lowest bust chance).
        let rules = Rules::new(GameKind::CantStop, 1);
        let mut pol = [Player::new(
            PolicySpec::parse("one-roll").unwrap().build(&rules),
            &rules,
        )];
        let rolls = [
            Roll([1, 1, 1, 1]),
            Roll([1, 1, 1, 1]),
            Roll([6, 6, 6, 6]),
            Roll([6, 6, 6, 6]),
        ];
        let mut dice = ScriptedDice::new(&rolls);
        let mut stats = MatchupStats::default();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        let g = play_game(&rules, &mut pol, &[0], &mut dice, &mut rng, &mut stats);
        assert!(!g.finished());
        assert_eq!(g.board.won[0], 2);
        assert_eq!(g.turns[0], 4);
        assert_eq!(stats.cells[0][0].rolls, 4);
        assert_eq!(stats.stop[0][1][1].decisions, 4);
        assert_eq!(stats.stop[0][1][1].stops, 4);
    }

    /// The counters of `games` games of `specs` under `rules`, with the choices ranked on the
    /// turn's shape (`ranked`) or asked through the roll evaluator's list.
    fn counters(rules: &Rules, specs: &[&str], games: u64, ranked: bool) -> MatchupStats {
        let mut players: Vec<_> = specs
            .iter()
            .map(|s| {
                let p = PolicySpec::parse(s).unwrap().build(rules);
                if ranked {
                    Player::new(p, rules)
                } else {
                    Player::listing(p, rules)
                }
            })
            .collect();
        let n = rules.players as usize;
        let mut stats = MatchupStats::default();
        for i in 0..games {
            let seats = crate::sim::schedule::seating(i, n);
            let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(i));
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(!i);
            play_game(
                rules,
                &mut players,
                &seats[..n],
                &mut dice,
                &mut rng,
                &mut stats,
            );
        }
        stats
    }

    #[test]
    fn ranking_on_the_shape_plays_the_games_the_listing_engine_plays() {
        use crate::columns::{Edition, Variant};
        let r66 = |edition, players, variants: &[Variant]| {
            let mut r = Rules::route66(edition, players);
            for &v in variants {
                r.apply_variant(v).unwrap();
            }
            r
        };
        let cs = |players, variants: &[Variant]| {
            let mut r = Rules::new(GameKind::CantStop, players);
            for &v in variants {
                r.apply_variant(v).unwrap();
            }
            r
        };
        let mut four = cs(2, &[]);
        four.columns_to_win = 4;
        // Short columns: tops in reach on most rolls.
        let mut short = cs(2, &[]);
        for (c, len) in (2..=12).zip([2, 2, 3, 3, 4, 4, 4, 3, 3, 2, 2]) {
            short.layout.length[c] = len;
        }
        let mut short_r66 = r66(Edition::En, 3, &[]);
        short_r66.layout.length = short.layout.length;
        let en = Edition::En;
        let cases: Vec<(Rules, Vec<&str>)> = vec![
            (r66(en, 2, &[]), vec!["rule28", "fixed-risk:0.3"]),
            (
                r66(Edition::De, 2, &[]),
                vec!["glenn", "fixed-risk:0.2,ignore-top"],
            ),
            (
                r66(en, 2, &[Variant::FasterGear]),
                vec!["rule28", "fixed-risk:0.4"],
            ),
            (
                r66(en, 3, &[Variant::Leisurely]),
                vec!["one-roll", "rolls:3", "glenn"],
            ),
            (
                r66(en, 4, &[Variant::FasterGear]),
                vec!["random:0.3", "rule28", "fixed-risk:0.1", "glenn"],
            ),
            (cs(2, &[]), vec!["fixed-risk:0.3", "rule28"]),
            (cs(2, &[Variant::Jump]), vec!["glenn", "fixed-risk:0.25"]),
            (
                cs(3, &[]),
                vec![
                    "rule-of-n:20,choice=3/0/5/1/0/7,marker=2,odd=4",
                    "fixed-risk:0.5,ignore-top",
                    "rolls:2",
                ],
            ),
            (
                cs(4, &[Variant::Jump]),
                vec!["rule28", "glenn", "fixed-risk:0.3", "one-roll"],
            ),
            (four, vec!["fixed-risk:0", "fixed-risk:0.6"]),
            (short, vec!["glenn", "fixed-risk:0.35,ignore-top"]),
            (
                short_r66,
                vec!["rule28", "fixed-risk:0.3,ignore-top", "glenn"],
            ),
        ];
        for (rules, specs) in &cases {
            let ranked = counters(rules, specs, 300, true);
            assert_eq!(ranked, counters(rules, specs, 300, false), "{specs:?}");
            let games: u64 = (0..specs.len()).map(|s| ranked.slot_total(s).games).sum();
            assert_eq!(games, 300 * rules.players as u64);
        }
    }

    #[test]
    fn random_games_of_every_game_end_with_a_winner() {
        for game in [GameKind::Route66, GameKind::CantStop, GameKind::GreatRaces] {
            for players in 1..=4u8 {
                let rules = Rules::new(game, players);
                let spec = PolicySpec::parse("fixed-risk:0.3").unwrap();
                let mut pols: Vec<_> = (0..players)
                    .map(|_| Player::new(spec.build(&rules), &rules))
                    .collect();
                let slots: Vec<usize> = (0..players as usize).collect();
                let mut stats = MatchupStats::default();
                for seed in 0..20 {
                    let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(seed));
                    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed + 1000);
                    let g = play_game(&rules, &mut pols, &slots, &mut dice, &mut rng, &mut stats);
                    assert!(g.finished(), "{game} {players}p seed {seed}");
                }
                let games: u64 = (0..players as usize).map(|s| stats.cells[s][s].games).sum();
                let wins: u64 = (0..players as usize).map(|s| stats.cells[s][s].wins).sum();
                assert_eq!((games, wins), (20 * players as u64, 20));
            }
        }
    }
}
