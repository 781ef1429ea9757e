//! Route 66 and Can't Stop as a tournament family: stopping policies ([`crate::policy`]),
//! played by the engine each matchup picks ([`crate::engine::Engine`]).

use crate::columns::Rules;
use crate::counters::MatchupStats;
use crate::engine::cpu::EngineRequest;
use crate::engine::Engine;
use crate::games::family::Family;
use crate::games::matchup::{Matchup, Named};
use crate::policy::{AnyPolicy, PolicySpec};

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

    fn identity(&self) -> String {
        self.rules.identity()
    }

    fn parse_spec(&self, text: &str) -> Result<PolicySpec, String> {
        PolicySpec::parse(text)
    }

    fn play(&self, m: &Matchup<PolicySpec>, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        let rules = &self.rules;
        let policies: Vec<AnyPolicy> = m.slots.iter().map(|s| s.build(rules)).collect();
        Engine::new(rules, policies, self.engine).play(rules, seed, key, lo, hi)
    }
}
