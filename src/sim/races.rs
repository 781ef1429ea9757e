//! The Great Races as a tournament family: its policies are pairing rules
//! ([`crate::policy::race`]), and a turn is one roll and one pairing.
//!
//! Counters: `rolls` counts the player's rolls (one a turn) and `busts` the rolls with no open
//! track among their sums (the turn passes); the stop table's row `roll = 0` counts turns.

use super::dice_source::{name_key, DiceSource, RngDice};
use super::family::{fingerprint_of, Family};
use super::runner::{game_rngs, run_games};
use super::schedule::{seating, Matchup, Named};
use super::stats::MatchupStats;
use crate::columns::{ChoiceList, Game, Rules};
use crate::policy::race::{RaceRule, RaceSpec, DEFAULT_RACE_POLICIES};
use rand_core::RngCore;

impl Named for RaceSpec {
    fn name(&self) -> &str {
        &self.name
    }
}

/// The Great Races with its rules (board, players) fixed.
#[derive(Clone, Copy, Debug)]
pub struct RacesFamily(pub Rules);

impl Family for RacesFamily {
    type Spec = RaceSpec;

    fn game_name(&self) -> String {
        self.0.game.name().to_string()
    }

    fn players(&self) -> u8 {
        self.0.players
    }

    fn default_policies(&self) -> &'static str {
        DEFAULT_RACE_POLICIES
    }

    fn fingerprint(&self) -> String {
        fingerprint_of(&self.0)
    }

    fn parse_spec(&self, text: &str) -> Result<RaceSpec, String> {
        RaceSpec::parse(text)
    }

    fn run_matchup(
        &self,
        m: &Matchup<RaceSpec>,
        seed: u64,
        first: u64,
        count: u64,
        progress: &(dyn Fn(u64) + Sync),
    ) -> MatchupStats {
        let (rules, key) = (&self.0, name_key(&m.name()));
        let rulers: Vec<RaceRule> = m.slots.iter().map(|s| s.rule).collect();
        let players = rules.players as usize;
        run_games(
            first,
            count,
            progress,
            || (),
            |_, i, stats| {
                let (dice, mut rng) = game_rngs(seed, key, i);
                let seats = seating(i, players);
                play_race(
                    rules,
                    &rulers,
                    &seats[..players],
                    &mut RngDice(dice),
                    &mut rng,
                    stats,
                );
            },
        )
    }
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
    let mut game = Game::new();
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
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::GameKind;

    #[test]
    fn same_answer_on_one_thread_or_many_and_every_game_ends() {
        let fam = RacesFamily(Rules::new(GameKind::GreatRaces, 3));
        let m = Matchup {
            slots: ["race-margin", "random", "race-points"]
                .map(|s| fam.parse_spec(s).unwrap())
                .to_vec(),
        };
        let whole = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| fam.run_matchup(&m, 3, 0, 3000, &|_| {}))
        };
        let one = whole(1);
        assert_eq!(one, whole(2));
        let games: u64 = (0..3).map(|s| one.slot_total(s).games).sum();
        let wins: u64 = (0..3).map(|s| one.slot_total(s).wins).sum();
        assert_eq!((games, wins, one.unfinished), (9000, 3000, 0));
    }
}
