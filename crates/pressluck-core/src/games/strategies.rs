//! Strategies as a game's policy lists see them: a name (or a strategy file) looked up to the
//! spec it stands for in a game ([`Strategies`], which the strategy book implements), and a spec
//! text read with them ([`parse_with_strategies`], [`parse_column_spec`]). The games read their
//! lists through this trait alone, so they sit below the book, which reads the catalogue.

use super::asked::{AskedSeat, SeatSpec};
use super::matchup::Named;
use crate::policy::PolicySpec;

/// Strategies known by name.
pub trait Strategies: Sync {
    /// The strategy `text` names for `game` (its name, or a strategy file's path): its name and
    /// the canonical spec it stands for there; `None` when `text` names no strategy; an error
    /// when it names one that cannot play `game`.
    fn strategy(&self, game: &str, text: &str) -> Result<Option<(String, String)>, String>;

    /// The asked seat `text` names for `game` (a bot's strategy file or name, or the quick
    /// form `bot:PROGRAM [ARG…]`); `None` when it names none; an error when it names one that
    /// cannot play `game`. None by default.
    fn asked(&self, game: &str, text: &str) -> Result<Option<AskedSeat>, String> {
        let _ = (game, text);
        Ok(None)
    }
}

/// Parses `text` in `game`: a bot of `book` as its asked seat; a strategy of `book` (its name
/// or file) as the spec it plays there read by `parse`, under the strategy's name; anything
/// else as `parse` reads it.
pub fn parse_with_strategies<S: Named + SeatSpec>(
    book: &dyn Strategies,
    game: &str,
    text: &str,
    parse: impl Fn(&str) -> Result<S, String>,
) -> Result<S, String> {
    if let Some(seat) = book.asked(game, text)? {
        return Ok(S::asked(seat));
    }
    match book.strategy(game, text)? {
        Some((name, spec)) => {
            let mut s = parse(&spec).map_err(|e| format!("strategy {name}: {e}"))?;
            s.rename(&name);
            Ok(s)
        }
        None => parse(text),
    }
}

/// Parses a Route 66 or Can't Stop spec of `game`, a strategy file's path or a strategy's name
/// known to `book`; a strategy plays under its own name, and a searching player's base
/// (`rollout:BASE`) may be any of these.
pub fn parse_column_spec(
    book: &dyn Strategies,
    game: &str,
    text: &str,
) -> Result<PolicySpec, String> {
    // A base player is a spec or a strategy, parsed with no base of its own: a search inside a
    // search is refused, and a strategy naming itself as base ends there.
    let base = |t: &str| column_spec_in(book, game, t, &PolicySpec::parse);
    column_spec_in(book, game, text, &base)
}

/// [`parse_column_spec`] with a searching player's base read by `base`.
fn column_spec_in(
    book: &dyn Strategies,
    game: &str,
    text: &str,
    base: &dyn Fn(&str) -> Result<PolicySpec, String>,
) -> Result<PolicySpec, String> {
    if let Some(seat) = book.asked(game, text)? {
        return Ok(PolicySpec::asked(seat));
    }
    match book.strategy(game, text)? {
        Some((name, spec)) => {
            let inner = PolicySpec::parse_with(&spec, base)?;
            Ok(PolicySpec {
                name,
                kind: inner.kind,
            })
        }
        None => PolicySpec::parse_with(text, base),
    }
}
