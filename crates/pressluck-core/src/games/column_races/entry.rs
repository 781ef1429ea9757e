//! Route 66 and Can't Stop in the catalogue ([`ROUTE66`], [`CANT_STOP`]): names, policy families
//! (the policy room's fixed rules and the searching player), flags, built-in boards, odds views.

use super::family::DEFAULT_POLICIES;
use super::odds::column_odds_views;
use crate::columns::{GameKind, Layout, Rules, Variant};
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
    strongest_player: |players| strongest_as_written(GameKind::Route66, players),
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
    strongest_player: |players| strongest_as_written(GameKind::CantStop, players),
};

/// The strongest shipped player of a column race under `rules` (`scripts/tuned.sh strongest`,
/// results/strongest-*.csv, docs/tuning.md): the rollouts' default.
/// - Can't Stop, `jump` or not: `tuned-cant-stop-3p` at every table size. Alone it finishes
///   in fewer turns than the solitaire player (7.75 against 7.82); at 2 players it beats the
///   duel player 51.5%; at 3 and 4 it wins the most at every table of the tuned players. To more
///   columns (`--columns-to-win`, results/strongest-cant-stop-columns.csv) the duel player
///   wins more at 2 players (to 4: 50.5% [50.2, 50.8]; to 5: 52.9%) and to 5 at 3 players
///   (33.1% and 33.4% against 31.7% and 32.1%), and takes those tables; to 4 at 3 players
///   the two are level, and at 4 players and alone `tuned-cant-stop-3p` stays.
/// - Route 66 as written, either edition: `tuned-route66-4p`. Alone it finishes in the fewest
///   turns (17.32 against tuned-route66-3p's 17.57 and the duel player's 17.97); at 2 players it
///   beats the duel player 51.8% and tuned-route66-3p 50.4%; at 3 and 4 it wins at least as
///   often as tuned-route66-3p at every table and more than the duel player.
/// - Route 66's variants take the tuned players out of the game they were tuned for
///   (results/strongest-route66-variants.csv). Alone, under A Faster Gear or A More Leisurely
///   Drive, `ev` finishes first (18.97 turns against tuned-route66-4p's 19.92; leisurely 26.00
///   against the duel player's 32.33). At a table of the leisurely drive the duel player wins
///   most: at 2 players it beats tuned-route66-4p 60.4%, tuned-route66-3p 56.1% and ev 73.4%,
///   and it wins the most at every table of 3 and 4. At a table under A Faster Gear
///   tuned-route66-4p stays the strongest: it beats the duel player 51.4% and ev 70.0%, level
///   with tuned-route66-3p (50.2%). Read as ten segments (`leisurely:10`) the drive gives the
///   same: `ev` alone (21.17 turns against the duel player's 24.59), the duel player at 2
///   (54.0% against tuned-route66-4p). Both variants at once count as the leisurely drive.
///
/// `None` for The Great Races: its own family names its player (`great_races::entry`).
pub fn strongest_column_player(rules: &Rules) -> Option<&'static str> {
    let variants = rules.variants();
    let leisurely = variants
        .iter()
        .any(|v| matches!(v, Variant::Leisurely | Variant::LeisurelyTen));
    match rules.game {
        GameKind::CantStop
            if (rules.columns_to_win >= 4 && rules.players == 2)
                || (rules.columns_to_win >= 5 && rules.players == 3) =>
        {
            Some("tuned-cant-stop-duel")
        }
        GameKind::CantStop => Some("tuned-cant-stop-3p"),
        GameKind::Route66 if rules.players == 1 && (leisurely || rules.faster_gear) => Some("ev"),
        GameKind::Route66 if leisurely => Some("tuned-route66-duel"),
        GameKind::Route66 => Some("tuned-route66-4p"),
        GameKind::GreatRaces => None,
    }
}

/// [`strongest_column_player`] of Route 66 or Can't Stop as written, at `players` seats.
fn strongest_as_written(game: GameKind, players: u8) -> &'static str {
    strongest_column_player(&Rules::new(game, players)).unwrap_or("ev")
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::StrategyBook;

    #[test]
    fn the_strongest_player_follows_the_table_and_the_variants() {
        let rules = |game, players, variants: &[Variant]| {
            let mut r = Rules::new(game, players);
            for &v in variants {
                r.apply_variant(v).unwrap();
            }
            r
        };
        let book = StrategyBook::builtin();
        for players in 1..=4 {
            let r66 =
                |v: &[Variant]| strongest_column_player(&rules(GameKind::Route66, players, v));
            let alone = players == 1;
            assert_eq!(r66(&[]), Some("tuned-route66-4p"));
            let gear = if alone { "ev" } else { "tuned-route66-4p" };
            assert_eq!(r66(&[Variant::FasterGear]), Some(gear));
            let drive = if alone { "ev" } else { "tuned-route66-duel" };
            for v in [Variant::Leisurely, Variant::LeisurelyTen] {
                assert_eq!(r66(&[v]), Some(drive));
                assert_eq!(r66(&[v, Variant::FasterGear]), Some(drive));
            }
            for v in [&[][..], &[Variant::Jump]] {
                let mut cs = rules(GameKind::CantStop, players, v);
                assert_eq!(strongest_column_player(&cs), Some("tuned-cant-stop-3p"));
                let (duel, three) = ("tuned-cant-stop-duel", "tuned-cant-stop-3p");
                cs.columns_to_win = 4;
                let four = if players == 2 { duel } else { three };
                assert_eq!(strongest_column_player(&cs), Some(four));
                cs.columns_to_win = 5;
                let five = if (2..=3).contains(&players) {
                    duel
                } else {
                    three
                };
                assert_eq!(strongest_column_player(&cs), Some(five));
            }
            let races = Rules::new(GameKind::GreatRaces, players);
            assert_eq!(strongest_column_player(&races), None);
            for name in [r66(&[]), r66(&[Variant::Leisurely])].into_iter().flatten() {
                let known = matches!(book.strategy("route66", name), Ok(Some(_)))
                    || spec_name(name).is_ok();
                assert!(known, "{name}");
            }
        }
    }
}
