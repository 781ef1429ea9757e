//! The engine loop: one complete game, roll by roll, with no heap allocation — roll, legal
//! choices, the seat's policy chooses, apply, the policy stops or rolls on — counted as it goes.
//!
//! For a policy that chooses by the turn's shape alone ([`Policy::choice_scores`]), the
//! engine ranks the roll's choices itself on the [`TurnShape`] and takes the best with
//! [`TurnShape::advance`], never listing the choices and the turns they lead to. Other policies
//! get the roll evaluator's list and are asked. Debug builds check every ranked choice against
//! the policy's answer on the list.

use super::cpu::Avx2;
use super::deal::{game_streams, seating};
use super::dice_source::{DiceSource, RngDice};
pub use super::player::{players, Player};
use super::shape::TurnShape;
use crate::columns::{Board, ChoiceList, Game, GameKind, Rules};
use crate::counters::MatchupStats;
use crate::dice::Roll;
use crate::policy::{Policy, View};
use rand_core::RngCore;

/// A game still running after this many turns in all is abandoned and counted as unfinished
/// (only a policy that never stops can get there).
pub const MAX_TURNS: u32 = 100_000;

/// Where a column-race game is taken up: the game (board, turn in hand, player to move) and
/// whether the player to move first decides to roll on or stop (after a roll has been used)
/// rather than rolls (at the start of a turn, or having chosen to roll on). `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColumnPosition {
    /// The game.
    pub game: Game,
    /// Whether the player to move decides to roll on or stop before the next roll.
    pub decide_first: bool,
}

impl ColumnPosition {
    /// The start of a game: player 0 to roll.
    pub fn start() -> ColumnPosition {
        ColumnPosition {
            game: Game::new(),
            decide_first: false,
        }
    }
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
    let start = ColumnPosition::start();
    play_from(rules, players, slot_of_seat, &start, dice, rng, stats)
}

/// Plays the game of `position` on to its end, as [`play_game`] plays one from the start (the
/// same loop, taken up where the position stands): the player to move decides first if the
/// position says so, then rolls. Counters count the rest of the game; the turns counted are
/// the game's, from its start. Returns the final game.
#[inline]
pub fn play_from<P: Policy, D: DiceSource, R: RngCore>(
    rules: &Rules,
    players: &mut [Player<P>],
    slot_of_seat: &[usize],
    position: &ColumnPosition,
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
) -> Game {
    let mut game = position.game;
    // Rolls and busts by seat, added to the counters once at the end of the game.
    let mut tally = Tally::default();
    assert!(
        rules.game != GameKind::GreatRaces,
        "The Great Races is played by crate::games::great_races::play"
    );
    // Each player's turn-start shape. On the empty board every player's is the same, the
    // opening each player holds.
    let mut start = Start {
        bases: [players[slot_of_seat[0]].opening; 4],
        shape: TurnShape::default(),
        decide_first: position.decide_first,
    };
    if game.board != Board::default() {
        for (p, base) in start
            .bases
            .iter_mut()
            .enumerate()
            .take(rules.players as usize)
        {
            *base = TurnShape::at_turn_start(rules, &game.board, p as u8);
        }
    }
    if game.turn.rolls > 0 || position.decide_first {
        start.shape = TurnShape::new(rules, &game);
    }
    let (g, t, st) = (&mut game, &mut tally, start);
    let v3 = players.first().and_then(|p| p.avx2);
    match (rules.jump, v3) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `play_turns_v3` needs the features of x86-64-v3 the token proves (AVX2,
        // BMI1, BMI2, LZCNT, POPCNT); it touches no memory unsafely.
        (true, Some(_)) => unsafe {
            play_turns_v3::<_, _, _, true>(rules, players, slot_of_seat, dice, rng, stats, g, t, st)
        },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above.
        (false, Some(_)) => unsafe {
            play_turns_v3::<_, _, _, false>(
                rules,
                players,
                slot_of_seat,
                dice,
                rng,
                stats,
                g,
                t,
                st,
            )
        },
        (true, _) => {
            play_turns::<_, _, _, true>(rules, players, slot_of_seat, dice, rng, stats, g, t, st)
        }
        (false, _) => {
            play_turns::<_, _, _, false>(rules, players, slot_of_seat, dice, rng, stats, g, t, st)
        }
    }
    count_game(
        rules,
        slot_of_seat,
        &game,
        &tally.rolls,
        &tally.busts,
        stats,
    );
    game
}

/// What the loop starts from besides the game: each player's turn-start shape, the shape of
/// the turn in hand (when one is under way), and whether a stop decision comes first.
#[derive(Clone, Copy)]
struct Start {
    bases: [TurnShape; 4],
    shape: TurnShape,
    decide_first: bool,
}

/// Adds a game that has ended (or was abandoned) to the counters: per seat, its rolls and
/// busts, win, score and turns, under the slot sitting there.
pub(crate) fn count_game(
    rules: &Rules,
    slot_of_seat: &[usize],
    game: &Game,
    rolls: &[u64; 4],
    busts: &[u64; 4],
    stats: &mut MatchupStats,
) {
    for (seat, &slot) in slot_of_seat.iter().enumerate().take(rules.players as usize) {
        stats.cells[slot][seat].rolls += rolls[seat];
        stats.cells[slot][seat].busts += busts[seat];
        stats.add_game(
            slot,
            seat,
            game.winner == Some(seat as u8),
            game.board.scores[seat] as u64,
            game.turns[seat] as u64,
        );
    }
}

/// Per-seat rolls and busts of one game, and the turns played so far.
#[derive(Default)]
struct Tally {
    rolls: [u64; 4],
    busts: [u64; 4],
    turns: u32,
}

impl Tally {
    /// Whether the game has run into the turn limit or can no longer be won
    /// ([`Game::stalled`]): it ends there, counted as unfinished.
    #[inline(always)]
    fn over_limit(&self, game: &Game, stats: &mut MatchupStats) -> bool {
        let over = self.turns >= MAX_TURNS || game.stalled();
        stats.unfinished += over as u64;
        over
    }
}

/// [`play_turns`] compiled for x86-64-v3 (AVX2, BMI1/2, LZCNT, POPCNT): the vector ranking
/// inlines into the loop, and set sizes and shifts use the newer instructions.
#[cfg(target_arch = "x86_64")]
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn play_turns_v3<P: Policy, D: DiceSource, R: RngCore, const JUMP: bool>(
    rules: &Rules,
    players: &mut [Player<P>],
    slot_of_seat: &[usize],
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
    game: &mut Game,
    tally: &mut Tally,
    start: Start,
) {
    play_turns::<P, D, R, JUMP>(
        rules,
        players,
        slot_of_seat,
        dice,
        rng,
        stats,
        game,
        tally,
        start,
    )
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
    start: Start,
) {
    let mut choices = ChoiceList::default();
    // Each player's turn-start shape, kept up to date as stops move cubes.
    let Start {
        mut bases,
        mut shape,
        decide_first,
    } = start;
    if decide_first && !game.finished() {
        let seat = game.to_move as usize & 3;
        let player = &mut players[slot_of_seat[seat]];
        decide::<P, R, JUMP>(
            rules,
            player,
            slot_of_seat[seat],
            &shape,
            &mut bases,
            rng,
            stats,
            game,
            tally,
        );
    }
    while !game.finished() && !tally.over_limit(game, stats) {
        let seat = game.to_move as usize & 3;
        let slot = slot_of_seat[seat];
        if game.turn.rolls == 0 {
            stats.stop_cell(slot, 0, 0).decisions += 1;
            shape = bases[seat];
            debug_assert_eq!(shape, TurnShape::new(rules, game));
            dice.turn_start(seat as u8, game.turns[seat]);
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
            let roll = outcome.roll();
            game.fill_choices(rules, roll, &mut choices);
            let pick = pick(&mut player.policy, rules, game, roll, &choices, rng);
            game.take(rules, &choices, pick);
            let cols = choices.get(pick).columns();
            shape.follow::<JUMP>(rules, &game.turn, cols, choices.usable(pick));
        }
        debug_assert_eq!(shape, TurnShape::new(rules, game));
        decide::<P, R, JUMP>(
            rules, player, slot, &shape, &mut bases, rng, stats, game, tally,
        );
    }
}

/// The roll-on-or-stop decision of the player to move (playing slot `slot`) in the turn of
/// `game` shaped `shape`: counted, and on a stop the cars become cubes and every player's
/// turn-start shape follows the cubes moved.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn decide<P: Policy, R: RngCore, const JUMP: bool>(
    rules: &Rules,
    player: &mut Player<P>,
    slot: usize,
    shape: &TurnShape,
    bases: &mut [TurnShape; 4],
    rng: &mut R,
    stats: &mut MatchupStats,
    game: &mut Game,
    tally: &mut Tally,
) {
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

/// Plays games `lo..hi` of a matchup of `policies` (slot order) under `rules` on the scalar
/// engine, one after another, into counters: game `i` with its own dice and policy streams
/// ([`game_streams`]) and its seating. With `avx2`, policies that choose by the turn's shape are
/// ranked on it and the loop runs compiled for x86-64-v3.
pub fn play_scalar<P: Policy + Clone>(
    rules: &Rules,
    policies: &[P],
    avx2: Option<Avx2>,
    seed: u64,
    key: u64,
    lo: u64,
    hi: u64,
) -> MatchupStats {
    let n = rules.players as usize;
    let mut lineup = players(policies, rules, avx2);
    let mut stats = MatchupStats::default();
    for i in lo..hi {
        let (dice, mut rng) = game_streams(seed, key, i).generators();
        let seats = seating(i, n);
        play_game(
            rules,
            &mut lineup,
            &seats[..n],
            &mut RngDice(dice),
            &mut rng,
            &mut stats,
        );
    }
    stats
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
    outcome: crate::dice::Outcome,
    choice: crate::columns::Choice,
    rng: &mut R,
) {
    let (mut list, roll) = (ChoiceList::default(), outcome.roll());
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
    use crate::engine::dice_source::ScriptedDice;
    use crate::policy::PolicySpec;
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
            Avx2::cpu(),
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

    #[test]
    fn random_games_of_every_game_end_with_a_winner() {
        for game in [GameKind::Route66, GameKind::CantStop] {
            for players in 1..=4u8 {
                let rules = Rules::new(game, players);
                let spec = PolicySpec::parse("fixed-risk:0.3").unwrap();
                let mut pols: Vec<_> = (0..players)
                    .map(|_| Player::new(spec.build(&rules), &rules, Avx2::cpu()))
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
