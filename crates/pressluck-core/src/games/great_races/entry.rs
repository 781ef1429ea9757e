//! The Great Races in the catalogue ([`ENTRY`]): names, pairing rules, flags, built-in board,
//! odds views (the column races').

use super::policy::{RaceSpec, DEFAULT_RACE_POLICIES, RACE_FAMILIES};
use crate::columns::GameKind;
use crate::games::column_races::entry::{column_variant_key, column_variant_name};
use crate::games::column_races::{board_file, column_odds_views};
use crate::games::entry::{GameEntry, GameFlags};

/// The Great Races in the catalogue.
pub const ENTRY: GameEntry = GameEntry {
    name: "great-races",
    title: "The Great Races",
    policy_families: &RACE_FAMILIES,
    default_policies: DEFAULT_RACE_POLICIES,
    spec_name: |text| RaceSpec::parse(text).map(|s| s.name),
    column_kind: Some(GameKind::GreatRaces),
    flags: GameFlags {
        edition: false,
        columns_to_win: false,
        board: true,
        deck: false,
    },
    builtin_board: "great-races",
    board_files: || {
        vec![board_file(
            "great-races",
            "The Great Races (the rulebook's board figure; our reading: shaded spaces on the upper half; --game great-races)",
            crate::columns::Layout::great_races(),
        )]
    },
    odds_views: &column_odds_views(false),
    variants: &[],
    variant_key: column_variant_key,
    variant_name: column_variant_name,
    // On the rulebook's board: race-progress beats race-margin 52.7% of 2-player games;
    // race-margin wins 35.1% of 3-player tables against race-progress's 33.0%, takes more than
    // its share at 4 (where race-progress takes least), and finishes alone in the fewest turns
    // with race-points (30.86 against race-progress's 31.61).
    strongest_player: |players| match players {
        2 => "race-progress",
        _ => "race-margin",
    },
};
