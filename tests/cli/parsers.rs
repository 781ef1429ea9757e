//! Fuzzing the parsers of game records, board files and policy specs with proptest: arbitrary
//! bytes and strings, and structured mutations of valid inputs (bytes flipped, inserted,
//! deleted). Nothing may panic and every error is one line; what parses is then used (records
//! played, boards played on, specs parsed back from their names). The counters files are fuzzed
//! in `fuzz_counters.rs`.
//!
//! CI runs a modest number of cases; set `PROPTEST_CASES` for a long local run, e.g.
//! `PROPTEST_CASES=100000 cargo test --test cli parsers`.

use crate::fuzz::{config, edits, mutate, one_line};
use pressluck_core::columns::record::{play, Decision, Overrides, Record, Replay};
use pressluck_core::columns::{Edition, GameKind, Layout, Rules};
use pressluck_core::games::{matchup_key, ColumnFamily, Family, Matchup, RacesFamily};
use pressluck_core::policy::PolicySpec;
use proptest::prelude::*;

/// Parses and plays a record under its own header; the error, if any, must be one line.
fn replay_bytes(bytes: &[u8]) -> Result<(), TestCaseError> {
    let result = Record::from_bytes(bytes).and_then(|r| {
        let setup = r.setup(&Overrides::default())?;
        play(&r, &setup.rules).map(|_| ())
    });
    if let Err(e) = result {
        one_line(&e)?;
    }
    Ok(())
}

/// A legal record built by driving the engine: `steps` pick dice, uses and stops.
fn guided_record(game: u8, players: u8, steps: &[([u8; 4], u8, bool)]) -> String {
    let name = ["route66", "cant-stop", "great-races"][game as usize % 3];
    let mut text = format!("game {name}\nplayers {players}\n");
    let record = Record::parse(&text).unwrap();
    let rules = record.setup(&Overrides::default()).unwrap().rules;
    let mut replay = Replay::new();
    for &(dice, pick, stop) in steps {
        let line = match replay.decision(&rules) {
            Decision::Over => break,
            Decision::Use(_, list) => {
                let c = list.as_slice()[pick as usize % list.len()];
                format!("use {c}")
            }
            Decision::RollOrStop if stop => "stop".to_string(),
            _ => format!("roll {} {} {} {}", dice[0], dice[1], dice[2], dice[3]),
        };
        let entry = Record::parse(&line).unwrap().actions[0];
        replay.step(&rules, &entry).unwrap();
        text += &line;
        text.push('\n');
    }
    text
}

fn steps() -> impl Strategy<Value = Vec<([u8; 4], u8, bool)>> {
    let dice = [1u8..=6, 1u8..=6, 1u8..=6, 1u8..=6];
    prop::collection::vec((dice, any::<u8>(), prop::bool::weighted(0.3)), 0..200)
}

/// A board file from loose parts: columns, lengths and points that may be out of range.
fn board_text(cols: &[(i64, i64, i64, i64, Vec<i64>)]) -> String {
    let mut s = String::new();
    for (c, len, first, second, spaces) in cols {
        let sp: Vec<String> = spaces.iter().map(i64::to_string).collect();
        s += &format!(
            "[[column]]\ncolumn = {c}\nlength = {len}\nfirst = {first}\nsecond = {second}\nsecond_spaces = [{}]\n",
            sp.join(", ")
        );
    }
    s
}

/// The eleven columns in any order, mostly in range (any length 1..=13, points 0..=255, road
/// spaces), now and then out of it, renumbered, dropped or doubled.
fn loose_columns() -> impl Strategy<Value = Vec<(i64, i64, i64, i64, Vec<i64>)>> {
    let len = prop_oneof![49 => 1i64..=13, 1 => -1i64..16];
    let pts = || prop_oneof![99 => 0i64..=255, 1 => -2i64..300];
    let spaces = prop_oneof![49 => Just(false), 1 => Just(true)];
    let column = (
        len,
        pts(),
        pts(),
        prop::collection::vec(-1i64..15, 0..6),
        spaces,
    )
        .prop_map(|(len, first, second, spaces, odd)| {
            let spaces = spaces
                .into_iter()
                .filter(|&s| odd || (1..len).contains(&s))
                .collect();
            (len, first, second, spaces)
        });
    let cols = Just((2i64..=12).collect::<Vec<_>>()).prop_shuffle();
    let tweak = prop_oneof![18 => Just(0u8), 1 => Just(1), 1 => Just(2)];
    (
        cols,
        prop::collection::vec(column, 11),
        tweak,
        0usize..11,
        -1i64..15,
    )
        .prop_map(|(cols, parts, tweak, at, n)| {
            let mut out: Vec<_> = cols
                .into_iter()
                .zip(parts)
                .map(|(c, (l, f, s, sp))| (c, l, f, s, sp))
                .collect();
            match tweak {
                1 => out[at].0 = n,
                2 => {
                    out.remove(at);
                }
                _ => {}
            }
            out
        })
}

/// Plays a few games of every column game on a layout that parsed.
fn play_on(layout: Layout) {
    let specs: Vec<PolicySpec> = ["one-roll", "fixed-risk:0.3", "ev"]
        .iter()
        .map(|s| PolicySpec::parse(s).unwrap())
        .collect();
    let m = Matchup { slots: specs };
    for game in [GameKind::Route66, GameKind::CantStop] {
        let mut rules = if game == GameKind::Route66 {
            Rules::route66(Edition::De, 3)
        } else {
            Rules::new(game, 3)
        };
        rules.layout = layout;
        let stats = ColumnFamily::new(rules).play(&m, 1, matchup_key(&m), 0, 2);
        assert_eq!(stats.slot_total(0).games, 2);
    }
    let mut rules = Rules::new(GameKind::GreatRaces, 3);
    rules.layout = layout;
    let races = RacesFamily(rules);
    let m = Matchup {
        slots: ["race-points", "race-margin", "random"]
            .map(|s| races.parse_spec(s).unwrap())
            .to_vec(),
    };
    assert_eq!(
        races.play(&m, 1, matchup_key(&m), 0, 2).slot_total(0).games,
        2
    );
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn replay_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        replay_bytes(&bytes)?;
    }

    #[test]
    fn replay_arbitrary_text(text in "(((roll|use|stop|game|players|variant|edition|#)[ \\t]?)?[ -~\\n\\t\\r\\x00-\\x1fé…]{0,12}\\n?){0,30}") {
        replay_bytes(text.as_bytes())?;
    }

    #[test]
    fn replay_guided_then_mutated(game in 0u8..3, players in 1u8..=4, steps in steps(), edits in edits()) {
        let text = guided_record(game, players, &steps);
        let record = Record::parse(&text).unwrap();
        let rules = record.setup(&Overrides::default()).unwrap().rules;
        play(&record, &rules).unwrap();
        replay_bytes(&mutate(text.into_bytes(), &edits))?;
    }

    #[test]
    fn board_arbitrary_text(text in "\\PC{0,300}") {
        match Layout::from_toml(&text) {
            Ok(l) => play_on(l),
            Err(e) => one_line(&e)?,
        }
    }

    #[test]
    fn board_builtin_mutated(which in 0usize..4, edits in edits()) {
        let l = [Layout::route66_en(), Layout::route66_de(), Layout::cant_stop(), Layout::great_races()][which];
        let bytes = mutate(l.to_toml("t").into_bytes(), &edits);
        if let Ok(text) = String::from_utf8(bytes) {
            match Layout::from_toml(&text) {
                Ok(l) => play_on(l),
                Err(e) => one_line(&e)?,
            }
        }
    }

    #[test]
    fn board_loose_columns(cols in loose_columns()) {
        match Layout::from_toml(&board_text(&cols)) {
            Ok(l) => play_on(l),
            Err(e) => one_line(&e)?,
        }
    }

    #[test]
    fn spec_arbitrary_text(text in "\\PC{0,60}") {
        match PolicySpec::parse(&text) {
            Ok(spec) => prop_assert_eq!(PolicySpec::parse(&spec.name), Ok(spec)),
            Err(e) => one_line(&e)?,
        }
    }

    #[test]
    fn spec_structured(
        name in prop::sample::select(vec!["one-roll", "fixed-risk", "ev", "expected-value", "rule28", "glenn", "rule-of-n", "rolls", "random", ""]),
        params in prop::collection::vec("[a-z]{0,8}=?[-+0-9./eE]{0,8}|ignore-top|inf|NaN|[\n\t ]", 0..4),
        colon in any::<bool>(),
    ) {
        let text = if colon { format!("{name}:{}", params.join(",")) } else { name.to_string() };
        match PolicySpec::parse(&text) {
            Ok(spec) => prop_assert_eq!(PolicySpec::parse(&spec.name), Ok(spec)),
            Err(e) => one_line(&e)?,
        }
    }
}
