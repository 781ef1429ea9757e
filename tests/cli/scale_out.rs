//! Helpers shared by the scale-out tests of `tournament` and `sweep`: running the binary,
//! reading a result's `status` column, and interrupting a run: by the test hook after a chosen
//! chunk, or by a real SIGINT while the hook holds it.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The `pressluck` binary under test.
pub fn pressluck() -> Command {
    {
        let mut c = Command::new(env!("CARGO_BIN_EXE_pressluck"));
        c.current_dir(crate::ROOT);
        c
    }
}

/// Runs `pressluck` in `dir`; panics with its stderr unless it succeeds.
pub fn run(dir: &Path, args: &[&str]) -> Output {
    let out = pressluck().current_dir(dir).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The `status` column of a result CSV, row by row.
pub fn statuses(csv: &str) -> Vec<String> {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = header.iter().position(|h| *h == "status").unwrap();
    lines
        .map(|l| l.split(',').nth(col).unwrap().to_string())
        .collect()
}

/// Runs `pressluck ARGS` in `dir` with the test hook that interrupts the run once `after`
/// chunks have finished (as a first Ctrl-C would; the binary under test is a debug build, which
/// has the hook), and checks that it exits 130 naming `--resume checkpoint`. Returns its output.
pub fn interrupted_after(dir: &Path, args: &[&str], after: u64, checkpoint: &str) -> Output {
    let out = pressluck()
        .current_dir(dir)
        .args(args)
        .env("PRESSLUCK_TEST_INTERRUPT_AFTER", after.to_string())
        .output()
        .unwrap();
    check_interrupted(&out, checkpoint);
    out
}

/// Starts `pressluck ARGS` in `dir` held after its first chunk (the test hook saves the
/// checkpoint and waits there), sends it a real SIGINT once `dir/checkpoint` exists, and checks
/// that it exits 130 naming `--resume checkpoint`. Returns its output.
pub fn sigint_after_first_chunk(dir: &Path, args: &[&str], checkpoint: &str) -> Output {
    let mut child = pressluck()
        .current_dir(dir)
        .args(args)
        .env("PRESSLUCK_TEST_HOLD_AFTER", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !dir.join(checkpoint).exists() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it was held"
        );
        assert!(started.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(10));
    }
    let pid = child.id().to_string();
    let kill = Command::new("kill").args(["-INT", &pid]).status().unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    check_interrupted(&out, checkpoint);
    out
}

/// Panics unless `out` is an interrupted run's: exit code 130, and stderr naming
/// `--resume checkpoint`.
fn check_interrupted(out: &Output, checkpoint: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains(&format!("--resume {checkpoint}")),
        "{stderr}"
    );
}
