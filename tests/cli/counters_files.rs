//! Fuzzing the counters files that `merge` and `--resume` read, with proptest: arbitrary bytes,
//! and a real shard's file mutated (bytes flipped, inserted, deleted; fields replaced) and
//! re-signed so the mutation reaches past the checksum. Nothing may panic and every error is one
//! line; what parses is added up and written out as the result and stop tables.
//!
//! CI runs a modest number of cases; set `PROPTEST_CASES` for a long local run, e.g.
//! `PROPTEST_CASES=100000 cargo test --test cli counters_files`.

use crate::fuzz::{config, edits, mutate, one_line};
use pressluck::output::counters_csv::{CountersFile, RunId, RunKind};
use pressluck::output::run_id::definitions;
use pressluck::output::tournament_csv::TournamentResult;
use pressluck_core::columns::{GameKind, Rules};
use pressluck_core::counters::sums_fit;
use pressluck_core::games::{ColumnFamily, Matchup};
use pressluck_core::policy::PolicySpec;
use pressluck_core::sim::{matchups, Plan, Progress, Shard};
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

/// A real counters file: shard 2/3 of a small Can't Stop run, a tournament of three matchups
/// or (`sweep`) a sweep of two points against one opponent.
fn counters_text(sweep: bool) -> &'static str {
    static TEXT: [OnceLock<String>; 2] = [OnceLock::new(), OnceLock::new()];
    TEXT[sweep as usize].get_or_init(|| {
        let family = ColumnFamily::new(Rules::new(GameKind::CantStop, 2));
        let specs = ["one-roll", "fixed-risk:0.3", "rule28", "fixed-risk:0.2"]
            .map(|s| PolicySpec::parse(s).unwrap());
        let (ms, kind) = if sweep {
            let grid = [&specs[3], &specs[1]].map(|p| Matchup {
                slots: vec![p.clone(), specs[0].clone()],
            });
            let template = "fixed-risk:{0.2..0.3 step 0.1}".into();
            let points = vec!["0.2".into(), "0.3".into()];
            (grid.to_vec(), RunKind::Sweep { template, points })
        } else {
            (matchups(&specs[..3], 2), RunKind::Tournament)
        };
        let plan = Plan {
            seed: 3,
            games: 7000,
            shard: Shard { index: 2, count: 3 },
        };
        let stop = AtomicBool::new(false);
        let progress = pressluck_core::sim::run(
            &family,
            &ms,
            plan,
            Progress::new(ms.len()),
            &stop,
            &|_, _, _| {},
        );
        let run = RunId {
            game: "cant-stop".into(),
            rules: "en".into(),
            board: "cant-stop".into(),
            setup: "fuzz".into(),
            players: 2,
            matchups: ms.iter().map(|m| m.name()).collect(),
            policies: definitions(&ms),
            games: plan.games,
            seed: plan.seed,
            kind,
        };
        let file = CountersFile {
            run,
            shard: plan.shard,
            progress,
        };
        let bytes = file.to_csv().unwrap();
        assert_eq!(CountersFile::from_csv(&bytes).as_ref(), Ok(&file));
        String::from_utf8(bytes).unwrap()
    })
}

/// Reads counters bytes as `merge` and `--resume` do; what parses is added to itself and
/// written out as the result and stop tables (a sweep's as its result table).
fn use_counters(bytes: &[u8]) -> Result<(), TestCaseError> {
    let f = match CountersFile::from_csv(bytes) {
        Ok(f) => f,
        Err(e) => return one_line(&e),
    };
    let _ = f.progress.complete(f.run.games, f.shard);
    let mut stats = f.progress.stats.clone();
    for s in &mut stats {
        if sums_fit(&[s, s], u64::MAX) {
            let copy = s.clone();
            *s += &copy;
        }
    }
    if let RunKind::Sweep { .. } = f.run.kind {
        // The reader checked the sweep's grid: its result builds.
        let result = pressluck::output::sweep_csv::result(&f.run, &stats, true).unwrap();
        result.to_csv().unwrap();
        let _ = result.summary();
        return Ok(());
    }
    let result = TournamentResult {
        provenance: f.run.provenance(),
        players: f.run.players,
        matchups: f
            .run
            .matchups
            .iter()
            .map(|m| m.split('|').map(String::from).collect())
            .zip(stats)
            .collect(),
        partial: true,
        games: f.run.games,
    };
    result.to_csv().unwrap();
    result.stop_table_csv().unwrap();
    let _ = result.summary();
    Ok(())
}

/// Numbers and texts that probe the counters reader's checks.
fn odd_field() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        prop::sample::select(vec![
            "0",
            "1",
            "4",
            "5",
            "9",
            "-1",
            "a|b|c|d|e",
            "0-99999999999",
            "3-1"
        ])
        .prop_map(String::from),
        any::<u64>().prop_map(|v| v.to_string()),
        (0u64..3).prop_map(|k| format!("{}", u64::MAX / 2 - k)),
    ]
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn counters_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        use_counters(&bytes)?;
        use_counters(&crate::fixture::sign(&bytes))?;
    }

    #[test]
    fn counters_mutated_and_resigned(edits in edits(), sweep in any::<bool>()) {
        let text = counters_text(sweep);
        let bytes = mutate(crate::fixture::body(text.as_bytes()).to_vec(), &edits);
        use_counters(&bytes)?;
        use_counters(&crate::fixture::sign(&bytes))?;
    }

    #[test]
    fn counters_field_replaced_and_resigned(line in any::<usize>(), field in 0usize..18, value in odd_field(), sweep in any::<bool>()) {
        let text = counters_text(sweep);
        let mut lines: Vec<String> = crate::fixture::body(text.as_bytes())
            .split(|&b| b == b'\n')
            .map(|l| String::from_utf8_lossy(l).into_owned())
            .collect();
        lines.pop();
        let i = line % lines.len();
        let mut fields: Vec<String> = lines[i].split(',').map(String::from).collect();
        if field < fields.len() {
            fields[field] = value;
        }
        lines[i] = fields.join(",");
        use_counters(&crate::fixture::sign((lines.join("\n") + "\n").as_bytes()))?;
    }
}
