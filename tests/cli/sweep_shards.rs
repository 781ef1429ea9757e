//! Scale-out of `sweep` through the command line: N sweep shards merged equal the unsharded
//! sweep byte for byte (CSV and chart, two players and solitaire), a partial merge is marked,
//! and an interrupted sweep writes a partial CSV and a checkpoint that `--resume` finishes into
//! the uninterrupted sweep's bytes.

use crate::scale_out::{interrupted_after, pressluck, run, statuses};
use pressluck::output::counters_csv::{CountersFile, RunKind};
use pressluck_core::sim::Shard;
use std::fs;
use std::path::Path;

/// 3 points × 2 opponents × 5000 games: 3 chunks of 2048 per matchup, the last one short.
const SWEEP: [&str; 12] = [
    "sweep",
    "--game",
    "cant-stop",
    "--policy",
    "fixed-risk:{0.1..0.3 step 0.1}",
    "--against",
    "one-roll,rule28",
    "--games",
    "5000",
    "--seed",
    "3",
    "--quiet",
];

/// A solitaire sweep: 4 points × 3000 games alone.
const SOLITAIRE: [&str; 10] = [
    "sweep",
    "--game",
    "cant-stop",
    "--players",
    "1",
    "--policy",
    "rolls:{2..5}",
    "--games",
    "3000",
    "--quiet",
];

/// The template of the sweep `base`.
fn template<'a>(base: &[&'a str]) -> &'a str {
    let at = base.iter().position(|a| *a == "--policy").unwrap();
    base[at + 1]
}

/// Runs shards `which` of `n` of the sweep `base` and returns their file names.
fn shards(dir: &Path, base: &[&str], n: u64, which: impl Iterator<Item = u64>) -> Vec<String> {
    which
        .map(|k| {
            let kind = if base.contains(&"--players") {
                "solo"
            } else {
                "duel"
            };
            let name = format!("{kind}-shard-{k}-of-{n}.csv");
            let shard = format!("{k}/{n}");
            run(dir, &[base, &["--shard", &shard, "--out", &name]].concat());
            name
        })
        .collect()
}

/// Merges `files` (in reverse order) into `merged.csv` and `merged.svg`.
fn merge(dir: &Path, files: &[String], extra: &[&str]) {
    let mut args = vec!["merge"];
    args.extend(files.iter().rev().map(String::as_str));
    args.extend(["--out", "merged.csv", "--svg", "merged.svg"]);
    args.extend(extra);
    run(dir, &args);
}

#[test]
fn merged_sweep_shards_equal_the_single_sweep_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for (base, counts) in [(&SWEEP[..], &[1u64, 2, 7][..]), (&SOLITAIRE[..], &[3][..])] {
        run(
            dir,
            &[base, &["--out", "single.csv", "--svg", "single.svg"]].concat(),
        );
        let single = fs::read(dir.join("single.csv")).unwrap();
        let single_svg = fs::read(dir.join("single.svg")).unwrap();
        assert!(statuses(&String::from_utf8_lossy(&single))
            .iter()
            .all(|s| s == "complete"));
        for &n in counts {
            let files = shards(dir, base, n, 1..=n);
            let first = CountersFile::from_csv(&fs::read(dir.join(&files[0])).unwrap()).unwrap();
            assert_eq!(first.shard, Shard { index: 1, count: n });
            assert!(
                matches!(&first.run.kind, RunKind::Sweep { template: t, .. } if t == template(base)),
                "{:?}",
                first.run.kind
            );
            merge(dir, &files, &[]);
            assert!(
                fs::read(dir.join("merged.csv")).unwrap() == single,
                "{} {n} shards: the merged CSV differs from the single sweep",
                template(base)
            );
            assert!(
                fs::read(dir.join("merged.svg")).unwrap() == single_svg,
                "{} {n} shards: the merged chart differs from the single sweep's",
                template(base)
            );
        }
    }
}

#[test]
fn a_partial_sweep_merge_is_refused_or_marked() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let files = shards(dir, &SWEEP, 3, [1, 3].into_iter());
    let refused = pressluck()
        .current_dir(dir)
        .args(["merge", &files[0], &files[1], "--out", "p.csv"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("missing shard 2/3"));
    assert!(!dir.join("p.csv").exists());
    merge(dir, &files, &["--allow-partial"]);
    let st = statuses(&fs::read_to_string(dir.join("merged.csv")).unwrap());
    assert_eq!(st.len(), 3 * 3, "3 points × (2 opponents and the field)");
    assert!(st.iter().all(|s| s == "partial"), "{st:?}");
    assert!(fs::read_to_string(dir.join("merged.svg"))
        .unwrap()
        .contains("(partial)"));
}

#[test]
fn an_interrupted_sweep_writes_a_partial_csv_and_a_checkpoint_that_resumes_to_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = |extra: &[&'static str]| [&SWEEP[..], &["--threads", "1"], extra].concat();
    // One thread: exactly 5 of the 18 chunks finish before the interrupt.
    interrupted_after(
        dir,
        &args(&[
            "--checkpoint",
            "ck.csv",
            "--out",
            "part.csv",
            "--svg",
            "part.svg",
        ]),
        5,
        "ck.csv",
    );
    let st = statuses(&fs::read_to_string(dir.join("part.csv")).unwrap());
    assert!(
        st.len() == 3 * 3 && st.iter().all(|s| s == "partial"),
        "{st:?}"
    );
    assert!(fs::read_to_string(dir.join("part.svg"))
        .unwrap()
        .contains("(partial)"));
    let ck = CountersFile::from_csv(&fs::read(dir.join("ck.csv")).unwrap()).unwrap();
    assert!(!ck.progress.complete(5000, Shard::WHOLE));
    let done: usize = ck.progress.done.iter().map(|d| d.len()).sum();
    assert_eq!(done, 5, "the checkpoint holds the finished chunks");

    run(
        dir,
        &args(&[
            "--out",
            "resumed.csv",
            "--resume",
            "ck.csv",
            "--checkpoint",
            "ck.csv",
        ]),
    );
    run(dir, &args(&["--out", "whole.csv"]));
    assert!(
        fs::read(dir.join("resumed.csv")).unwrap() == fs::read(dir.join("whole.csv")).unwrap(),
        "the resumed sweep differs from the uninterrupted one"
    );
}
