//! The bench command as a user runs it: the JSON object's fields (those issue 5 names, and the
//! repeat's spread), the same games whatever the thread count, and the text form.

use crate::run::{json_of, stdout_of};
use serde_json::Value;

fn bench_json(extra: &[&str]) -> Value {
    json_of(&[&["bench", "--json", "--seed", "5"][..], extra].concat())
}

#[test]
fn json_names_the_speed_memory_and_spread_of_repeated_runs() {
    let v = bench_json(&["--game", "cant-stop", "--games", "400", "--repeat", "3"]);
    for key in [
        "games_per_sec",
        "rolls_per_sec",
        "ns_per_roll",
        "threads",
        "peak_rss_mb",
    ] {
        assert!(v[key].as_f64().is_some_and(|x| x > 0.0), "{key}: {v}");
    }
    assert_eq!(v["repeat"], 3);
    assert_eq!(v["games"], 400);
    let (lo, mid, hi) = (
        v["seconds_min"].as_f64().unwrap(),
        v["seconds"].as_f64().unwrap(),
        v["seconds_max"].as_f64().unwrap(),
    );
    assert!(lo <= mid && mid <= hi, "{v}");
    let games_per_sec = v["games_per_sec"].as_f64().unwrap();
    assert!((games_per_sec * mid - 400.0).abs() < 1e-6 * 400.0, "{v}");
}

#[test]
fn the_same_games_on_one_or_two_threads() {
    for game in ["cant-stop", "route66", "shortcut"] {
        let one = bench_json(&["--game", game, "--games", "300", "--threads", "1"]);
        let two = bench_json(&["--game", game, "--games", "300", "--threads", "2"]);
        assert_eq!(one["rolls"], two["rolls"], "{game}");
        assert!(one["rolls"].as_u64().unwrap() > 300, "{game}: {one}");
        assert_eq!(
            (one["threads"].clone(), two["threads"].clone()),
            (1.into(), 2.into())
        );
    }
}

#[test]
fn text_form_gives_the_median_and_the_spread() {
    let out = stdout_of(&[
        "bench",
        "--game",
        "cant-stop",
        "--games",
        "200",
        "--repeat",
        "2",
    ]);
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("median of 2 runs"), "{text}");
    assert!(
        text.contains("games/s") && text.contains("peak resident memory"),
        "{text}"
    );
}
