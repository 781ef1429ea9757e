//! Hostile inputs on disk for the bad-input and fuzz tests: a good board and broken ones,
//! strategy files, game records, tournament and sweep shard and checkpoint files (some edited, some edited and
//! re-signed with a valid checksum, as a determined user could), and blocking paths.
#![allow(dead_code)]

use pressluck_core::columns::Layout;
use std::fs;
use std::path::Path;
use std::process::Command;

/// The binary under test.
pub fn pressluck() -> Command {
    {
        let mut c = Command::new(env!("CARGO_BIN_EXE_pressluck"));
        c.current_dir(crate::ROOT);
        c
    }
}

/// FNV-1a over bytes as 16 hex digits: the counters files' checksum.
pub fn fnv(bytes: &[u8]) -> String {
    let h = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{h:016x}")
}

/// A counters file's body (all but the closing `end` row) closed again with a valid row count
/// and checksum.
pub fn sign(body: &[u8]) -> Vec<u8> {
    let rows = body
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        .saturating_sub(1);
    let mut out = body.to_vec();
    out.extend_from_slice(
        format!("end,checksum,{rows}:{},,,,,,,,,,,,,,,,\n", fnv(body)).as_bytes(),
    );
    out
}

/// The body of a counters file: everything before its last line.
pub fn body(file: &[u8]) -> &[u8] {
    let trimmed = file.strip_suffix(b"\n").unwrap_or(file);
    let cut = trimmed
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    &file[..cut]
}

/// `text` (a counters file) with the first `from` replaced by `to`, re-signed.
pub fn resigned(text: &str, from: &str, to: &str) -> Vec<u8> {
    assert!(text.contains(from), "fixture edit: {from:?} not found");
    let b = String::from_utf8(body(text.as_bytes()).to_vec()).unwrap();
    sign(b.replacen(from, to, 1).as_bytes())
}

/// The tournament arguments of the shard fixtures: 3 chunks of Can't Stop.
pub const SHARD_RUN: [&str; 7] = [
    "--game",
    "cant-stop",
    "--policies",
    "one-roll,fixed-risk:0.3",
    "--games",
    "5000",
    "--quiet",
];

/// The sweep arguments of the sweep shard fixtures: 2 points × 2 opponents, 2 chunks each.
pub const SWEEP_SHARD_RUN: [&str; 10] = [
    "--game",
    "cant-stop",
    "--policy",
    "rolls:{1..2}",
    "--against",
    "one-roll,rule28",
    "--games",
    "3000",
    "--quiet",
    "--seed",
];

/// Runs a tournament in `dir` that must succeed.
pub fn run_ok(dir: &Path, args: &[&str]) {
    let out = pressluck().current_dir(dir).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A record that finishes a solitaire Can't Stop game (columns 2, 12 and 3), then `extra`.
pub fn finished_game(extra: &str) -> String {
    let mut s = String::from("game cant-stop\nplayers 1\n");
    for (dice, c, doubles) in [("1 1 1 1", 2, 1), ("6 6 6 6", 12, 1), ("1 2 1 2", 3, 2)] {
        for _ in 0..doubles {
            s += &format!("roll {dice}\nuse {c} {c}\n");
        }
        s += &format!("roll {dice}\nuse {c}\nstop\n");
    }
    s + extra
}

/// Writes every fixture file into `dir`.
pub fn write_all(dir: &Path) {
    let w = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, bytes).unwrap();
    };
    let good = Layout::route66_en().to_toml("good board");
    w("good.toml", good.as_bytes());
    let edit = |from: &str, to: &str| {
        assert!(good.contains(from), "{from}");
        good.replacen(from, to, 1).into_bytes()
    };
    w("board/long.toml", &edit("length = 13", "length = 14"));
    w("board/zero.toml", &edit("length = 3", "length = 0"));
    w("board/points.toml", &edit("first = 10", "first = 300"));
    w("board/negative.toml", &edit("second = 6", "second = -1"));
    w("board/dup.toml", &edit("column = 12", "column = 11"));
    w("board/col13.toml", &edit("column = 12", "column = 13"));
    let missing = good.rsplit_once("[[column]]").unwrap().0;
    w("board/missing.toml", missing.as_bytes());
    w(
        "board/space.toml",
        &edit("second_spaces = [1, 2]", "second_spaces = [3]"),
    );
    w("board/type.toml", &edit("first = 10", "first = \"ten\""));
    w("board/key.toml", b"[[column]]\n\"evil\\nkey\" = 1\n");
    w("board/binary.toml", b"\xff\xfe\x00\x01[[column]]\x80");
    w("board/garbage.toml", b"this is not a board\n");
    w("board/array.toml", b"[[column]]\ncolumn = [\n");
    w("board/empty.toml", b"");
    let strat = |body: &str| format!("description = \"x\"\n{body}").into_bytes();
    w("strat/nopolicy.toml", b"description = \"no policy line\"\n");
    w("strat/binary.toml", b"\xff\xfe policy = 1");
    w(
        "strat/loop.toml",
        &strat("policy = \"strat/nopolicy.toml\"\n"),
    );
    w("strat/badspec.toml", &strat("policy = \"fixed-risk:7\"\n"));
    w(
        "strat/both.toml",
        &strat("policy = \"ev\"\ncommand = [\"python3\", \"bot.py\"]\n"),
    );
    w("strat/nocommand.toml", &strat("command = []\n"));
    w(
        "strat/badenv.toml",
        &strat("command = [\"python3\"]\nenv = { DEPTH = 3 }\n"),
    );
    w(
        "strat/argsnobot.toml",
        &strat("policy = \"ev\"\nargs = [\"x\"]\n"),
    );
    w(
        "strat/evilkey.toml",
        &strat("policy = \"ev\"\n\"evil\\nkey\" = 1\n"),
    );
    w("strat/garbage.toml", b"[[[\n");
    w("rec/illegal.rec", b"roll 2 3 4 5\nuse 5\n");
    w("rec/die7.rec", b"roll 2 3 4 7\n");
    w("rec/short.rec", b"roll 2 3 4\nuse 5 9\n");
    w("rec/truncated.rec", b"roll 2 3 4 5\nuse 5 9\nroll");
    w("rec/binary.rec", b"\x00\xff\xfe\x01\x89PNG\r\n");
    w("rec/over.rec", finished_game("roll 1 1 1 1\n").as_bytes());
    w("rec/finished.rec", finished_game("").as_bytes());
    w("rec/shortcut.rec", b"game shortcut\nplayers 2\nmain 6\n");
    w("rec/shortcut-3p.rec", b"game shortcut\nplayers 3\nmain 6\n");
    w("rec/use-first.rec", b"use 5 9\n");
    w("rec/stop-first.rec", b"stop\n");
    w("rec/players.rec", b"players 5\n");
    w("rec/header-late.rec", b"roll 1 1 1 1\ngame route66\n");
    w(
        "rec/two-readings.rec",
        b"variant leisurely\nvariant leisurely:10\n",
    );
    w("rec/ten.rec", b"variant leisurely:10\n");
    w("rec/chess.rec", b"game chess\nroll 1 2 3 4\n");
    w("rec/word.rec", b"roll 1 1 1 1\njump 7\n");
    w("file.txt", b"a regular file, not a folder\n");
    fs::create_dir_all(dir.join("folder")).unwrap();
    shards(dir);
}

/// Shard and checkpoint files: real ones from the binary, then damaged and crafted copies.
fn shards(dir: &Path) {
    fn with<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        [&["tournament"][..], &SHARD_RUN[..], extra].concat()
    }
    for (shard, out) in [("1/2", "s1.csv"), ("2/2", "s2.csv"), ("1/3", "t1.csv")] {
        run_ok(dir, &with(&["--shard", shard, "--out", out]));
    }
    for (shard, out) in [("2/3", "t2.csv"), ("3/3", "t3.csv")] {
        run_ok(dir, &with(&["--shard", shard, "--out", out]));
    }
    run_ok(
        dir,
        &with(&["--seed", "9", "--shard", "2/2", "--out", "o2.csv"]),
    );
    run_ok(
        dir,
        &with(&["--seed", "5", "--out", "r5.csv", "--checkpoint", "ck5.csv"]),
    );
    let sweep = |extra: &[&str]| {
        run_ok(
            dir,
            &[&["sweep"][..], &SWEEP_SHARD_RUN[..], &["4"], extra].concat(),
        );
    };
    sweep(&["--shard", "1/2", "--out", "w1.csv"]);
    sweep(&["--shard", "2/2", "--out", "w2.csv"]);
    sweep(&[
        "--shard",
        "2/2",
        "--out",
        "x2.csv",
        "--policy",
        "rolls:{2..3}",
    ]);
    let s1 = fs::read_to_string(dir.join("s1.csv")).unwrap();
    let w = |name: &str, bytes: &[u8]| fs::write(dir.join(name), bytes).unwrap();
    w("trunc.csv", &s1.as_bytes()[..s1.len() / 2]);
    let cell = s1.lines().find(|l| l.starts_with("cell,")).unwrap();
    let (head, tail) = cell.split_at(cell.len() - 6);
    w(
        "edited.csv",
        s1.replacen(cell, &format!("{head}{}", tail.replacen(',', ",1", 1)), 1)
            .as_bytes(),
    );
    w(
        "incomplete.csv",
        &resigned(&s1, "matchup,0 2,", "matchup,0,"),
    );
    w(
        "huge-range.csv",
        &resigned(&s1, "matchup,0 2,", "matchup,0-1099511627775,"),
    );
    w("players9.csv", &resigned(&s1, "players,2", "players,9"));
    let s2 = fs::read_to_string(dir.join("s2.csv")).unwrap();
    w(
        "old-format.csv",
        &resigned(&s2, "pressluck-counters-5", "pressluck-counters-4"),
    );
    w(
        "redefined.csv",
        &resigned(
            &s2,
            "policy,fixed-risk:0.3,fixed-risk:0.3,",
            "policy,fixed-risk:0.3,fixed-risk:0.2,",
        ),
    );
    w(
        "undefined.csv",
        &resigned(&s2, "policy,one-roll,one-roll,", "policy,x,one-roll,"),
    );
    let stop = s1.lines().find(|l| l.starts_with("stop,")).unwrap();
    let f: Vec<&str> = stop.split(',').collect();
    // Fields: record, name, value, matchup, slot, seat, roll, cars, games, wins, score,
    // score_sq, turns, turns_sq, rolls, busts (15), decisions (16), stops (17), unfinished.
    let more = format!("{},{},{}", f[15], f[16], f[16].parse::<u64>().unwrap() + 1);
    w(
        "stops.csv",
        &resigned(
            &s1,
            stop,
            &stop.replacen(&format!("{},{},{}", f[15], f[16], f[17]), &more, 1),
        ),
    );
    for t in ["t1", "t2", "t3"] {
        let text = fs::read_to_string(dir.join(format!("{t}.csv"))).unwrap();
        let cell = text.lines().find(|l| l.starts_with("cell,")).unwrap();
        let f: Vec<&str> = cell.split(',').collect();
        let big = cell.replacen(
            &format!(",{},{},", f[13], f[14]),
            &format!(",{},9000000000000000000,", f[13]),
            1,
        );
        w(&format!("big-{t}.csv"), &resigned(&text, cell, &big));
    }
}
