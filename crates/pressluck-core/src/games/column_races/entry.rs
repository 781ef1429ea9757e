//! Route 66 and Can't Stop in the catalogue ([`ROUTE66`], [`CANT_STOP`]): names, policy families
//! (the policy room's fixed rules and the searching player), flags, built-in boards, odds views.

use super::family::DEFAULT_POLICIES;
use super::odds::column_odds_views;
use crate::columns::{GameKind, Layout, Variant};
use crate::games::entry::{variant_word, GameEntry, GameFlags};
use crate::policy::{PolicySpec, FAMILIES};

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
    name: "route66",
    title: "The Mother Road: Route 66",
    policy_families: &COLUMN_FAMILIES,
    default_policies: DEFAULT_POLICIES,
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
    variants: &["leisurely", "leisurely:10", "faster-gear"],
    variant_key: column_variant_key,
    variant_name: column_variant_name,
    // The strongest tuned player at every table size (`scripts/tuned.sh strongest`,
    // results/strongest-route66.csv): alone it finishes in the fewest turns (17.32 against
    // tuned-route66-3p's 17.57 and tuned-route66-duel's 17.97), at 2 players it beats both
    // (51.8% against the duel player, 50.4% against tuned-route66-3p), and at 3 and 4 it wins
    // at least as often as tuned-route66-3p at every table and more than the duel player.
    strongest_player: |_| "tuned-route66-4p",
};

/// Can't Stop in the catalogue.
pub const CANT_STOP: GameEntry = GameEntry {
    name: "cant-stop",
    title: "Can't Stop",
    policy_families: &COLUMN_FAMILIES,
    default_policies: DEFAULT_POLICIES,
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
    variants: &["jump"],
    variant_key: column_variant_key,
    variant_name: column_variant_name,
    // The strongest tuned player at every table size (`scripts/tuned.sh strongest`,
    // results/strongest-cant-stop.csv): alone it finishes in fewer turns than the solitaire
    // player (7.75 against 7.82), at 2 players it beats the duel player 51.5%, and at 3 and 4
    // it wins the most at every table of them.
    strongest_player: |_| "tuned-cant-stop-3p",
};

/// What a column race's `--variant` text changes: the rule it sets (`1`, `leisurely` and
/// `leisurely:10` all set the leisurely rule), else the text before any `:`.
pub fn column_variant_key(text: &str) -> String {
    match text.parse::<Variant>() {
        Ok(v) => v.rule().to_string(),
        Err(_) => variant_word(text),
    }
}

/// A column race's `--variant` text by its canonical name (`1` is `leisurely`).
pub fn column_variant_name(text: &str) -> String {
    match text.parse::<Variant>() {
        Ok(v) => v.name().to_string(),
        Err(_) => text.to_string(),
    }
}
