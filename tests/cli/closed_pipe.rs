//! Every subcommand piped into a reader that has already gone (`pressluck … | true`): it ends
//! quietly, as a Unix filter does — exit 0 (all written before the reader left) or SIGPIPE
//! (141 in a shell) — with no panic text on stderr.

use std::io::Read;
use std::process::{Command, Stdio};

/// Runs `pressluck ARGS` in `dir` with its stdout a pipe whose reader is closed at once; returns
/// (exited 0 or by SIGPIPE, stderr).
fn into_closed_pipe(dir: &std::path::Path, args: &[&str]) -> (bool, String) {
    let mut child = {
        let mut c = Command::new(env!("CARGO_BIN_EXE_pressluck"));
        c.current_dir(crate::ROOT);
        c
    }
    .current_dir(dir)
    .args(args)
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    #[cfg(unix)]
    let by_sigpipe = {
        use std::os::unix::process::ExitStatusExt;
        status.signal() == Some(13)
    };
    #[cfg(not(unix))]
    let by_sigpipe = false;
    (status.success() || by_sigpipe, err)
}

#[test]
fn every_subcommand_ends_quietly_on_a_closed_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let record = format!("{}/examples/records/anna-turn.rec", crate::ROOT);
    let shard = |k: &str| {
        let out = {
            let mut c = Command::new(env!("CARGO_BIN_EXE_pressluck"));
            c.current_dir(crate::ROOT);
            c
        }
        .current_dir(dir.path())
        .args([
            "tournament",
            "--game",
            "cant-stop",
            "--games",
            "3000",
            "--quiet",
        ])
        .args([
            "--policies",
            "one-roll,rule28",
            "--shard",
            &format!("{k}/2"),
        ])
        .args(["--out", &format!("s{k}.csv")])
        .output()
        .unwrap();
        assert!(out.status.success());
    };
    shard("1");
    shard("2");
    let cases: Vec<Vec<&str>> = vec![
        vec!["--help"],
        vec!["tournament", "--help"],
        vec![
            "tournament",
            "--game",
            "cant-stop",
            "--games",
            "3000",
            "--out",
            "-",
        ],
        vec![
            "tournament",
            "--game",
            "cant-stop",
            "--games",
            "3000",
            "--out",
            "t.csv",
        ],
        vec![
            "sweep",
            "--policy",
            "rolls:{1..4}",
            "--against",
            "one-roll",
            "--out",
            "-",
        ],
        vec!["odds"],
        vec!["odds", "--view", "reach"],
        vec!["merge", "s1.csv", "s2.csv", "--out", "-"],
        vec!["bench", "--games", "4000"],
        vec!["bench", "--games", "4000", "--json"],
        vec!["boards"],
        vec!["policies"],
        vec!["replay", &record],
        vec!["advise", &record],
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["man"],
        vec!["man", "tune"],
    ];
    for args in cases {
        for _ in 0..2 {
            let (quiet_end, err) = into_closed_pipe(dir.path(), &args);
            assert!(quiet_end, "{args:?}: {err}");
            assert!(!err.contains("panicked"), "{args:?}: {err}");
            assert!(!err.contains("Broken pipe"), "{args:?}: {err}");
        }
    }
}
