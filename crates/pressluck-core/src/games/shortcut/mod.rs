//! Shortcut: the press-your-luck road race. A board of white main-road squares and grey
//! shortcut squares; each turn a car takes the main road (exact count), the shortcut (roll 1–3
//! and press on, 4–6 forfeits the turn) or a push of one square. Its optimal solitaire policy
//! ([`solver`]) and its two-player game ([`duel`]) are solved exactly by value iteration. See
//! docs/shortcut.md for the board and every rule reading.

pub(crate) mod board;
pub(crate) mod board_file;
pub(crate) mod definition;
pub mod duel;
pub(crate) mod engine;
pub(crate) mod entry;
pub(crate) mod exact_advice;
pub(crate) mod family;
pub(crate) mod odds;
pub(crate) mod options;
pub(crate) mod played;
pub(crate) mod policy;
pub mod record;
pub(crate) mod rules;
pub(crate) mod setup;
pub mod solver;
pub(crate) mod table;
pub(crate) mod walk;

pub use board::ShortcutRules;
pub use board::{bit, squares, DEFAULT_BOARD};
pub use board::{Colour, ShortcutBoard, Square, SquareSet};
pub use definition::Shortcut;
pub use duel::Duel;
pub use engine::D6;
pub use engine::{play_from, play_game, RngD6, ScriptedD6, ShortcutGame};
pub use engine::{Next, ShortcutPosition};
pub use entry::ENTRY;
pub use exact_advice::{exact_advice, exact_text};
pub use family::ShortcutSeats;
pub use odds::{duel_rows, policy_rows, press_rows};
pub use odds::{DuelRow, PolicyRow, PressRow};
pub use options::{shortcut_options, turn_options};
pub use played::{ShortcutPlayed, NEEDS_ROLLOUTS};
pub use policy::Kind;
pub use policy::{Announce, Ctx};
pub use policy::{ShortcutPolicy, ShortcutSpec};
pub use rules::GAME_NAME;
pub use rules::{blocked, main_road, push_targets, shortcut_reach};
pub use setup::ShortcutSetup;
pub use solver::Solution;
pub use table::{position_line, ShortcutTable};
pub use walk::record_walk;
