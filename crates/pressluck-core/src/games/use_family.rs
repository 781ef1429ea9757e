//! Work done with a game's [`Family`], whichever game it is ([`UseFamily`]): what
//! [`super::GameSetup::play_with`] hands a setup's family to, so every command that plays
//! games (tournament, sweep, tune, bench) is written once, generic over the family.

use super::family::Family;

/// Work to do with a game's family, whichever it is: a command that plays games (tournament,
/// sweep, tune, bench) implements it once, generic over the family.
pub trait UseFamily {
    /// What the work gives.
    type Output;

    /// Does the work with `family`.
    fn with<F: Family>(self, family: F) -> Self::Output;
}
