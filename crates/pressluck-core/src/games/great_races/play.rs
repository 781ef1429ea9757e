//! The Great Races' game loop: one roll a turn and one pairing, chosen by the seat's pairing
//! rule ([`crate::games::great_races::policy`]), counted as it goes.
//!
//! Counters: `rolls` counts the player's rolls (one a turn) and `busts` the rolls with no open
//! track among their sums (the turn passes); the stop table's row `roll = 0` counts turns.
//!
//! A matchup with a `race-points` seat at a table of one or two plays its games two at a time,
//! a roll of one and then a roll of the other ([`play_races`]): each roll's choice hangs on the
//! one before it in its game (the cubes it moved) and on nothing in the other, so the processor
//! works on both games' rolls at once. Every game has its own dice and policy streams, and the
//! counters are integer sums, the same whatever order the games end in.

use super::choices::RaceChoices;
use super::gain_rows::GainRows;
use super::players::RacePlayers;
use super::points_pick::{pass_turn, points_pick, Pick};
use crate::columns::{Game, Rules};
use crate::counters::MatchupStats;
use crate::engine::deal::{game_streams, seating};
use crate::engine::dice_source::{DiceSource, RngDice};
use crate::engine::play::count_game;
use rand_core::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays games `lo..hi` of a matchup of the `players` (slot order) under `rules` into counters,
/// two at a time when a seat plays `race-points` from the gain rows: game `i` with its own dice
/// and policy streams and its seating.
pub fn play_races(
    rules: &Rules,
    players: &RacePlayers,
    seed: u64,
    key: u64,
    lo: u64,
    hi: u64,
) -> MatchupStats {
    let n = rules.players as usize;
    let mut stats = MatchupStats::default();
    let mut next = lo;
    // The gain rows of a new game, worked out once.
    let rows = players.gain_rows(&Game::new().board);
    // Game `next` set up, and `next` moved on; none past the last.
    let mut deal = || {
        (next < hi).then(|| {
            let (dice, rng) = game_streams(seed, key, next).generators();
            let seats = seating(next, n);
            next += 1;
            Race::new(&seats[..n], Game::new(), rows, RngDice(dice), rng)
        })
    };
    // Two at a time when a `race-points` seat plays from the rows; the other rules' rolls
    // branch on the dice, and are played one game after another (two at a time, slower).
    let width = if rows.is_some() { 2 } else { 1 };
    let mut games: [Option<Race<RngDice<Xoshiro256PlusPlus>, Xoshiro256PlusPlus>>; 2] =
        [None, None];
    for game in &mut games[..width] {
        *game = deal();
    }
    while games.iter().any(Option::is_some) {
        for game in &mut games[..width] {
            if let Some(race) = game {
                if !race.roll(rules, players, &mut stats) {
                    race.count(rules, &mut stats);
                    *game = deal();
                }
            }
        }
    }
    stats
}

/// A game still running after this many turns in all is abandoned and counted as unfinished.
pub const MAX_RACE_TURNS: u32 = 100_000;

/// Plays one game of The Great Races. `players` plays slot `k` by its rule `k`;
/// `slot_of_seat[s]` is the slot in seat `s`. Dice come from `dice`; `random` draws from `rng`.
/// Returns the final game (unfinished if a scripted dice source ran out).
pub fn play_race<D: DiceSource, R: RngCore>(
    rules: &Rules,
    players: &RacePlayers,
    slot_of_seat: &[usize],
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
) -> Game {
    let start = Game::new();
    play_race_from(rules, players, slot_of_seat, start, dice, rng, stats)
}

/// Plays `game` on to its end from where it stands (the player to move rolls next), as
/// [`play_race`] plays one from the start. Counters count the rest of the game; the turns
/// counted are the game's, from its start. A `race-points` seat at a table of one or two lists
/// and scores a roll's choices in one pass ([`points_pick`]); the others' come from
/// [`RaceChoices`] (the lists of [`Game::choices`]) and the rule's pick from
/// [`RacePlayers::choose`]; both are the pick of [`super::policy::RaceRule::choose`].
pub fn play_race_from<D: DiceSource, R: RngCore>(
    rules: &Rules,
    players: &RacePlayers,
    slot_of_seat: &[usize],
    game: Game,
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
) -> Game {
    let rows = players.gain_rows(&game.board);
    let mut race = Race::new(slot_of_seat, game, rows, dice, rng);
    while race.roll(rules, players, stats) {}
    race.count(rules, stats)
}

/// A game in play, a roll at a time, with its dice, its policy stream and what it counts.
struct Race<D, R> {
    game: Game,
    dice: D,
    rng: R,
    /// The slot in each seat (as many seats as players).
    slot_of_seat: [usize; 4],
    rolls: [u64; 4],
    busts: [u64; 4],
    /// Turns begun a seat (the stop table's row 0), added to the slots' counters at the end.
    begun: [u64; 4],
    /// Turns played in all.
    turns: u32,
    /// The board's gain rows, kept when a `race-points` seat reads them.
    rows: Option<GainRows>,
}

impl<D: DiceSource, R: RngCore> Race<D, R> {
    /// `game` to be played on, the slot in seat `s` being `slot_of_seat[s]`, with its gain rows
    /// when they are kept ([`RacePlayers::gain_rows`]).
    fn new(slot_of_seat: &[usize], game: Game, rows: Option<GainRows>, dice: D, rng: R) -> Self {
        let mut seats = [0; 4];
        for (seat, &slot) in seats.iter_mut().zip(slot_of_seat) {
            *seat = slot;
        }
        Race {
            rows,
            game,
            dice,
            rng,
            slot_of_seat: seats,
            rolls: [0; 4],
            busts: [0; 4],
            begun: [0; 4],
            turns: 0,
        }
    }

    /// Plays the next roll and its move; false, with nothing played, once the game is over,
    /// abandoned (after [`MAX_RACE_TURNS`] turns: counted unfinished in `stats`) or out of dice.
    #[inline(always)]
    fn roll(&mut self, rules: &Rules, players: &RacePlayers, stats: &mut MatchupStats) -> bool {
        let game = &mut self.game;
        if game.finished() {
            return false;
        }
        if self.turns >= MAX_RACE_TURNS {
            stats.unfinished += 1;
            return false;
        }
        let seat = game.to_move as usize & 3;
        let slot = self.slot_of_seat[seat];
        self.begun[seat] += 1;
        let Some(outcome) = self.dice.outcome() else {
            return false;
        };
        self.rolls[seat] += 1;
        let pick = match (players.points_values(slot), &self.rows) {
            (Some(values), Some(rows)) => points_pick(values, rules, game, rows, outcome),
            _ => {
                let choices = RaceChoices::of(rules, &game.board, game.to_move, outcome);
                let list = choices.as_slice();
                let pick = match list.len() {
                    0 => None,
                    1 => Some(0),
                    _ => Some(players.choose(slot, rules, game, &choices, &mut self.rng)),
                };
                pick.map(|i| Pick::new(rules, game, list[i], choices.steps(i)))
            }
        };
        match pick {
            Some(pick) => pick.play(rules, game, self.rows.as_mut()),
            None => {
                self.busts[seat] += 1;
                // No track closed, and the game was not over.
                pass_turn(rules, game);
            }
        }
        self.turns += 1;
        true
    }

    /// Adds what the game counted to `stats`; the game as it stands.
    fn count(&self, rules: &Rules, stats: &mut MatchupStats) -> Game {
        let n = rules.players as usize;
        let slot_of_seat = &self.slot_of_seat[..n];
        for (seat, &slot) in slot_of_seat.iter().enumerate() {
            let cell = stats.stop_cell(slot, 0, 0);
            cell.decisions += self.begun[seat];
            cell.busts += self.busts[seat];
        }
        count_game(
            rules,
            slot_of_seat,
            &self.game,
            &self.rolls,
            &self.busts,
            stats,
        );
        self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{ChoiceList, GameKind};
    use crate::games::great_races::policy::RaceRule;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// [`play_race_from`] as the rules and the pairing rules are written: the choices listed
    /// by [`Game::fill_choices`] and picked by [`RaceRule::choose`].
    fn play_reference(
        rules: &Rules,
        rules_of_slot: &[RaceRule],
        slot_of_seat: &[usize],
        dice: &mut RngDice<Xoshiro256PlusPlus>,
        rng: &mut Xoshiro256PlusPlus,
        stats: &mut MatchupStats,
    ) -> Game {
        let mut game = Game::new();
        let mut choices = ChoiceList::default();
        let (mut rolls, mut busts) = ([0u64; 4], [0u64; 4]);
        while !game.finished() {
            let seat = game.to_move as usize & 3;
            let slot = slot_of_seat[seat];
            stats.stop_cell(slot, 0, 0).decisions += 1;
            let roll = dice.roll().unwrap();
            rolls[seat] += 1;
            game.fill_choices(rules, roll, &mut choices);
            if choices.is_empty() {
                stats.stop_cell(slot, 0, 0).busts += 1;
                busts[seat] += 1;
                game.pass(rules);
            } else {
                let pick = if choices.len() == 1 {
                    0
                } else {
                    rules_of_slot[slot].choose(rules, &game, &choices, rng)
                };
                game.take(rules, &choices, pick);
            }
        }
        count_game(rules, slot_of_seat, &game, &rolls, &busts, stats);
        game
    }

    #[test]
    fn two_games_at_a_time_count_what_one_at_a_time_counts() {
        use RaceRule::*;
        for (players, field) in [
            (2, &[Points, Points][..]),
            (2, &[Points, Margin][..]),
            (1, &[Points][..]),
            (2, &[Progress, Margin][..]),
        ] {
            let rules = Rules::new(GameKind::GreatRaces, players);
            let fast = RacePlayers::new(&rules, field);
            // An odd count: one game plays on alone at the end.
            let (lo, hi) = (3, 160);
            let mut one = MatchupStats::default();
            for i in lo..hi {
                let (dice, mut rng) = game_streams(46, 7, i).generators();
                let seats = seating(i, players as usize);
                let seats = &seats[..players as usize];
                play_race(&rules, &fast, seats, &mut RngDice(dice), &mut rng, &mut one);
            }
            assert_eq!(play_races(&rules, &fast, 46, 7, lo, hi), one, "{field:?}");
        }
    }

    #[test]
    fn the_game_loop_plays_the_reference_games() {
        use RaceRule::*;
        for (players, field) in [
            (2, [Points, Points, Points, Points]),
            (2, [Margin, Points, Points, Points]),
            (2, [Progress, Random, Points, Points]),
            (1, [Points, Points, Points, Points]),
            (1, [Margin, Points, Points, Points]),
            (3, [Points, Margin, Random, Points]),
            (4, [Margin, Points, Progress, Random]),
        ] {
            let rules = Rules::new(GameKind::GreatRaces, players);
            let field = &field[..players as usize];
            let fast_players = RacePlayers::new(&rules, field);
            let (mut fast, mut slow) = (MatchupStats::default(), MatchupStats::default());
            for i in 0..150 {
                let seats = seating(i, players as usize);
                let seats = &seats[..players as usize];
                let (dice, rng) = game_streams(46, players as u64, i).generators();
                let a = play_race(
                    &rules,
                    &fast_players,
                    seats,
                    &mut RngDice(dice.clone()),
                    &mut rng.clone(),
                    &mut fast,
                );
                let b = play_reference(
                    &rules,
                    field,
                    seats,
                    &mut RngDice(dice),
                    &mut rng.clone(),
                    &mut slow,
                );
                assert_eq!(a, b, "{players} players {field:?} game {i}");
            }
            assert_eq!(fast, slow, "{players} players {field:?}");
        }
    }
}
