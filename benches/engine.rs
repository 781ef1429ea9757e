//! Criterion benchmarks of the hot path: the roll evaluator, one complete game of each game and
//! policy family (single thread, fixed seeds), and an end-to-end tournament chunk.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use pressluck::columns::{Game, GameKind, Rules};
use pressluck::dice::{self, Roll};
use pressluck::policy::PolicySpec;
use pressluck::sim::dice_source::RngDice;
use pressluck::sim::play::play_game;
use pressluck::sim::runner::run_matchup;
use pressluck::sim::schedule::Matchup;
use pressluck::sim::stats::MatchupStats;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Positions met in real play (random legal games) paired with fresh rolls.
fn positions(rules: &Rules, n: usize) -> Vec<(Game, Roll)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut out = Vec::with_capacity(n);
    let mut g = Game::new();
    while out.len() < n {
        if g.finished() {
            g = Game::new();
        }
        let roll = dice::sample(&mut rng);
        out.push((g, roll));
        let choices = g.choices(rules, roll);
        if choices.is_empty() {
            g.bust(rules);
        } else {
            g.apply(rules, choices.as_slice()[rng.gen_range(0..choices.len())]);
            if rng.gen_bool(0.3) {
                g.stop(rules);
            }
        }
    }
    out
}

fn roll_evaluator(c: &mut Criterion) {
    let mut group = c.benchmark_group("roll_evaluator");
    for game in [GameKind::Route66, GameKind::CantStop] {
        let rules = Rules::new(game, 2);
        let pos = positions(&rules, 4096);
        group.throughput(Throughput::Elements(pos.len() as u64));
        group.bench_function(BenchmarkId::new("legal_choices", game.name()), |b| {
            b.iter(|| {
                let mut n = 0usize;
                for (g, roll) in &pos {
                    n += g.choices(&rules, *roll).len();
                }
                black_box(n)
            })
        });
    }
    group.finish();
}

fn one_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("one_game");
    group.throughput(Throughput::Elements(1));
    let cases = [
        (GameKind::CantStop, "fixed-risk:0.3"),
        (GameKind::CantStop, "one-roll"),
        (GameKind::Route66, "fixed-risk:0.3"),
        (GameKind::Route66, "one-roll"),
        (GameKind::GreatRaces, "one-roll"),
    ];
    for (game, policy) in cases {
        let rules = Rules::new(game, 2);
        let spec = PolicySpec::parse(policy).unwrap();
        let mut pols = vec![spec.build(&rules), spec.build(&rules)];
        let mut stats = MatchupStats::default();
        let mut seed = 0u64;
        group.bench_function(BenchmarkId::new(game.name(), policy), |b| {
            b.iter(|| {
                seed += 1;
                let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(seed));
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(!seed);
                black_box(play_game(
                    &rules,
                    &mut pols,
                    &[0, 1],
                    &mut dice,
                    &mut rng,
                    &mut stats,
                ))
            })
        });
    }
    group.finish();
}

fn tournament(c: &mut Criterion) {
    let mut group = c.benchmark_group("tournament");
    group.sample_size(10);
    let games = 20_000u64;
    group.throughput(Throughput::Elements(games));
    let rules = Rules::new(GameKind::CantStop, 2);
    let m = Matchup {
        slots: vec![
            PolicySpec::parse("fixed-risk:0.3").unwrap(),
            PolicySpec::parse("one-roll").unwrap(),
        ],
    };
    group.bench_function("cant-stop_2p_all_threads", |b| {
        b.iter(|| black_box(run_matchup(&rules, &m, 1, 0, games, &|_| {})))
    });
    group.finish();
}

criterion_group!(benches, roll_evaluator, one_game, tournament);
criterion_main!(benches);
