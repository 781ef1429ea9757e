//! A game whose policy lists may also name strategies ([`WithStrategies`]): a strategy's spec
//! parsed by the game, under the strategy's name; and a game set up, played with them
//! ([`GameSetup::play_with`]).

use super::catalogue::GameSetup;
use super::family::{Family, PlayedOut};
use super::matchup::Matchup;
use super::strategies::parse_with_strategies;
use super::use_family::UseFamily;
use crate::counters::MatchupStats;
use crate::engine::cpu::EngineRequest;
use crate::games::strategy_book::StrategyBook;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;

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

    fn strongest_player(&self) -> &'static str {
        self.family.strongest_player()
    }

    fn identity(&self) -> String {
        self.family.identity()
    }

    fn parse_spec(&self, text: &str) -> Result<F::Spec, String> {
        let (book, game) = (&*self.strategies, self.game_name());
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

    fn play_one(
        &self,
        specs: &[F::Spec],
        seed: u64,
        sink: &mut dyn crate::games::asked::TableSink,
    ) -> Result<bool, String> {
        self.family.play_one(specs, seed, sink)
    }
}

impl GameSetup {
    /// Does `work` with this game's family, its policy lists knowing the strategies of `book`,
    /// its column races played by the engine `engine` asks for.
    pub fn play_with<U: UseFamily>(
        self,
        book: Arc<StrategyBook>,
        engine: EngineRequest,
        work: U,
    ) -> U::Output {
        self.play_family(engine, Knowing { book, work })
    }
}

/// Work handed a family that knows the strategies of a book.
struct Knowing<U> {
    book: Arc<StrategyBook>,
    work: U,
}

impl<U: UseFamily> UseFamily for Knowing<U> {
    type Output = U::Output;

    fn with<F: Family>(self, family: F) -> U::Output {
        self.work.with(WithStrategies {
            family,
            strategies: self.book,
        })
    }
}
