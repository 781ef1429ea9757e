//! Shortcut as a tournament family: its policy specs ([`crate::games::shortcut::policy`]) and its game
//! loop ([`crate::games::shortcut::engine`]), game `i` with its own dice and seating.

use crate::counters::MatchupStats;
use crate::engine::deal::{game_streams, generator, seating};
use crate::games::family::{one_a_seat, Family, PlayedOut, SEAT_ORDER};
use crate::games::matchup::{Matchup, Named};
use crate::games::shortcut::engine::{play_from, play_game, RngD6, ShortcutPosition};
use crate::games::shortcut::entry::ENTRY;
use crate::games::shortcut::policy::{
    Kind, ShortcutPolicy, ShortcutSpec, DEFAULT_SHORTCUT_POLICIES,
};
use crate::games::shortcut::rules::GAME_NAME;
use crate::games::shortcut::setup::ShortcutSetup;
use crate::games::shortcut::table::ShortcutTable;
use rand_core::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;

impl Named for ShortcutSpec {
    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: &str) {
        self.name = name.to_string();
    }

    fn definition(&self) -> String {
        self.spec_text()
    }
}

/// The Shortcut family with its board and seats fixed.
#[derive(Clone, Debug)]
pub struct ShortcutFamily(pub ShortcutSetup);

impl Family for ShortcutFamily {
    type Spec = ShortcutSpec;

    fn game_name(&self) -> String {
        GAME_NAME.to_string()
    }

    fn players(&self) -> u8 {
        self.0.players
    }

    fn default_policies(&self) -> &'static str {
        DEFAULT_SHORTCUT_POLICIES
    }

    fn strongest_player(&self) -> &'static str {
        (ENTRY.strongest_player)(self.0.players)
    }

    fn identity(&self) -> String {
        self.0.identity()
    }

    /// Parses a spec; `optimal` solves the board here (once per setup: the two-player game at
    /// two seats, the solitaire one otherwise), so a board whose value iteration fails is
    /// reported before any game is played.
    fn parse_spec(&self, text: &str) -> Result<ShortcutSpec, String> {
        let spec = ShortcutSpec::parse(text)?;
        if spec.kind == Kind::Optimal {
            ShortcutPolicy::for_setup(&spec, &self.0).map_err(|e| format!("optimal: {e}"))?;
        }
        Ok(spec)
    }

    fn play(
        &self,
        m: &Matchup<ShortcutSpec>,
        seed: u64,
        key: u64,
        lo: u64,
        hi: u64,
    ) -> MatchupStats {
        let setup = &self.0;
        if m.slots.iter().any(|s| s.asked.is_some()) {
            return ShortcutTable::new(setup, &m.slots)
                .expect("an optimal spec is solved when it is parsed")
                .play(seed, key, lo, hi);
        }
        let policies: Vec<ShortcutPolicy> = m
            .slots
            .iter()
            .map(|s| {
                ShortcutPolicy::for_setup(s, setup)
                    .expect("an optimal spec is solved when it is parsed")
            })
            .collect();
        let players = setup.players as usize;
        let mut stats = MatchupStats::default();
        for i in lo..hi {
            let dice = generator(game_streams(seed, key, i).dice);
            let seats = seating(i, players);
            play_game(
                &setup.board,
                setup.players,
                &policies,
                &seats[..players],
                &mut RngD6(dice),
                &mut stats,
            );
        }
        stats
    }

    type Position = ShortcutPosition;
    type Seats = ShortcutSeats;

    fn seats(&self, specs: &[ShortcutSpec]) -> Result<ShortcutSeats, String> {
        let specs = one_a_seat(specs, self.0.players)?;
        if specs.iter().any(|s| s.asked.is_some()) {
            return Ok(ShortcutSeats {
                policies: Vec::new(),
                stats: Box::default(),
                table: Some(ShortcutTable::new(&self.0, &specs)?),
            });
        }
        let policies = specs
            .iter()
            .map(|s| ShortcutPolicy::for_setup(s, &self.0).map_err(|e| format!("{}: {e}", s.name)))
            .collect::<Result<_, String>>()?;
        Ok(ShortcutSeats {
            policies,
            stats: Box::default(),
            table: None,
        })
    }

    fn to_move(&self, position: &ShortcutPosition) -> Option<u8> {
        let g = &position.game;
        g.winner.is_none().then_some(g.to_move)
    }

    fn turns_taken(&self, position: &ShortcutPosition, seat: u8) -> u32 {
        position.game.turns[seat as usize & 3]
    }

    fn play_out(
        &self,
        seats: &mut ShortcutSeats,
        position: &ShortcutPosition,
        dice: Xoshiro256PlusPlus,
        rng: Xoshiro256PlusPlus,
    ) -> PlayedOut {
        let n = self.0.players as usize;
        if let Some(table) = &seats.table {
            let seats_seed = rng.clone().next_u64();
            let mut dice = RngD6(dice);
            let end = table.play_out(*position, &mut dice, &mut seats.stats, seats_seed);
            // A seat that could not answer: no winner (the run reports the fault).
            let game = end.unwrap_or(position.game);
            return PlayedOut {
                winner: end.and(game.winner),
                turns: game.turns,
            };
        }
        let game = play_from(
            &self.0.board,
            *position,
            &seats.policies,
            &SEAT_ORDER[..n],
            &mut RngD6(dice),
            &mut seats.stats,
        );
        PlayedOut {
            winner: game.winner,
            turns: game.turns,
        }
    }

    fn play_one(
        &self,
        specs: &[ShortcutSpec],
        seed: u64,
        sink: &mut dyn crate::games::asked::TableSink,
    ) -> Result<bool, String> {
        let specs = one_a_seat(specs, self.0.players)?;
        let table = ShortcutTable::new(&self.0, &specs)?;
        Ok(table.play_one(seed, sink).is_some())
    }
}

/// Shortcut's seats for games played on from a position: a policy a seat and the counters
/// their games go into, unread.
#[derive(Clone, Debug)]
pub struct ShortcutSeats {
    policies: Vec<ShortcutPolicy>,
    stats: Box<MatchupStats>,
    /// The table, when a seat is asked.
    table: Option<ShortcutTable>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::family::matchup_key;
    use crate::games::shortcut::board::ShortcutBoard;

    #[test]
    fn split_or_whole_the_same_counters() {
        let fam = ShortcutFamily(ShortcutSetup::new(ShortcutBoard::default_board(), 2));
        let m = Matchup {
            slots: vec![
                fam.parse_spec("optimal").unwrap(),
                fam.parse_spec("threshold:6").unwrap(),
            ],
        };
        let one = fam.play(&m, 3, matchup_key(&m), 0, 5000);
        let mut split = fam.play(&m, 3, matchup_key(&m), 0, 1234);
        split += &fam.play(&m, 3, matchup_key(&m), 1234, 5000);
        assert_eq!(one, split);
        assert_eq!(one.slot_total(0).games + one.slot_total(1).games, 10_000);
        assert_eq!(one.slot_total(0).wins + one.slot_total(1).wins, 5000);
    }
}
