//! Route 66 and Can't Stop as a tournament family: stopping policies ([`crate::policy`]),
//! played by the engine each matchup picks ([`crate::engine::Engine`]); a matchup with a
//! searching seat ([`super::search`]) plays on the scalar engine.

use crate::columns::Rules;
use crate::counters::MatchupStats;
use crate::engine::cpu::{Avx2, EngineRequest};
use crate::engine::dice_source::RngDice;
use crate::engine::play::{play_from, play_scalar, players, ColumnPosition, Player};
use crate::engine::Engine;
use crate::games::asked::{SeatSpec, TableSink};
use crate::games::column_races::entry::strongest_column_player;
use crate::games::column_races::search::SeatPolicy;
use crate::games::column_races::table::ColumnTable;
use crate::games::family::{one_a_seat, Family, PlayedOut, SEAT_ORDER};
use crate::games::matchup::{Matchup, Named};
use crate::policy::{AnyPolicy, PolicySpec};
use rand_core::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;

impl Named for PolicySpec {
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

/// The default tournament field of the column races.
pub const DEFAULT_POLICIES: &str = "ev,fixed-risk:0.3,one-roll,rule28";

/// Route 66 or Can't Stop with its rules (edition, variants, board, players) fixed. Its policy
/// lists name built-in specs; wrapped in [`crate::games::WithStrategies`] they may name
/// strategies too.
#[derive(Clone, Debug)]
pub struct ColumnFamily {
    /// The rules.
    pub rules: Rules,
    /// Which engine plays (`PRESSLUCK_ENGINE`, read once with the settings); the same games
    /// either way, so it is no part of a run's identity.
    pub engine: EngineRequest,
}

impl ColumnFamily {
    /// The family of `rules`, on the fastest engine this CPU runs.
    pub fn new(rules: Rules) -> ColumnFamily {
        ColumnFamily::with_engine(rules, EngineRequest::Auto)
    }

    /// The family of `rules`, played by the engine `engine` asks for.
    pub fn with_engine(rules: Rules, engine: EngineRequest) -> ColumnFamily {
        ColumnFamily { rules, engine }
    }
}

impl Family for ColumnFamily {
    type Spec = PolicySpec;

    fn game_name(&self) -> String {
        self.rules.game.name().to_string()
    }

    fn players(&self) -> u8 {
        self.rules.players
    }

    fn default_policies(&self) -> &'static str {
        DEFAULT_POLICIES
    }

    /// The Great Races, played by its own family, is not asked here: `ev` plays it too.
    fn strongest_player(&self) -> &'static str {
        strongest_column_player(&self.rules).unwrap_or("ev")
    }

    fn identity(&self) -> String {
        self.rules.identity()
    }

    fn parse_spec(&self, text: &str) -> Result<PolicySpec, String> {
        PolicySpec::parse(text)
    }

    fn parse_spec_within(
        &self,
        text: &str,
        inner: &dyn Fn(&str) -> Result<PolicySpec, String>,
    ) -> Result<PolicySpec, String> {
        PolicySpec::parse_with(text, inner)
    }

    fn play(&self, m: &Matchup<PolicySpec>, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        let rules = &self.rules;
        if m.slots.iter().any(|s| s.asked_seat().is_some()) {
            let avx2 = Avx2::for_request(self.engine);
            return ColumnTable::new(rules, &m.slots, avx2).play(seed, key, lo, hi);
        }
        if m.slots.iter().any(|s| s.search().is_some()) {
            let avx2 = Avx2::for_request(self.engine);
            let policies: Vec<SeatPolicy> = m
                .slots
                .iter()
                .map(|s| SeatPolicy::build(s, rules, avx2))
                .collect();
            return play_scalar(rules, &policies, avx2, seed, key, lo, hi);
        }
        let policies: Vec<AnyPolicy> = m.slots.iter().map(|s| s.build(rules)).collect();
        Engine::new(rules, policies, self.engine).play(rules, seed, key, lo, hi)
    }

    type Position = ColumnPosition;
    type Seats = ColumnSeats;

    fn seats(&self, specs: &[PolicySpec]) -> Result<ColumnSeats, String> {
        let rules = &self.rules;
        let specs = one_a_seat(specs, rules.players)?;
        let avx2 = Avx2::for_request(self.engine);
        let lineup = if specs.iter().any(|s| s.asked_seat().is_some()) {
            Lineup::Table(Box::new(ColumnTable::new(rules, &specs, avx2)))
        } else if specs.iter().any(|s| s.search().is_some()) {
            let policies: Vec<SeatPolicy> = specs
                .iter()
                .map(|s| SeatPolicy::build(s, rules, avx2))
                .collect();
            Lineup::Searching(players(&policies, rules, avx2))
        } else {
            let policies: Vec<AnyPolicy> = specs.iter().map(|s| s.build(rules)).collect();
            Lineup::Rules(players(&policies, rules, avx2))
        };
        Ok(ColumnSeats {
            lineup,
            stats: Box::default(),
        })
    }

    fn to_move(&self, position: &ColumnPosition) -> Option<u8> {
        (!position.game.finished()).then_some(position.game.to_move)
    }

    fn turns_taken(&self, position: &ColumnPosition, seat: u8) -> u32 {
        position.game.turns[seat as usize & 3]
    }

    fn play_out(
        &self,
        seats: &mut ColumnSeats,
        position: &ColumnPosition,
        dice: Xoshiro256PlusPlus,
        mut rng: Xoshiro256PlusPlus,
    ) -> PlayedOut {
        let rules = &self.rules;
        let order = &SEAT_ORDER[..rules.players as usize];
        let mut dice = RngDice(dice);
        let stats = &mut seats.stats;
        let game = match &mut seats.lineup {
            Lineup::Rules(p) => play_from(rules, p, order, position, &mut dice, &mut rng, stats),
            Lineup::Searching(p) => {
                play_from(rules, p, order, position, &mut dice, &mut rng, stats)
            }
            Lineup::Table(t) => {
                let seats_seed = rng.clone().next_u64();
                match t.play_out(position, &mut dice, &mut rng, stats, seats_seed) {
                    Some(game) => game,
                    // A seat that could not answer: no winner (the run reports the fault).
                    None => position.game,
                }
            }
        };
        PlayedOut {
            winner: game.winner,
            turns: game.turns,
        }
    }

    fn play_one(
        &self,
        specs: &[PolicySpec],
        seed: u64,
        sink: &mut dyn TableSink,
    ) -> Result<bool, String> {
        let specs = one_a_seat(specs, self.rules.players)?;
        let avx2 = Avx2::for_request(self.engine);
        let mut table = ColumnTable::new(&self.rules, &specs, avx2);
        Ok(table.play_one(seed, sink).is_some())
    }
}

/// The column races' seats for games played on from a position: a player a seat (ranked on
/// the turn's shape where the engine may) and the counters their games go into, unread.
#[derive(Clone, Debug)]
pub struct ColumnSeats {
    lineup: Lineup,
    stats: Box<MatchupStats>,
}

/// The players of [`ColumnSeats`]: fixed rules only, played as the engine plays them, or with
/// a searching seat among them.
#[derive(Clone, Debug)]
enum Lineup {
    /// Every seat a fixed rule.
    Rules(Vec<Player<AnyPolicy>>),
    /// A searching seat among them.
    Searching(Vec<Player<SeatPolicy>>),
    /// An asked seat among them: played at the table.
    Table(Box<ColumnTable>),
}
