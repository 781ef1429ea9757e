//! Shortcut: the press-your-luck road race. A board of white main-road squares and grey
//! shortcut squares; each turn a car takes the main road (exact count), the shortcut (roll 1–3
//! and press on, 4–6 forfeits the turn) or a push of one square. Its optimal solitaire policy
//! ([`solver`]) and its two-player game ([`duel`]) are solved exactly by value iteration. See
//! docs/shortcut.md for the board and every rule reading.

pub mod board;
pub mod board_file;
pub mod duel;
pub mod engine;
pub mod family;
pub mod odds;
pub mod policy;
pub mod record;
pub mod rules;
pub mod setup;
pub mod solver;

pub use board::{Colour, ShortcutBoard, Square, SquareSet};
pub use duel::Duel;
pub use policy::{ShortcutPolicy, ShortcutSpec};
pub use rules::GAME_NAME;
pub use setup::ShortcutSetup;
pub use solver::Solution;

/// Shortcut in the catalogue.
pub const ENTRY: super::entry::GameEntry = super::entry::GameEntry {
    id: super::entry::GameId::Shortcut,
    name: GAME_NAME,
    title: "Shortcut",
    policy_families: &policy::SHORTCUT_FAMILIES,
    default_policies: policy::DEFAULT_SHORTCUT_POLICIES,
    spec_name: |text| ShortcutSpec::parse(text).map(|s| s.name),
    flags: super::entry::GameFlags {
        edition: false,
        columns_to_win: false,
        board: true,
        deck: false,
    },
    builtin_board: GAME_NAME,
    odds_views: &["press", "policy"],
};
