//! The game families: each game's policy specs and the loop that plays its chunks.

pub mod columns;
pub mod races;
pub mod shortcut;
pub mod treasure_hunt;

pub use columns::ColumnFamily;
pub use races::RacesFamily;
pub use shortcut::ShortcutFamily;
pub use treasure_hunt::TreasureFamily;

use super::family::Family;
use super::schedule::{Matchup, Named};
use crate::counters::MatchupStats;
use crate::policy::spec::StrategyBook;
use std::sync::Arc;

/// Parses `text` in `game`: a strategy of `book` (its name or file) as the spec it plays there
/// read by `parse`, under the strategy's name; anything else as `parse` reads it.
pub fn parse_with_strategies<S: Named>(
    book: &StrategyBook,
    game: &str,
    text: &str,
    parse: impl Fn(&str) -> Result<S, String>,
) -> Result<S, String> {
    match book.strategy(game, text)? {
        Some((name, spec)) => {
            let mut s = parse(&spec).map_err(|e| format!("strategy {name}: {e}"))?;
            s.rename(&name);
            Ok(s)
        }
        None => parse(text),
    }
}

/// A family whose policy lists may also name the strategies of a book (The Great Races,
/// Shortcut and Treasure Hunt; the column races hold their book themselves).
#[derive(Clone, Debug)]
pub struct WithStrategies<F> {
    /// The family.
    pub family: F,
    /// The strategies known by name.
    pub strategies: Arc<StrategyBook>,
}

impl<F: Family> Family for WithStrategies<F> {
    type Spec = F::Spec;

    fn game_name(&self) -> String {
        self.family.game_name()
    }

    fn players(&self) -> u8 {
        self.family.players()
    }

    fn default_policies(&self) -> &'static str {
        self.family.default_policies()
    }

    fn fingerprint(&self) -> String {
        self.family.fingerprint()
    }

    fn parse_spec(&self, text: &str) -> Result<F::Spec, String> {
        parse_with_strategies(&self.strategies, &self.game_name(), text, |t| {
            self.family.parse_spec(t)
        })
    }

    fn play(&self, m: &Matchup<F::Spec>, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        self.family.play(m, seed, key, lo, hi)
    }
}
