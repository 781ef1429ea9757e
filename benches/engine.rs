//! Criterion benchmarks of the hot path: the roll evaluator, one complete game of each game and
//! policy family (single thread, fixed seeds), and end-to-end tournament runs (all threads).
//!
//! Groups and their throughput elements:
//! - `roll_evaluator`: rolls evaluated (legal choices of a position and roll), through the
//!   public `Game::choices` and the engine's in-place `Game::fill_choices`;
//! - `one_game`: games, for Route 66 and Can't Stop × every policy family, The Great Races once
//!   (`great-races/race-choice`: there every family plays the same games, see `common`), and
//!   every Shortcut and Treasure Hunt policy family; `one_game_slow`: `optimal-turn` in Can't
//!   Stop, with fewer samples;
//! - `tournament`: games of a 2-player matchup over every thread.
//!
//! Fixtures (policy lists, positions, the single-game closures) are in `common`.

mod common;

use common::{
    check_races_play_alike, column_game, positions, shortcut_game, treasure_game, COLUMN_POLICIES,
    PRESS_GAMES, RACE_POLICY, SHORTCUT_POLICIES, TREASURE_POLICIES,
};
use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use pressluck::columns::{ChoiceList, GameKind, Rules};
use pressluck::policy::PolicySpec;
use pressluck::sim::runner::run_matchup;
use pressluck::sim::schedule::Matchup;

/// Positions evaluated per `roll_evaluator` iteration.
const POSITIONS: usize = 4096;

/// Games per `tournament` iteration.
const TOURNAMENT_GAMES: u64 = 20_000;

fn roll_evaluator(c: &mut Criterion) {
    let mut group = c.benchmark_group("roll_evaluator");
    for game in [GameKind::Route66, GameKind::CantStop] {
        let rules = Rules::new(game, 2);
        let pos = positions(&rules, POSITIONS);
        group.throughput(Throughput::Elements(pos.len() as u64));
        // The public form: a fresh list returned per roll.
        group.bench_function(BenchmarkId::new("legal_choices", game.name()), |b| {
            b.iter(|| {
                let mut n = 0usize;
                for (g, roll) in black_box(&pos) {
                    n += g.choices(&rules, *roll).len();
                }
                black_box(n)
            })
        });
        // The engine's form: one list reused for every roll.
        group.bench_function(BenchmarkId::new("fill_choices", game.name()), |b| {
            let mut list = ChoiceList::default();
            b.iter(|| {
                let mut n = 0usize;
                for (g, roll) in black_box(&pos) {
                    g.fill_choices(&rules, *roll, &mut list);
                    n += list.len();
                }
                black_box(n)
            })
        });
    }
    group.finish();
}

/// Benchmarks `play` as `game/policy`: one complete game per iteration, the seed advancing
/// every iteration so each plays a different game.
fn bench_game<T>(
    group: &mut BenchmarkGroup<WallTime>,
    game: &str,
    policy: &str,
    mut play: impl FnMut(u64) -> T,
) {
    let mut seed = 0u64;
    group.bench_function(BenchmarkId::new(game, policy), |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(seed))
        })
    });
}

fn one_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("one_game");
    group.throughput(Throughput::Elements(1));
    for game in PRESS_GAMES {
        for policy in COLUMN_POLICIES {
            bench_game(&mut group, game.name(), policy, column_game(game, policy));
        }
    }
    let races = GameKind::GreatRaces;
    check_races_play_alike();
    bench_game(
        &mut group,
        races.name(),
        "race-choice",
        column_game(races, RACE_POLICY),
    );
    for policy in SHORTCUT_POLICIES {
        bench_game(&mut group, "shortcut", policy, shortcut_game(policy));
    }
    for policy in TREASURE_POLICIES {
        bench_game(&mut group, "treasure-hunt", policy, treasure_game(policy));
    }
    group.finish();
}

/// `optimal-turn` (a dynamic programme per decision, ~0.3 s a Can't Stop game): 10 samples,
/// flat sampling so a sample is a few games rather than up to 10 × more.
fn one_game_slow(c: &mut Criterion) {
    let mut group = c.benchmark_group("one_game_slow");
    group.throughput(Throughput::Elements(1));
    group.sample_size(10);
    group.sampling_mode(criterion::SamplingMode::Flat);
    let (game, policy) = (GameKind::CantStop, "optimal-turn");
    bench_game(&mut group, game.name(), policy, column_game(game, policy));
    group.finish();
}

fn tournament(c: &mut Criterion) {
    let mut group = c.benchmark_group("tournament");
    group.sample_size(10);
    group.throughput(Throughput::Elements(TOURNAMENT_GAMES));
    let cases = [
        (GameKind::CantStop, "fixed-risk:0.3", "one-roll"),
        (GameKind::Route66, "rule28", "fixed-risk:0.3"),
    ];
    for (game, a, b) in cases {
        let rules = Rules::new(game, 2);
        let m = Matchup {
            slots: vec![PolicySpec::parse(a).unwrap(), PolicySpec::parse(b).unwrap()],
        };
        let id = format!("{}_2p_all_threads", game.name());
        group.bench_function(id, |bench| {
            bench.iter(|| black_box(run_matchup(&rules, &m, 1, 0, TOURNAMENT_GAMES, &|_| {})))
        });
    }
    group.finish();
}

criterion_group!(benches, roll_evaluator, one_game, one_game_slow, tournament);
criterion_main!(benches);
