//! The Great Races as a tournament family: its policies are pairing rules
//! ([`crate::games::great_races::policy`]), played by [`crate::games::great_races::play`].

use crate::columns::Game;
use crate::columns::Rules;
use crate::counters::MatchupStats;
use crate::engine::dice_source::RngDice;
use crate::games::family::{one_a_seat, Family, PlayedOut, SEAT_ORDER};
use crate::games::great_races::entry::ENTRY;
use crate::games::great_races::play::{play_race_from, play_races};
use crate::games::great_races::players::RacePlayers;
use crate::games::great_races::policy::{RaceRule, RaceSpec, DEFAULT_RACE_POLICIES};
use crate::games::great_races::table::RaceTable;
use crate::games::matchup::{Matchup, Named};
use rand_core::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;

impl Named for RaceSpec {
    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: &str) {
        self.name = name.to_string();
    }

    fn definition(&self) -> String {
        match &self.asked {
            Some(seat) => seat.definition(),
            None => self.rule.name().to_string(),
        }
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

    fn strongest_player(&self) -> &'static str {
        (ENTRY.strongest_player)(self.0.players)
    }

    fn identity(&self) -> String {
        self.0.identity()
    }

    fn parse_spec(&self, text: &str) -> Result<RaceSpec, String> {
        RaceSpec::parse(text)
    }

    fn play(&self, m: &Matchup<RaceSpec>, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        if m.slots.iter().any(|s| s.asked.is_some()) {
            return RaceTable::new(&self.0, &m.slots).play(seed, key, lo, hi);
        }
        let rules_of_slot: Vec<RaceRule> = m.slots.iter().map(|s| s.rule).collect();
        play_races(
            &self.0,
            &RacePlayers::new(&self.0, &rules_of_slot),
            seed,
            key,
            lo,
            hi,
        )
    }

    /// The game, the player to move about to roll (a turn is one roll and one pairing).
    type Position = Game;
    type Seats = RaceSeats;

    fn seats(&self, specs: &[RaceSpec]) -> Result<RaceSeats, String> {
        let specs = one_a_seat(specs, self.0.players)?;
        let rules: Vec<RaceRule> = specs.iter().map(|s| s.rule).collect();
        let table = specs
            .iter()
            .any(|s| s.asked.is_some())
            .then(|| RaceTable::new(&self.0, &specs));
        Ok(RaceSeats {
            players: RacePlayers::new(&self.0, &rules),
            stats: Box::default(),
            table,
        })
    }

    fn to_move(&self, position: &Game) -> Option<u8> {
        (!position.finished()).then_some(position.to_move)
    }

    fn turns_taken(&self, position: &Game, seat: u8) -> u32 {
        position.turns[seat as usize & 3]
    }

    fn play_out(
        &self,
        seats: &mut RaceSeats,
        position: &Game,
        dice: Xoshiro256PlusPlus,
        mut rng: Xoshiro256PlusPlus,
    ) -> PlayedOut {
        let n = self.0.players as usize;
        if let Some(table) = &seats.table {
            let seats_seed = rng.clone().next_u64();
            let mut dice = RngDice(dice);
            let end = table.play_out(*position, &mut dice, &mut rng, &mut seats.stats, seats_seed);
            // A seat that could not answer: no winner (the run reports the fault).
            let game = end.unwrap_or(*position);
            return PlayedOut {
                winner: end.and(game.winner),
                turns: game.turns,
            };
        }
        let game = play_race_from(
            &self.0,
            &seats.players,
            &SEAT_ORDER[..n],
            *position,
            &mut RngDice(dice),
            &mut rng,
            &mut seats.stats,
        );
        PlayedOut {
            winner: game.winner,
            turns: game.turns,
        }
    }

    fn play_one(
        &self,
        specs: &[RaceSpec],
        seed: u64,
        sink: &mut dyn crate::games::asked::TableSink,
    ) -> Result<bool, String> {
        let specs = one_a_seat(specs, self.0.players)?;
        Ok(RaceTable::new(&self.0, &specs)
            .play_one(seed, sink)
            .is_some())
    }
}

/// The Great Races' seats for games played on from a position: a pairing rule a seat (with the
/// track values it reads, worked out once for every game played on) and the counters their
/// games go into, unread.
#[derive(Clone, Debug)]
pub struct RaceSeats {
    players: RacePlayers,
    stats: Box<MatchupStats>,
    /// The table, when a seat is asked.
    table: Option<RaceTable>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::GameKind;
    use crate::games::family::matchup_key;

    #[test]
    fn split_or_whole_the_same_counters_and_every_game_ends() {
        let fam = RacesFamily(Rules::new(GameKind::GreatRaces, 3));
        let m = Matchup {
            slots: ["race-margin", "random", "race-points"]
                .map(|s| fam.parse_spec(s).unwrap())
                .to_vec(),
        };
        let one = fam.play(&m, 3, matchup_key(&m), 0, 3000);
        let mut split = fam.play(&m, 3, matchup_key(&m), 0, 1000);
        split += &fam.play(&m, 3, matchup_key(&m), 1000, 3000);
        assert_eq!(one, split);
        let games: u64 = (0..3).map(|s| one.slot_total(s).games).sum();
        let wins: u64 = (0..3).map(|s| one.slot_total(s).wins).sum();
        assert_eq!((games, wins, one.unfinished), (9000, 3000, 0));
    }
}
