//! The Great Races' game loop: one roll a turn and one pairing, chosen by the seat's pairing
//! rule ([`crate::games::great_races::policy`]), counted as it goes.
//!
//! Counters: `rolls` counts the player's rolls (one a turn) and `busts` the rolls with no open
//! track among their sums (the turn passes); the stop table's row `roll = 0` counts turns.

use crate::columns::{ChoiceList, Game, Rules};
use crate::counters::MatchupStats;
use crate::engine::deal::{game_streams, seating};
use crate::engine::dice_source::{DiceSource, RngDice};
use crate::engine::play::count_game;
use crate::games::great_races::policy::RaceRule;
use rand_core::RngCore;

/// Plays games `lo..hi` of a matchup of the rules `rules_of_slot` (slot order) under `rules`,
/// one after another, into counters: game `i` with its own dice and policy streams and its
/// seating.
pub fn play_races(
    rules: &Rules,
    rules_of_slot: &[RaceRule],
    seed: u64,
    key: u64,
    lo: u64,
    hi: u64,
) -> MatchupStats {
    let players = rules.players as usize;
    let mut stats = MatchupStats::default();
    for i in lo..hi {
        let (dice, mut rng) = game_streams(seed, key, i).generators();
        let seats = seating(i, players);
        play_race(
            rules,
            rules_of_slot,
            &seats[..players],
            &mut RngDice(dice),
            &mut rng,
            &mut stats,
        );
    }
    stats
}

/// A game still running after this many turns in all is abandoned and counted as unfinished.
pub const MAX_RACE_TURNS: u32 = 100_000;

/// Plays one game of The Great Races. `rules_of_slot[k]` plays slot `k`; `slot_of_seat[s]` is
/// the slot in seat `s`. Dice come from `dice`; `random` draws from `rng`. Returns the final
/// game (unfinished if a scripted dice source ran out).
pub fn play_race<D: DiceSource, R: RngCore>(
    rules: &Rules,
    rules_of_slot: &[RaceRule],
    slot_of_seat: &[usize],
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
) -> Game {
    let start = Game::new();
    play_race_from(rules, rules_of_slot, slot_of_seat, start, dice, rng, stats)
}

/// Plays `game` on to its end from where it stands (the player to move rolls next), as
/// [`play_race`] plays one from the start. Counters count the rest of the game; the turns
/// counted are the game's, from its start.
pub fn play_race_from<D: DiceSource, R: RngCore>(
    rules: &Rules,
    rules_of_slot: &[RaceRule],
    slot_of_seat: &[usize],
    mut game: Game,
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
) -> Game {
    let mut choices = ChoiceList::default();
    let (mut rolls, mut busts, mut turns) = ([0u64; 4], [0u64; 4], 0u32);
    while !game.finished() {
        if turns >= MAX_RACE_TURNS {
            stats.unfinished += 1;
            break;
        }
        let seat = game.to_move as usize & 3;
        let slot = slot_of_seat[seat];
        stats.stop_cell(slot, 0, 0).decisions += 1;
        let Some(roll) = dice.roll() else { break };
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
        turns += 1;
    }
    count_game(rules, slot_of_seat, &game, &rolls, &busts, stats);
    game
}
