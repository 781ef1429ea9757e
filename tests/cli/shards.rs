//! Scale-out through the command line: N shards merged equal the single run byte for byte (the
//! result and the stop table), a partial merge is marked (rows and chart), and an interrupted run
//! (by the test hook, and once by a real SIGINT) writes a partial CSV and a checkpoint that
//! `--resume` finishes into the uninterrupted run's bytes.

use crate::scale_out::{interrupted_after, pressluck, run, sigint_after_first_chunk, statuses};
use pressluck::output::counters_csv::CountersFile;
use pressluck_core::sim::Shard;
use std::fs;
use std::path::Path;

/// 3 matchups × 9000 games: 5 chunks of 2048 each, the last one short.
const RUN: [&str; 9] = [
    "--game",
    "cant-stop",
    "--policies",
    "one-roll,fixed-risk:0.3,rule28",
    "--games",
    "9000",
    "--seed",
    "11",
    "--quiet",
];

fn tournament(dir: &Path, extra: &[&str]) {
    run(dir, &[&["tournament"], &RUN[..], extra].concat());
}

/// Runs shards 1..=n of N = `n` (those in `which`) and returns their file names.
fn shards(dir: &Path, n: u64, which: impl Iterator<Item = u64>) -> Vec<String> {
    which
        .map(|k| {
            let name = format!("shard-{k}-of-{n}.csv");
            tournament(dir, &["--shard", &format!("{k}/{n}"), "--out", &name]);
            name
        })
        .collect()
}

#[test]
fn merged_shards_equal_the_single_run_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    tournament(
        dir,
        &["--out", "single.csv", "--stop-table", "single-stops.csv"],
    );
    let single = fs::read(dir.join("single.csv")).unwrap();
    let single_stops = fs::read(dir.join("single-stops.csv")).unwrap();
    assert!(statuses(&String::from_utf8_lossy(&single))
        .iter()
        .all(|s| s == "complete"));
    for n in [1u64, 2, 7] {
        let files = shards(dir, n, 1..=n);
        // Shards of a counters file list their shard and, for N = 7, some own no chunk at all.
        let first = CountersFile::from_csv(&fs::read(dir.join(&files[0])).unwrap()).unwrap();
        assert_eq!(first.shard, Shard { index: 1, count: n });
        let mut args = vec!["merge"];
        args.extend(files.iter().rev().map(String::as_str));
        args.extend(["--out", "merged.csv", "--stop-table", "merged-stops.csv"]);
        args.extend(["--svg", "merged.svg"]);
        run(dir, &args);
        assert!(!fs::read_to_string(dir.join("merged.svg"))
            .unwrap()
            .contains("(partial)"));
        assert!(
            fs::read(dir.join("merged.csv")).unwrap() == single,
            "{n} shards: the merged CSV differs from the single run"
        );
        assert!(
            fs::read(dir.join("merged-stops.csv")).unwrap() == single_stops,
            "{n} shards: the merged stop table differs from the single run's"
        );
    }
}

#[test]
fn allow_partial_marks_every_row_and_the_chart_partial() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let files = shards(dir, 3, [1, 3].into_iter());
    let refused = pressluck()
        .current_dir(dir)
        .args(["merge", &files[0], &files[1], "--out", "p.csv"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("missing shard 2/3"));
    assert!(!dir.join("p.csv").exists());
    run(
        dir,
        &[
            "merge",
            &files[0],
            &files[1],
            "--out",
            "p.csv",
            "--svg",
            "p.svg",
            "--allow-partial",
        ],
    );
    // The chart is marked in its title, as a partial sweep's is.
    assert!(fs::read_to_string(dir.join("p.svg"))
        .unwrap()
        .contains("interval (partial)"));
    let st = statuses(&fs::read_to_string(dir.join("p.csv")).unwrap());
    assert_eq!(
        st.len(),
        3 * (2 * 3 + 2),
        "3 matchups × (2 policies × (all, seat 1, seat 2) + the 2 seats of policy all)"
    );
    assert!(st.iter().all(|s| s == "partial"), "{st:?}");
}

#[test]
fn an_interrupted_run_writes_a_partial_csv_and_a_checkpoint_that_resumes_to_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = |extra: &[&'static str]| {
        let mut a = vec!["tournament"];
        a.extend(RUN);
        a.extend(["--threads", "1", "--checkpoint", "ck.csv"]);
        a.extend(extra);
        a
    };
    // One thread: exactly 4 of the 15 chunks finish before the interrupt.
    interrupted_after(dir, &args(&["--out", "part.csv"]), 4, "ck.csv");
    let st = statuses(&fs::read_to_string(dir.join("part.csv")).unwrap());
    assert!(
        st.len() == 3 * (2 * 3 + 2) && st.iter().all(|s| s == "partial"),
        "{st:?}"
    );
    let ck = CountersFile::from_csv(&fs::read(dir.join("ck.csv")).unwrap()).unwrap();
    assert!(!ck.progress.complete(9000, Shard::WHOLE));
    let done: usize = ck.progress.done.iter().map(|d| d.len()).sum();
    assert_eq!(done, 4, "the checkpoint holds the finished chunks");

    run(dir, &args(&["--out", "resumed.csv", "--resume", "ck.csv"]));
    tournament(dir, &["--out", "whole.csv"]);
    assert!(
        fs::read(dir.join("resumed.csv")).unwrap() == fs::read(dir.join("whole.csv")).unwrap(),
        "the resumed run differs from the uninterrupted one"
    );
}

#[test]
fn a_real_sigint_interrupts_and_the_run_resumes_to_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = |extra: &[&'static str]| {
        let mut a = vec!["tournament"];
        a.extend(RUN);
        a.extend(["--threads", "1", "--checkpoint", "ck.csv"]);
        a.extend(extra);
        a
    };
    sigint_after_first_chunk(dir, &args(&["--out", "part.csv"]), "ck.csv");
    let st = statuses(&fs::read_to_string(dir.join("part.csv")).unwrap());
    assert!(st.iter().all(|s| s == "partial"), "{st:?}");
    run(dir, &args(&["--out", "resumed.csv", "--resume", "ck.csv"]));
    tournament(dir, &["--out", "whole.csv"]);
    assert!(
        fs::read(dir.join("resumed.csv")).unwrap() == fs::read(dir.join("whole.csv")).unwrap(),
        "the resumed run differs from the uninterrupted one"
    );
}
