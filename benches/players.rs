//! Criterion benchmark of the player protocol's cost per decision (docs/players.md): games of
//! 2-player Can't Stop, a seat that takes the first option of every decision against `glenn`,
//! on one thread, throughput in decisions. Rows:
//! - `in_process`: the seat asked in the process (the table, its questions and the position's
//!   JSON, no pipe): what the games cost before any bot;
//! - `compiled_bot`: the seat a bot process — this benchmark's own binary, run as a minimal bot
//!   (`PRESSLUCK_BENCH_BOT=1`: it finds the first option in the line and answers it) — so the
//!   row is the protocol's own cost: messages written, a pipe each way, answers read;
//! - `python_hello`: the seat `examples/bots/hello.py`, whose JSON parsing in Python adds its
//!   own cost (skipped with a note without `python3`).
//!
//! The Python `rule28.py`'s games per second on two threads are measured by `pressluck bench`
//! like any policy: see the README's performance table.

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use pressluck::players::Bots;
use pressluck_core::columns::{GameKind, Rules};
use pressluck_core::games::asked::{AskedSeat, Asker, GameEnd, GameStart, Question, SeatSpec};
use pressluck_core::games::{ColumnFamily, Family, Matchup, StrategyBook};
use pressluck_core::policy::PolicySpec;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Games per iteration.
const GAMES: u64 = 40;

/// A seat asked in the process that takes the first option, counting the decisions.
#[derive(Debug, Default)]
struct First {
    asked: AtomicU64,
}

impl Asker for First {
    fn definition(&self) -> String {
        "first".into()
    }
    fn begin(&self, _: &GameStart) {}
    fn ask(&self, q: &Question) -> Option<usize> {
        std::hint::black_box(&q.position);
        self.asked.fetch_add(1, Ordering::Relaxed);
        Some(0)
    }
    fn end(&self, _: &GameEnd) {}
}

/// The minimal bot: greets, then answers the first option of each decision, found by a scan
/// of the line (no JSON parser).
fn minimal_bot() {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        if line.starts_with("{\"type\":\"hello\"") {
            let _ = writeln!(out, "{{}}");
        } else if line.starts_with("{\"type\":\"decision\"") {
            let first = line
                .split_once("\"options\":[\"")
                .and_then(|(_, rest)| rest.split_once('"'))
                .map_or("", |(label, _)| label);
            let _ = writeln!(out, "{{\"option\":\"{first}\"}}");
        } else {
            continue;
        }
        let _ = out.flush();
    }
}

fn protocol(c: &mut Criterion) {
    let rules = Rules::new(GameKind::CantStop, 2);
    let family = ColumnFamily::new(rules);
    let glenn = PolicySpec::parse("glenn").unwrap();
    // The decisions of the games, counted once by the seat asked in the process (every row's
    // seat answers alike, so plays the same games).
    let first = Arc::new(First::default());
    let in_process = PolicySpec::asked(AskedSeat::new("first", first.clone()));
    let m = Matchup {
        slots: vec![in_process, glenn.clone()],
    };
    family.play(&m, 1, 7, 0, GAMES);
    let decisions = first.asked.load(Ordering::Relaxed);
    let book = StrategyBook::builtin().with_bots(Arc::new(Bots));
    let exe = std::env::current_exe().unwrap().display().to_string();
    let mut rows = vec![("in_process", Some(m))];
    for (row, command) in [
        ("compiled_bot", format!("bot:{exe}")),
        (
            "python_hello",
            "bot:python3 examples/bots/hello.py".to_string(),
        ),
    ] {
        let python = command.contains("python3");
        if python
            && std::process::Command::new("python3")
                .arg("-V")
                .output()
                .is_err()
        {
            eprintln!("python_hello: skipped, no python3 on this machine");
            rows.push((row, None));
            continue;
        }
        let seat = book.asked("cant-stop", &command).unwrap().unwrap();
        let bot = PolicySpec::asked(seat);
        rows.push((
            row,
            Some(Matchup {
                slots: vec![bot, glenn.clone()],
            }),
        ));
    }
    let mut group = c.benchmark_group("protocol");
    group.throughput(Throughput::Elements(decisions));
    group.sample_size(10);
    for (row, m) in rows {
        let Some(m) = m else { continue };
        group.bench_with_input(BenchmarkId::from_parameter(row), &m, |b, m| {
            b.iter(|| family.play(m, 1, 7, 0, GAMES))
        });
    }
    group.finish();
    pressluck::players::session().end_bots();
}

criterion_group!(benches, protocol);

fn main() {
    if std::env::var_os("PRESSLUCK_BENCH_BOT").is_some() {
        return minimal_bot();
    }
    // The bench's own binary is the minimal bot of its processes.
    std::env::set_var("PRESSLUCK_BENCH_BOT", "1");
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
