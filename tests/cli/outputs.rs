//! Where outputs go, for every flag that names one: `-` is standard output; a symbolic link is
//! followed (its target replaced, the link kept); a FIFO or a device is written in place and
//! stays what it was; a directory is refused (exit 2) and nothing is left behind; a finished
//! `--resume` removes its checkpoint, and an old checkpoint of the same run is mentioned.

use crate::run::Table;
use std::fs;
use std::path::Path;

/// A small tournament in `dir` with `extra` flags.
fn tournament(dir: &Path, extra: &[&str]) -> std::process::Output {
    crate::pressluck_cmd()
        .current_dir(dir)
        .args([
            "tournament",
            "--game",
            "cant-stop",
            "--policies",
            "one-roll,fixed-risk:0.3",
            "--games",
            "3000",
            "--quiet",
        ])
        .args(extra)
        .output()
        .unwrap()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_dash_writes_standard_output_and_the_words_go_to_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::pressluck_cmd()
        .current_dir(dir.path())
        .args([
            "tournament",
            "--game",
            "cant-stop",
            "--policies",
            "one-roll,fixed-risk:0.3",
            "--games",
            "3000",
            "--out",
            "-",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let t = Table::parse(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(t.rows.len(), 2 * 3 + 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("games/s"));
    assert!(names(dir.path()).is_empty(), "{:?}", names(dir.path()));
    for args in [
        &["odds", "--out", "-"][..],
        &[
            "sweep",
            "--quiet",
            "--policy",
            "rolls:{1..2}",
            "--against",
            "one-roll",
            "--games",
            "500",
            "--out",
            "-",
        ][..],
    ] {
        let out = crate::pressluck_cmd()
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        assert!(out.stdout.starts_with(b"game,players,"), "{args:?}");
    }
    let out = tournament(dir.path(), &["--out", "-", "--svg", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--svg -: standard output"));
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_is_followed_and_kept_for_every_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("real")).unwrap();
    for (link, target) in [
        ("out.csv", "real/t.csv"),
        ("stops.csv", "real/s.csv"),
        ("chart.svg", "real/c.svg"),
    ] {
        fs::write(d.join(target), "old").unwrap();
        std::os::unix::fs::symlink(target, d.join(link)).unwrap();
    }
    let out = tournament(
        d,
        &[
            "--out",
            "out.csv",
            "--stop-table",
            "stops.csv",
            "--svg",
            "chart.svg",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (link, target, start) in [
        ("out.csv", "real/t.csv", "game,"),
        ("stops.csv", "real/s.csv", "game,"),
        ("chart.svg", "real/c.svg", "<svg"),
    ] {
        assert!(fs::symlink_metadata(d.join(link))
            .unwrap()
            .file_type()
            .is_symlink());
        let text = fs::read_to_string(d.join(target)).unwrap();
        assert!(
            text.starts_with(start),
            "{target}: {}",
            &text[..20.min(text.len())]
        );
    }
    assert_eq!(names(&d.join("real")), ["c.svg", "s.csv", "t.csv"]);
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_in_place_and_stays_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let out = tournament(dir.path(), &["--out", "pipe"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got = reader.join().unwrap();
    assert!(got.starts_with("game,players,"), "{got}");
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(names(dir.path()), ["pipe"]);
}

#[cfg(unix)]
#[test]
fn a_character_device_is_written_in_place_and_kept() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let null = dir.path().join("null");
    // mknod needs root; elsewhere the system's own /dev/null serves.
    let made = std::process::Command::new("mknod")
        .args([null.to_str().unwrap(), "c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let device = if made {
        null.clone()
    } else {
        "/dev/null".into()
    };
    for flag in ["--out", "--stop-table", "--svg", "--checkpoint"] {
        let mut args = vec![flag, device.to_str().unwrap()];
        if flag != "--out" {
            args.extend(["--out", "t.csv"]);
        }
        let out = tournament(dir.path(), &args);
        assert!(
            out.status.success(),
            "{flag}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let kind = fs::symlink_metadata(&device).unwrap().file_type();
        assert!(
            kind.is_char_device(),
            "{flag}: {device:?} is no longer a device"
        );
    }
    let mut left = names(dir.path());
    left.retain(|n| n != "null" && n != "t.csv");
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_directory_is_refused_for_every_output_and_nothing_is_left() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("folder")).unwrap();
    for flag in ["--out", "--stop-table", "--svg", "--checkpoint"] {
        let out = tournament(dir.path(), &[flag, "folder"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flag}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!("{flag} folder: is a directory")),
            "{err}"
        );
        assert_eq!(names(dir.path()), ["folder"], "{flag}");
        assert!(names(&dir.path().join("folder")).is_empty());
    }
}

#[test]
fn a_finished_resume_removes_its_checkpoint_and_an_old_one_is_mentioned() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let hooked = |extra: &[&str]| {
        crate::pressluck_cmd()
            .current_dir(d)
            .env("PRESSLUCK_TEST_INTERRUPT_AFTER", "1")
            .args([
                "tournament",
                "--game",
                "cant-stop",
                "--policies",
                "one-roll,rule28",
            ])
            .args([
                "--games",
                "5000",
                "--threads",
                "1",
                "--quiet",
                "--out",
                "r.csv",
            ])
            .args(extra)
            .output()
            .unwrap()
    };
    let out = hooked(&[]);
    assert_eq!(out.status.code(), Some(130));
    assert!(d.join("r.csv.checkpoint").exists());
    // A fresh run of the same arguments says the checkpoint is there.
    let out = hooked(&[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--resume r.csv.checkpoint"), "{err}");
    assert!(err.contains("holds an interrupted run"), "{err}");
    let out = crate::pressluck_cmd()
        .current_dir(d)
        .args([
            "tournament",
            "--game",
            "cant-stop",
            "--policies",
            "one-roll,rule28",
        ])
        .args([
            "--games",
            "5000",
            "--threads",
            "1",
            "--quiet",
            "--out",
            "r.csv",
        ])
        .args(["--resume", "r.csv.checkpoint"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(names(d), ["r.csv"]);
}

#[test]
fn two_output_flags_naming_one_file_are_refused_before_anything_runs() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("same.csv", dir.path().join("link.svg")).unwrap();
    let mut cases = vec![
        vec!["--out", "./same.csv", "--svg", "same.csv"],
        vec!["--out", "same.csv", "--stop-table", "sub/../same.csv"],
    ];
    #[cfg(unix)]
    cases.push(vec!["--out", "same.csv", "--svg", "link.svg"]);
    for flags in cases {
        let out = tournament(dir.path(), &flags);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {err}");
        assert!(err.contains("same file as --out"), "{flags:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!dir.path().join("same.csv").exists(), "{flags:?}");
    }
}

#[test]
fn a_trailing_slash_on_a_file_is_refused_before_the_first_game() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("afile"), "keep").unwrap();
    for flags in [
        vec!["--out", "afile/"],
        vec!["--out", "ok.csv", "--svg", "afile/"],
        vec!["--out", "ok.csv", "--stop-table", "missing/"],
    ] {
        let out = tournament(dir.path(), &flags);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {err}");
        let flag = flags[flags.len() - 2];
        assert!(err.starts_with(&format!("error: {flag} ")), "{err}");
        assert_eq!(names(dir.path()), ["afile"], "{flags:?}");
        assert_eq!(
            fs::read_to_string(dir.path().join("afile")).unwrap(),
            "keep"
        );
    }
}
