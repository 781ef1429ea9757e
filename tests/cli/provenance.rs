//! Every kind of CSV a run writes says what it is: the provenance columns `game,players,rules,
//! board,seed,status` open each row, and a figure of no games is an empty field, not 0.

use crate::run::{stdout_in, stdout_of, Table};
use std::fs;
use std::path::Path;

const PROVENANCE: [&str; 6] = ["game", "players", "rules", "board", "seed", "status"];

/// The table in `dir/name`, after checking that every row carries `want` in the provenance
/// columns.
fn table(dir: &Path, name: &str, want: [&str; 6]) -> Table {
    let t = Table::parse(&fs::read_to_string(dir.join(name)).unwrap());
    assert_eq!(t.header[..6], PROVENANCE, "{name}");
    assert!(!t.rows.is_empty(), "{name}");
    for row in &t.rows {
        assert_eq!(row[..6], want, "{name}");
    }
    t
}

/// The fields of a row with no games: every rate, mean and interval empty.
fn assert_empty(t: &Table, i: usize, fields: &[&str]) {
    for f in fields {
        assert_eq!(
            t.get(i, f),
            "",
            "{f} of a row with no games: {:?}",
            t.rows[i]
        );
    }
}

#[test]
fn tournament_and_stop_table() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // One game: the first policy sits in seat 1 only, so its seat-2 row has no games.
    stdout_in(
        dir,
        &[
            "tournament",
            "--game",
            "cant-stop",
            "--variant",
            "jump",
            "--policies",
            "one-roll,rule28",
            "--games",
            "1",
            "--seed",
            "4",
            "--quiet",
            "--out",
            "t.csv",
            "--stop-table",
            "s.csv",
        ],
    );
    let want = ["cant-stop", "2", "jump", "cant-stop", "4", "complete"];
    let t = table(dir, "t.csv", want);
    let i = t.one(&[("policy", "one-roll"), ("seat", "2")]);
    assert_eq!(t.get(i, "games"), "0");
    assert_empty(
        &t,
        i,
        &[
            "win_rate",
            "ci95_low",
            "ci95_high",
            "mean_score",
            "mean_turns",
            "sd_turns",
            "mean_rolls",
            "bust_rate",
            "sd_score",
        ],
    );
    let j = t.one(&[("policy", "one-roll"), ("seat", "1")]);
    assert_eq!(t.get(j, "games"), "1");
    assert!(!t.get(j, "win_rate").is_empty() && !t.get(j, "mean_turns").is_empty());
    let s = table(dir, "s.csv", want);
    // one-roll never rolls on after a decision: its bust rate there is no number.
    let k = s.find(&[("policy", "one-roll"), ("roll", "1")]);
    assert!(!k.is_empty());
    for i in k {
        assert_empty(&s, i, &["bust_rate"]);
    }
}

#[test]
fn sweep_and_merges_of_shards_with_no_games() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // 100 games make one chunk: shard 2 of 2 plays nothing, so a partial merge of it alone has
    // rows of no games.
    let sweep = [
        "sweep",
        "--game",
        "route66",
        "--edition",
        "de",
        "--policy",
        "fixed-risk:{0.2..0.3 step 0.1}",
        "--against",
        "one-roll",
        "--games",
        "100",
        "--seed",
        "8",
        "--quiet",
    ];
    stdout_in(dir, &[&sweep[..], &["--out", "w.csv"]].concat());
    let want = ["route66", "2", "de", "route66-de", "8", "complete"];
    let t = table(dir, "w.csv", want);
    assert_eq!(t.rows.len(), 2 * 2);
    stdout_in(
        dir,
        &[&sweep[..], &["--shard", "2/2", "--out", "w2.csv"]].concat(),
    );
    stdout_in(
        dir,
        &["merge", "w2.csv", "--allow-partial", "--out", "wm.csv"],
    );
    let t = table(
        dir,
        "wm.csv",
        ["route66", "2", "de", "route66-de", "8", "partial"],
    );
    for i in 0..t.rows.len() {
        assert_eq!(t.get(i, "games"), "0");
        assert_eq!(t.get(i, "best"), "false", "no point is best without games");
        assert_empty(
            &t,
            i,
            &[
                "win_rate",
                "ci95_low",
                "ci95_high",
                "mean_turns",
                "sd_turns",
                "se_turns",
            ],
        );
    }
    let tournament = [
        "tournament",
        "--game",
        "great-races",
        "--players",
        "3",
        "--games",
        "30",
        "--seed",
        "2",
        "--quiet",
    ];
    stdout_in(dir, &[&tournament[..], &["--out", "g.csv"]].concat());
    table(
        dir,
        "g.csv",
        [
            "great-races",
            "3",
            "standard",
            "great-races",
            "2",
            "complete",
        ],
    );
    stdout_in(
        dir,
        &[&tournament[..], &["--shard", "2/2", "--out", "g2.csv"]].concat(),
    );
    stdout_in(
        dir,
        &[
            "merge",
            "g2.csv",
            "--allow-partial",
            "--out",
            "gm.csv",
            "--stop-table",
            "gs.csv",
        ],
    );
    let want = [
        "great-races",
        "3",
        "standard",
        "great-races",
        "2",
        "partial",
    ];
    let t = table(dir, "gm.csv", want);
    for i in 0..t.rows.len() {
        assert_empty(&t, i, &["win_rate", "ci95_low", "mean_turns", "mean_rolls"]);
    }
    // A merged stop table with no games has no rows, only its header.
    let s = fs::read_to_string(dir.join("gs.csv")).unwrap();
    assert_eq!(s.lines().count(), 1, "{s}");
    assert!(s.starts_with("game,players,rules,board,seed,status,policy,"));
}

#[test]
fn every_odds_table() {
    for (args, want) in [
        (
            &["--game", "cant-stop"][..],
            ["cant-stop", "", "standard", "cant-stop", "", "complete"],
        ),
        (
            &[
                "--game",
                "cant-stop",
                "--samples",
                "100",
                "--seed",
                "6",
                "--cars",
                "6,7,8",
            ][..],
            ["cant-stop", "", "standard", "cant-stop", "6", "complete"],
        ),
        (
            &["--view", "tracks"][..],
            ["route66", "", "en", "route66", "", "complete"],
        ),
        (
            &["--view", "reach", "--edition", "de"][..],
            ["route66", "", "de", "route66-de", "", "complete"],
        ),
        (
            &["--game", "shortcut"][..],
            ["shortcut", "", "standard", "shortcut", "", "complete"],
        ),
        (
            &["--game", "treasure-hunt", "--variant", "hand-5"][..],
            [
                "treasure-hunt",
                "",
                "hand-5",
                "treasure-hunt-deck",
                "",
                "complete",
            ],
        ),
    ] {
        let text = String::from_utf8(stdout_of(&[&["odds"][..], args].concat())).unwrap();
        let t = Table::parse(&text);
        assert_eq!(t.header[..6], PROVENANCE, "{args:?}");
        for row in &t.rows {
            assert_eq!(row[..6], want, "{args:?}");
        }
    }
}
