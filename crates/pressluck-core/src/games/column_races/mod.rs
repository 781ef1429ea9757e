//! The Mother Road: Route 66 and Can't Stop, the press-your-luck column races: their rules and
//! board are [`crate::columns`], their policies [`crate::policy`], their fast play
//! [`crate::engine`], their records [`crate::columns::record`]; here, the family the runner
//! plays.

pub(crate) mod advice;
pub(crate) mod definition;
pub(crate) mod family;
pub(crate) mod odds;
pub(crate) mod options;
pub(crate) mod record;
pub(crate) mod search;
pub(crate) mod walk;

pub use advice::{advice_text, column_advice, ranking};
pub use definition::{column_rules_from, CantStop, Route66};
pub use family::ColumnFamily;
pub use family::ColumnSeats;
pub use odds::{column_odds, column_odds_views, ReachRow, SetRow, TrackRow};
pub use options::{after_use, column_options, use_options};
pub(crate) use record::in_file;
pub use record::DEFAULT_ADVISE_POLICIES;
pub use record::{column_advice_policies, ColumnRecord, HandPosition, PlayedColumns};
pub use search::{search_key, SearchTally, Searcher, SeatPolicy};
pub use walk::record_walk;

use super::catalogue::GameId;
use super::entry::{GameEntry, GameFlags};
use crate::columns::{GameKind, Layout};
use crate::policy::{PolicySpec, FAMILIES};
use definition::{column_variant_key, column_variant_name};

/// The column races' policy families for `pressluck policies`: the policy room's fixed rules
/// ([`FAMILIES`]), then the searching player.
pub const COLUMN_FAMILIES: [(&str, &str); FAMILIES.len() + 1] = with_search();

/// [`FAMILIES`] with the searching player's line after them.
const fn with_search() -> [(&'static str, &'static str); FAMILIES.len() + 1] {
    let mut out = [SEARCH_FAMILY; FAMILIES.len() + 1];
    let mut i = 0;
    while i < FAMILIES.len() {
        out[i] = FAMILIES[i];
        i += 1;
    }
    out
}

/// The searching player's line in `pressluck policies`.
const SEARCH_FAMILY: (&str, &str) = (
    "rollout:BASE[,n=N][,z=Z]",
    "the searching player: at each roll-on-or-stop and each use of a roll with two options or more, play the game on up to N times (default 100) from every option with BASE (any policy spec or strategy of the game) in every seat, the same dice for every option, and take an option over BASE's own only when it wins more by over Z standard deviations of the paired difference (default 2; z=0: the most wins, ties to BASE's; alone: turns to finish); a stop that wins at once is taken unsearched (docs/search.md)",
);

/// The column races' policy specs' canonical names.
fn spec_name(text: &str) -> Result<String, String> {
    PolicySpec::parse(text).map(|s| s.name)
}

/// The board file of the built-in board `name`, titled `title`.
pub fn board_file(name: &'static str, title: &str, layout: Layout) -> (&'static str, String) {
    (name, layout.to_toml(&format!("{name}: {title}")))
}

/// The Mother Road: Route 66 in the catalogue.
pub const ROUTE66: GameEntry = GameEntry {
    id: GameId::Route66,
    name: "route66",
    title: "The Mother Road: Route 66",
    policy_families: &COLUMN_FAMILIES,
    default_policies: family::DEFAULT_POLICIES,
    spec_name,
    column_kind: Some(GameKind::Route66),
    flags: GameFlags {
        edition: true,
        columns_to_win: false,
        board: true,
        deck: false,
    },
    builtin_board: "route66",
    board_files: || {
        vec![
            board_file("route66", "The Mother Road: Route 66, English edition (our reading; --game route66)", Layout::route66_en()),
            board_file(
                "route66-de",
                "The Mother Road: Route 66, German edition (our reading: segment 2 scores 6/3, * spaces on the upper half; --game route66 --edition de)",
                Layout::route66_de(),
            ),
        ]
    },
    odds_views: &column_odds_views(true),
    variant_key: column_variant_key,
    variant_name: column_variant_name,
    // Alone too: it finishes in the fewest turns of the shipped players (17.96 against ev's
    // 18.35 over 4,000 games).
    strongest_player: |_| "tuned-route66-duel",
};

/// Can't Stop in the catalogue.
pub const CANT_STOP: GameEntry = GameEntry {
    id: GameId::CantStop,
    name: "cant-stop",
    title: "Can't Stop",
    policy_families: &COLUMN_FAMILIES,
    default_policies: family::DEFAULT_POLICIES,
    spec_name,
    column_kind: Some(GameKind::CantStop),
    flags: GameFlags {
        edition: false,
        columns_to_win: true,
        board: true,
        deck: false,
    },
    builtin_board: "cant-stop",
    board_files: || {
        vec![board_file(
            "cant-stop",
            "Can't Stop (--game cant-stop; points unused)",
            Layout::cant_stop(),
        )]
    },
    odds_views: &column_odds_views(true),
    variant_key: column_variant_key,
    variant_name: column_variant_name,
    strongest_player: |players| match players {
        1 => "tuned-cant-stop-solo",
        _ => "tuned-cant-stop-duel",
    },
};
