//! `--format json`: every table a run writes as CSV can be written as JSON Lines instead — one
//! object per CSV row, its keys the CSV header's names in the same order, the same rows in the
//! same order, each column of one JSON type — and `--format` takes nothing else.

use crate::run::stdout_in;
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::Value;
use std::fmt;
use std::fs;

/// A JSON object with its keys in the order written.
struct Ordered(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Ordered {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Ordered, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Ordered;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Ordered, A::Error> {
                let mut out = Vec::new();
                while let Some(kv) = m.next_entry::<String, Value>()? {
                    out.push(kv);
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(V)
    }
}

/// The JSON type of a value, for the one-type-per-column check.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) | Value::Object(_) => "compound",
    }
}

/// Checks that `jsonl` holds the table `csv` holds: one object per row, the header's keys in
/// order, each value the CSV field (numbers equal as numbers, an empty field or a `-` marker
/// `null`), and one JSON type per column. Returns the rows' objects.
fn assert_same_table(what: &str, csv: &[u8], jsonl: &[u8]) -> Vec<Vec<(String, Value)>> {
    let mut r = csv::Reader::from_reader(csv);
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    let rows: Vec<Vec<String>> = r
        .records()
        .map(|rec| rec.unwrap().iter().map(String::from).collect())
        .collect();
    let text = std::str::from_utf8(jsonl).unwrap();
    assert!(text.is_empty() || text.ends_with('\n'), "{what}: last line");
    let objects: Vec<Vec<(String, Value)>> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<Ordered>(l)
                .unwrap_or_else(|e| panic!("{what}: {e}: {l}"))
                .0
        })
        .collect();
    assert!(!rows.is_empty(), "{what}: no rows to compare");
    assert_eq!(objects.len(), rows.len(), "{what}: rows");
    let mut kinds: Vec<Option<&'static str>> = vec![None; header.len()];
    for (i, (row, obj)) in rows.iter().zip(&objects).enumerate() {
        let keys: Vec<&str> = obj.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, header, "{what}: keys of row {i}");
        for (c, (field, (name, value))) in row.iter().zip(obj).enumerate() {
            let at = format!("{what}: row {i}, {name}: CSV '{field}', JSON {value}");
            match value {
                Value::Null => assert!(field.is_empty() || field == "-", "{at}"),
                Value::Bool(b) => assert_eq!(field, &b.to_string(), "{at}"),
                Value::String(s) => assert_eq!(field, s, "{at}"),
                Value::Number(n) => {
                    let csv_number: f64 = field.parse().unwrap_or_else(|_| panic!("{at}"));
                    assert_eq!(n.as_f64(), Some(csv_number), "{at}");
                    if let Some(whole) = n.as_u64() {
                        assert_eq!(field, &whole.to_string(), "{at}");
                    }
                }
                other => panic!("{at}: {other}"),
            }
            if !value.is_null() {
                let k = kind(value);
                assert_eq!(*kinds[c].get_or_insert(k), k, "{at}: the column's type");
            }
        }
    }
    objects
}

/// Checks the one convention for decimals of the JSON Lines `jsonl`: every number with a
/// decimal point has six decimals (the CSV's), and none is a negative zero.
fn assert_six_decimals(what: &str, jsonl: &[u8]) {
    let text = std::str::from_utf8(jsonl).unwrap();
    for line in text.lines() {
        for part in line.split("\":").skip(1) {
            let token = &part[..part.find([',', '}']).unwrap()];
            if token.starts_with('"') || !token.contains('.') {
                continue;
            }
            let decimals = token.len() - token.find('.').unwrap() - 1;
            assert_eq!(decimals, 6, "{what}: {token} in {line}");
            assert_ne!(token, "-0.000000", "{what}: {line}");
        }
    }
}

/// `args` with `extra` after them.
fn with(args: &[&'static str], extra: &[&'static str]) -> Vec<&'static str> {
    args.iter().chain(extra).copied().collect()
}

/// The field `name` of a row's object.
fn field<'a>(obj: &'a [(String, Value)], name: &str) -> &'a Value {
    &obj.iter().find(|(k, _)| k == name).unwrap().1
}

#[test]
fn tournament_and_stop_table_as_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "tournament",
        "--game",
        "cant-stop",
        "--policies",
        "ev,rule28,one-roll",
        "--games",
        "200",
        "--quiet",
    ];
    stdout_in(
        d,
        &with(&args, &["--out", "t.csv", "--stop-table", "stop.csv"]),
    );
    stdout_in(
        d,
        &with(
            &args,
            &[
                "--out",
                "t.jsonl",
                "--stop-table",
                "stop.jsonl",
                "--format",
                "json",
            ],
        ),
    );
    let read = |n: &str| fs::read(d.join(n)).unwrap();
    let rows = assert_same_table("tournament", &read("t.csv"), &read("t.jsonl"));
    assert_same_table("stop table", &read("stop.csv"), &read("stop.jsonl"));
    assert_six_decimals("tournament", &read("t.jsonl"));
    assert_six_decimals("stop table", &read("stop.jsonl"));
    // The provenance in every object; seat is text (`all`, `1`, `2`), figures are numbers.
    for obj in &rows {
        assert_eq!(field(obj, "game"), "cant-stop");
        assert_eq!(field(obj, "players"), 2);
        assert_eq!(field(obj, "seed"), 1);
        assert_eq!(field(obj, "status"), "complete");
        assert!(field(obj, "seat").is_string());
        assert!(field(obj, "win_rate").is_number());
    }
    let seats: Vec<&Value> = rows.iter().take(3).map(|o| field(o, "seat")).collect();
    assert_eq!(seats, ["all", "1", "2"]);
}

#[test]
fn json_lines_default_to_a_jsonl_name() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let base = [
        "--game",
        "cant-stop",
        "--games",
        "20",
        "--quiet",
        "--format",
    ];
    stdout_in(
        d,
        &with(
            &["tournament", "--policies", "ev,rule28"],
            &with(&base, &["json"]),
        ),
    );
    stdout_in(
        d,
        &with(
            &["sweep", "--policy", "rolls:{1..2}", "--against", "ev"],
            &with(&base, &["json"]),
        ),
    );
    for name in ["tournament.jsonl", "sweep.jsonl"] {
        let text = fs::read_to_string(d.join(name)).unwrap();
        assert!(
            text.starts_with("{\"game\":\"cant-stop\""),
            "{name}: {text}"
        );
    }
    assert!(!d.join("tournament.csv").exists());
    assert!(!d.join("sweep.csv").exists());
}

#[test]
fn sweep_as_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "sweep",
        "--game",
        "cant-stop",
        "--policy",
        "fixed-risk:{0.1..0.5 step 0.2}",
        "--against",
        "ev,rule28",
        "--games",
        "100",
        "--quiet",
    ];
    stdout_in(d, &with(&args, &["--out", "s.csv"]));
    stdout_in(d, &with(&args, &["--out", "s.jsonl", "--format", "json"]));
    let rows = assert_same_table(
        "sweep",
        &fs::read(d.join("s.csv")).unwrap(),
        &fs::read(d.join("s.jsonl")).unwrap(),
    );
    assert!(rows.iter().all(|o| field(o, "best").is_boolean()));
    assert!(rows.iter().all(|o| field(o, "parameter").is_string()));
    // The same convention for decimals as the tournament's.
    assert_six_decimals("sweep", &fs::read(d.join("s.jsonl")).unwrap());
}

#[test]
fn every_odds_view_as_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let views: [&[&str]; 8] = [
        &["odds"],
        &["odds", "--samples", "200", "--cars", "4,7,11"],
        &["odds", "--masks", "--samples", "20"],
        &["odds", "--view", "tracks"],
        &["odds", "--view", "reach", "--game", "cant-stop"],
        &["odds", "--game", "shortcut"],
        &["odds", "--game", "shortcut", "--view", "policy"],
        &["odds", "--game", "treasure-hunt", "--samples", "50"],
    ];
    for view in views {
        let csv = stdout_in(d, view);
        let json = stdout_in(d, &with(view, &["--format", "json"]));
        let rows = assert_same_table(&view.join(" "), &csv, &json);
        assert!(rows.iter().all(|o| field(o, "players").is_null()));
    }
}

#[test]
fn tune_as_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "tune",
        "--game",
        "cant-stop",
        "--policy",
        "fixed-risk:{0.1..0.6}",
        "--against",
        "ev",
        "--budget",
        "6",
        "--games",
        "50",
        "--validate",
        "100",
        "--quiet",
    ];
    stdout_in(d, &with(&args, &["--out", "t.csv"]));
    stdout_in(d, &with(&args, &["--out", "t.jsonl", "--format", "json"]));
    let rows = assert_same_table(
        "tune",
        &fs::read(d.join("t.csv")).unwrap(),
        &fs::read(d.join("t.jsonl")).unwrap(),
    );
    // The search is over every opponent at once: no opponent, null.
    assert!(field(&rows[0], "opponent").is_null());
    assert_eq!(field(rows.last().unwrap(), "opponent"), "ev");
    assert!(field(rows.last().unwrap(), "generation").is_null());
}

#[test]
fn merge_writes_json_lines_and_a_shard_refuses_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "tournament",
        "--game",
        "cant-stop",
        "--policies",
        "ev,rule28",
        "--games",
        "300",
        "--quiet",
    ];
    stdout_in(d, &with(&args, &["--shard", "1/2", "--out", "s1.csv"]));
    stdout_in(d, &with(&args, &["--shard", "2/2", "--out", "s2.csv"]));
    let merge = ["merge", "s1.csv", "s2.csv"];
    stdout_in(
        d,
        &with(&merge, &["--out", "m.csv", "--stop-table", "ms.csv"]),
    );
    stdout_in(
        d,
        &with(
            &merge,
            &[
                "--out",
                "m.jsonl",
                "--stop-table",
                "ms.jsonl",
                "--format",
                "json",
            ],
        ),
    );
    let read = |n: &str| fs::read(d.join(n)).unwrap();
    assert_same_table("merge", &read("m.csv"), &read("m.jsonl"));
    assert_same_table("merge stop table", &read("ms.csv"), &read("ms.jsonl"));

    // 300 games are one chunk, all in shard 1: shard 2 alone is a partial result of no games,
    // whose figures are empty fields in the CSV and null in JSON.
    let partial = ["merge", "s2.csv", "--allow-partial"];
    stdout_in(d, &with(&partial, &["--out", "p.csv"]));
    stdout_in(
        d,
        &with(&partial, &["--out", "p.jsonl", "--format", "json"]),
    );
    let rows = assert_same_table("partial merge", &read("p.csv"), &read("p.jsonl"));
    for obj in &rows {
        assert_eq!(field(obj, "status"), "partial");
        assert_eq!(field(obj, "games"), 0);
        assert!(field(obj, "win_rate").is_null());
        assert!(field(obj, "mean_turns").is_null());
    }

    let out = crate::pressluck_cmd()
        .current_dir(d)
        .args(with(
            &args,
            &["--shard", "1/2", "--out", "s3", "--format", "json"],
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: --format json: a shard"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!d.join("s3").exists());
}

#[test]
fn json_lines_are_the_same_bytes_on_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let runs: [&[&str]; 2] = [
        &[
            "tournament",
            "--game",
            "cant-stop",
            "--policies",
            "ev,rule28,one-roll",
            "--games",
            "300",
        ],
        &[
            "sweep",
            "--game",
            "route66",
            "--policy",
            "rolls:{1..3}",
            "--against",
            "ev",
            "--games",
            "200",
        ],
    ];
    for args in runs {
        let a = stdout_in(
            d,
            &with(
                args,
                &[
                    "--quiet",
                    "--format",
                    "json",
                    "--out",
                    "-",
                    "--threads",
                    "1",
                ],
            ),
        );
        let b = stdout_in(
            d,
            &with(
                args,
                &[
                    "--quiet",
                    "--format",
                    "json",
                    "--out",
                    "-",
                    "--threads",
                    "2",
                ],
            ),
        );
        assert!(!a.is_empty(), "{args:?}");
        assert_eq!(a, b, "{args:?}");
    }
}

#[test]
fn an_unknown_format_is_a_one_line_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let commands: [&[&str]; 5] = [
        &["tournament", "--games", "10"],
        &["sweep", "--policy", "rolls:{1..2}", "--games", "10"],
        &["odds"],
        &["tune", "--policy", "rolls:{1..4}", "--budget", "2"],
        &["merge", "missing.csv", "--out", "m.csv"],
    ];
    for args in commands {
        let out = crate::pressluck_cmd()
            .current_dir(d)
            .args(with(args, &["--format", "xml"]))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err, "error: --format: unknown format 'xml' (expected csv or json)\n",
            "{args:?}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert_eq!(fs::read_dir(d).unwrap().count(), 0, "files left behind");
}

#[test]
fn format_json_puts_json_on_standard_output_in_advise_replay_and_review_alike() {
    // In advise and replay --format json changes what standard output gets; so it does in
    // review without --out: the table as JSON Lines (the same bytes as --out -), not the text.
    let record = "examples/records/anna-decides.rec";
    let text = |args: &[&str]| String::from_utf8(crate::run::stdout_of(args)).unwrap();
    for args in [
        vec!["advise", record, "--format", "json"],
        vec!["replay", record, "--format", "json"],
    ] {
        let out = text(&args);
        assert!(
            serde_json::from_str::<Value>(&out).is_ok(),
            "{args:?}: {out}"
        );
    }
    let review = ["review", record, "--rollouts", "40", "--quiet"];
    let json = text(&with(&review, &["--format", "json"]));
    for line in json.lines() {
        let row: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {json}"));
        assert_eq!(row["record"], record, "{line}");
    }
    assert_eq!(
        json,
        text(&with(&review, &["--format", "json", "--out", "-"]))
    );
    // --format csv likewise; no --format: the text review.
    let csv = text(&with(&review, &["--format", "csv"]));
    assert!(
        csv.starts_with("game,players,rules,board,seed,status,"),
        "{csv}"
    );
    assert_eq!(csv, text(&with(&review, &["--out", "-"])));
    assert!(text(&review).starts_with("review of "));
    let help = text(&["review", "--help"]);
    let format = &help[help.find("--format").unwrap()..];
    assert!(
        format.contains("Without --out") && format.contains("standard output"),
        "{format}"
    );
}
