//! Treasure Hunt (Michael Roop, a fan game for the Green Box of Games): a card-driven race to
//! claim face-down symbol tiles along a serpentine path. The rules as implemented, with every
//! interpretation, are in `docs/treasure-hunt.md`.
//!
//! `deck` (cards and the default deck), `grid` (tiles and paths), `combos` (claim and steal
//! combinations), `rules` (settings and variants), `state` and `actions` (the position and the
//! checked actions), `rounds` (round scoring), `plan` and `policy` (the policies), `play`
//! (the game loop), `record` (replay records) and `odds` (exact claim odds).
//!
//! The position (`State`) is `Copy` and holds its cards, piles and tiles in fixed arrays, so the
//! engine loop allocates nothing per action. Randomness (shuffles, dice) enters only through the
//! `Chance` trait and the game's generator, so a replay record can script it exactly.

pub mod actions;
pub mod combos;
pub mod deck;
pub mod family;
pub mod grid;
pub mod odds;
pub mod plan;
pub mod play;
pub mod policy;
pub mod record;
pub mod rounds;
pub mod rules;
pub mod state;

pub use deck::{Card, Deck};
pub use rules::{ThRules, GAME_NAME};
pub use state::State;

/// Treasure Hunt in the catalogue.
pub const ENTRY: super::entry::GameEntry = super::entry::GameEntry {
    id: super::entry::GameId::TreasureHunt,
    name: GAME_NAME,
    title: "Treasure Hunt",
    policy_families: &policy::TREASURE_FAMILIES,
    default_policies: policy::DEFAULT_TREASURE_POLICIES,
    spec_name: |text| policy::ThSpec::parse(text).map(|s| s.name),
    flags: super::entry::GameFlags {
        edition: false,
        columns_to_win: false,
        board: false,
        deck: true,
    },
    builtin_board: "treasure-hunt-deck",
    odds_views: &["claims"],
};
