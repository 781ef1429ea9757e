//! A game whose policy lists may also name strategies: a strategy's spec parsed by the game,
//! under the strategy's name.

use super::family::{Family, PlayedOut};
use super::matchup::{Matchup, Named};
use crate::counters::MatchupStats;
use crate::games::strategy_book::StrategyBook;
use rand_xoshiro::Xoshiro256PlusPlus;
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

impl<F> WithStrategies<F> {
    /// `family` knowing the built-in strategies (the ones shipped in `strategies/`).
    pub fn builtin(family: F) -> WithStrategies<F> {
        WithStrategies {
            family,
            strategies: Arc::new(StrategyBook::builtin()),
        }
    }
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

    fn identity(&self) -> String {
        self.family.identity()
    }

    fn parse_spec(&self, text: &str) -> Result<F::Spec, String> {
        let (book, game) = (&self.strategies, self.game_name());
        // A base player is a spec or a strategy, parsed with no base of its own: a search
        // inside a search is refused, and a strategy naming itself as base ends there.
        let base = |t: &str| parse_with_strategies(book, &game, t, |b| self.family.parse_spec(b));
        parse_with_strategies(book, &game, text, |t| {
            self.family.parse_spec_within(t, &base)
        })
    }

    fn play(&self, m: &Matchup<F::Spec>, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        self.family.play(m, seed, key, lo, hi)
    }

    type Position = F::Position;
    type Seats = F::Seats;

    fn seats(&self, specs: &[F::Spec]) -> Result<F::Seats, String> {
        self.family.seats(specs)
    }

    fn to_move(&self, position: &F::Position) -> Option<u8> {
        self.family.to_move(position)
    }

    fn turns_taken(&self, position: &F::Position, seat: u8) -> u32 {
        self.family.turns_taken(position, seat)
    }

    fn play_out(
        &self,
        seats: &mut F::Seats,
        position: &F::Position,
        dice: Xoshiro256PlusPlus,
        rng: Xoshiro256PlusPlus,
    ) -> PlayedOut {
        self.family.play_out(seats, position, dice, rng)
    }
}
