//! Tests of the counters file: round trips, damaged files, and crafted files with a valid
//! checksum that no run writes.

use super::*;
use pressluck_core::counters::MatchupStats;

fn sample() -> CountersFile {
    let mut p = Progress::new(2);
    let mut s = MatchupStats::default();
    s.cells[1][0] = SeatCounters {
        games: 5,
        wins: 3,
        score: 9,
        score_sq: 41,
        turns: 40,
        turns_sq: 400,
        rolls: 90,
        busts: 7,
    };
    s.stop[1][2][3] = StopCell {
        decisions: 4,
        stops: 2,
        busts: 1,
    };
    s.count_turns(1, 12);
    s.count_turns(1, 400);
    p.add(0, 0, &s);
    p.add(0, 1, &s);
    p.add(1, 4, &s);
    let run = RunId {
        game: "cant-stop".into(),
        rules: "en".into(),
        board: "cant-stop".into(),
        setup: "abc".into(),
        players: 2,
        matchups: vec!["a|b".into(), "a|c".into()],
        policies: ["a", "b", "c"]
            .map(|p| (p.to_string(), format!("rolls:{}", p.len())))
            .to_vec(),
        games: 10_000,
        seed: 7,
        kind: RunKind::Tournament,
    };
    CountersFile {
        run,
        shard: Shard { index: 2, count: 3 },
        progress: p,
    }
}

#[test]
fn round_trips() {
    let f = sample();
    let bytes = f.to_csv().unwrap();
    assert_eq!(CountersFile::from_csv(&bytes).unwrap(), f);
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.contains("hist,,,0,1,,,,2,,,,12,,,,,,\n"), "{text}");
    // A file without histogram rows (as written before they existed) still reads.
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with("hist,"))
        .collect::<Vec<_>>()
        .join("\n");
    let body_end = old.rfind('\n').unwrap() + 1;
    let rows = old[..body_end].lines().count() - 1;
    let fixed = format!(
        "{}end,checksum,{rows}:{},,,,,,,,,,,,,,,,\n",
        &old[..body_end],
        checksum(&old.as_bytes()[..body_end])
    );
    let read = CountersFile::from_csv(fixed.as_bytes()).unwrap();
    assert_eq!(read.progress.stats[0].turns_hist[1][12], 0);
    assert_eq!(read.progress.stats[0].cells, f.progress.stats[0].cells);
}

#[test]
fn truncated_or_edited_files_are_refused() {
    let bytes = sample().to_csv().unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    let cut = &text[..text.len() - 70];
    assert!(CountersFile::from_csv(cut.as_bytes())
        .unwrap_err()
        .contains("truncated"));
    let edited = text.replacen(",5,3,9,", ",5,4,9,", 1);
    assert_ne!(edited, text);
    assert!(CountersFile::from_csv(edited.as_bytes())
        .unwrap_err()
        .contains("checksum"));
    assert!(CountersFile::from_csv(b"\xff\xfe")
        .unwrap_err()
        .contains("UTF-8"));
    assert!(CountersFile::from_csv(b"").is_err());
}

/// `text` with its first `from` replaced by `to` and the closing row recomputed, as a
/// hostile editor would.
fn resigned(text: &str, from: &str, to: &str) -> Vec<u8> {
    assert!(text.contains(from), "{from}");
    let body_end = text.trim_end_matches('\n').rfind('\n').unwrap() + 1;
    let body = text[..body_end].replacen(from, to, 1);
    let rows = body.lines().count() - 1;
    let end = format!(
        "end,checksum,{rows}:{},,,,,,,,,,,,,,,,\n",
        checksum(body.as_bytes())
    );
    (body + &end).into_bytes()
}

#[test]
fn crafted_files_with_a_valid_checksum_are_refused() {
    let text = String::from_utf8(sample().to_csv().unwrap()).unwrap();
    assert_eq!(resigned(&text, "meta", "meta"), text.as_bytes());
    for (from, to, want) in [
        ("matchup,0-1,", "matchup,0-1099511627775,", "bad chunk list"),
        ("matchup,4,", "matchup,5,", "bad chunk list"),
        ("players,2", "players,9", "meta 'players' 9"),
        ("players,2", "players,0", "meta 'players' 0"),
        ("games,10000", "games,0", "meta 'games' 0"),
        ("a|b", "a|b|c|d|e", "does not name 2 policies"),
        (",5,3,9,", ",5,6,9,", "more wins than games"),
        (",5,3,9,", ",10001,3,9,", "more games than the run"),
        (",1,4,2,", ",1,4,5,", "more stops than decisions"),
        (",400,90,", ",9223372036854775808,90,", "too large"),
        (
            "record,name",
            "recordx,name",
            "not a pressluck counters file",
        ),
    ] {
        let e = CountersFile::from_csv(&resigned(&text, from, to)).unwrap_err();
        assert!(e.contains(want), "{from} -> {to}: {e}");
    }
}

#[test]
fn chunk_ranges() {
    let s: BTreeSet<u64> = [0, 1, 2, 5, 7, 8].into_iter().collect();
    assert_eq!(ranges(&s), "0-2 5 7-8");
    assert_eq!(parse_ranges("0-2 5 7-8", 9), Some(s));
    assert_eq!(parse_ranges("0-2 5 7-8", 8), None);
    assert_eq!(parse_ranges("3-1", 9), None);
}

#[test]
fn histograms_are_checked() {
    let text = String::from_utf8(sample().to_csv().unwrap()).unwrap();
    let big = resigned(&text, "hist,,,0,1,,,,2,,,,12", "hist,,,0,1,,,,20000,,,,12");
    let e = CountersFile::from_csv(&big).unwrap_err();
    assert!(e.contains("histogram has more games"), "{e}");
    let out = resigned(&text, "hist,,,0,1,,,,2,,,,12", "hist,,,0,1,,,,2,,,,128");
    let e = CountersFile::from_csv(&out).unwrap_err();
    assert!(e.contains("bin out of range"), "{e}");
}

#[test]
fn sweep_files_round_trip_and_older_formats_are_refused_as_such() {
    let mut f = sample();
    f.run.kind = RunKind::Sweep {
        template: "x:{1..2}".into(),
        points: vec!["1".into(), "2".into()],
    };
    f.run.matchups = vec!["x:1|b".into(), "x:2|b".into()];
    f.run.policies = ["x:1", "b", "x:2"]
        .map(|p| (p.to_string(), p.to_string()))
        .to_vec();
    let text = String::from_utf8(f.to_csv().unwrap()).unwrap();
    assert!(text.contains("\nmeta,kind,sweep,") && text.contains("\nmeta,point,2,"));
    assert_eq!(CountersFile::from_csv(text.as_bytes()).unwrap(), f);
    // A crafted sweep whose matchups make no grid of points and opponents is refused.
    let b_row = text.lines().find(|l| l.starts_with("policy,b,b,")).unwrap();
    let c_row = b_row.replace("policy,b,b,", "policy,c,c,");
    let crafted = resigned(&text, b_row, &format!("{b_row}\n{c_row}"));
    let e = CountersFile::from_csv(&resigned(
        std::str::from_utf8(&crafted).unwrap(),
        "x:2|b",
        "x:2|c",
    ))
    .unwrap_err();
    assert!(e.contains("grid of 2 sweep points"), "{e}");
    let e = CountersFile::from_csv(&resigned(&text, "meta,point,2,", "meta,pt,2,")).unwrap_err();
    assert!(e.contains("grid of 1 sweep point by"), "{e}");
    // Files of the formats before the run identity encoding changed are refused, saying so;
    // a newer format is refused too.
    let t = String::from_utf8(sample().to_csv().unwrap()).unwrap();
    for old in ["pressluck-counters-2", "pressluck-counters-4"] {
        let e = CountersFile::from_csv(&resigned(&t, FORMAT, old)).unwrap_err();
        assert!(e.contains("run identity encoding changed"), "{e}");
        assert!(e.contains(old), "{e}");
    }
    let e = CountersFile::from_csv(&resigned(&t, FORMAT, "pressluck-counters-6")).unwrap_err();
    assert!(e.contains("format 'pressluck-counters-6'"), "{e}");
}

#[test]
fn every_policy_needs_its_definition_row() {
    let t = String::from_utf8(sample().to_csv().unwrap()).unwrap();
    assert!(t.contains("\npolicy,b,rolls:1,"), "{t}");
    let e = CountersFile::from_csv(&resigned(&t, "policy,b,rolls:1,", "policy,d,rolls:1,"))
        .unwrap_err();
    assert!(
        e.contains("policy 'b' of matchup 'a|b' has no definition row"),
        "{e}"
    );
    let e = CountersFile::from_csv(&resigned(&t, "policy,b,rolls:1,", "policy,b,,")).unwrap_err();
    assert!(e.contains("needs a name and a definition"), "{e}");
}

#[test]
fn a_file_with_the_header_is_told_what_else_is_wrong() {
    for text in ["record,name,value\nfoo,bar,baz\n", "record,name,value\n"] {
        let e = CountersFile::from_csv(text.as_bytes()).unwrap_err();
        assert!(!e.contains("header"), "{text:?}: {e}");
    }
    let e = CountersFile::from_csv(b"game,players\n").unwrap_err();
    assert!(e.contains("no `record,name,value"), "{e}");
}
