//! Route 66 and Can't Stop as a tournament family: stopping policies ([`crate::policy`]),
//! played by the engine each matchup picks ([`crate::engine::Engine`]).

use crate::columns::Rules;
use crate::counters::MatchupStats;
use crate::engine::deal::name_key;
use crate::engine::Engine;
use crate::policy::{AnyPolicy, PolicySpec};
use crate::sim::family::{fingerprint_of, Family};
use crate::sim::schedule::{Matchup, Named};

impl Named for PolicySpec {
    fn name(&self) -> &str {
        &self.name
    }
}

/// The default tournament field of the column races.
pub const DEFAULT_POLICIES: &str = "ev,fixed-risk:0.3,one-roll,rule28";

/// Route 66 or Can't Stop with its rules (edition, variants, board, players) fixed.
#[derive(Clone, Copy, Debug)]
pub struct ColumnFamily(pub Rules);

impl Family for ColumnFamily {
    type Spec = PolicySpec;

    fn game_name(&self) -> String {
        self.0.game.name().to_string()
    }

    fn players(&self) -> u8 {
        self.0.players
    }

    fn default_policies(&self) -> &'static str {
        DEFAULT_POLICIES
    }

    fn fingerprint(&self) -> String {
        fingerprint_of(&self.0)
    }

    fn parse_spec(&self, text: &str) -> Result<PolicySpec, String> {
        PolicySpec::parse(text)
    }

    fn play(&self, m: &Matchup<PolicySpec>, seed: u64, lo: u64, hi: u64) -> MatchupStats {
        let rules = &self.0;
        let policies: Vec<AnyPolicy> = m.slots.iter().map(|s| s.build(rules)).collect();
        Engine::new(rules, policies).play(rules, seed, name_key(&m.name()), lo, hi)
    }
}
