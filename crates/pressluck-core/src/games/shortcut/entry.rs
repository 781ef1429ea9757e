//! Shortcut in the catalogue ([`ENTRY`]).

use super::board::DEFAULT_BOARD;
use super::odds;
use super::policy::{self, ShortcutSpec};
use super::rules::GAME_NAME;

/// Shortcut in the catalogue.
pub const ENTRY: crate::games::entry::GameEntry = crate::games::entry::GameEntry {
    name: GAME_NAME,
    title: "Shortcut",
    policy_families: &policy::SHORTCUT_FAMILIES,
    default_policies: policy::DEFAULT_SHORTCUT_POLICIES,
    spec_name: |text| ShortcutSpec::parse(text).map(|s| s.name),
    column_kind: None,
    flags: crate::games::entry::GameFlags {
        edition: false,
        columns_to_win: false,
        board: true,
        deck: false,
    },
    builtin_board: GAME_NAME,
    board_files: || vec![(GAME_NAME, DEFAULT_BOARD.to_string())],
    odds_views: &odds::SHORTCUT_ODDS_VIEWS,
    variants: &[],
    variant_key: crate::games::entry::variant_word,
    variant_name: crate::games::entry::variant_word,
    strongest_player: |_| "optimal",
};
