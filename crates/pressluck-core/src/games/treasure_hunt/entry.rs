//! Treasure Hunt in the catalogue ([`ENTRY`]).

use super::claims_table;
use super::deck::DEFAULT_DECK_TOML;
use super::policy;
use super::rules::GAME_NAME;

/// Treasure Hunt in the catalogue.
pub const ENTRY: crate::games::entry::GameEntry = crate::games::entry::GameEntry {
    name: GAME_NAME,
    title: "Treasure Hunt",
    policy_families: &policy::TREASURE_FAMILIES,
    default_policies: policy::DEFAULT_TREASURE_POLICIES,
    spec_name: |text| policy::ThSpec::parse(text).map(|s| s.name),
    column_kind: None,
    flags: crate::games::entry::GameFlags {
        edition: false,
        columns_to_win: false,
        board: false,
        deck: true,
    },
    builtin_board: "treasure-hunt-deck",
    board_files: || vec![("treasure-hunt-deck", DEFAULT_DECK_TOML.to_string())],
    odds_views: &[claims_table::CLAIMS_VIEW],
    variants: &[
        "hand-5",
        "two-dice",
        "solo-symbols",
        "rounds",
        "rounds:N",
        "row-limit:N",
        "row-limit-steals",
        "target:N",
        "turn-cap:N",
    ],
    variant_key: crate::games::entry::variant_word,
    variant_name: crate::games::entry::variant_word,
    strongest_player: |_| "thief",
};
