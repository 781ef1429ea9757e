//! Criterion benchmarks of the hot path: the roll evaluator, one complete game of each game and
//! policy family (single thread, fixed seeds), and end-to-end tournament runs (all threads).
//!
//! Groups and their throughput elements:
//! - `roll_evaluator`: rolls evaluated, for the same positions and rolls in every row: their
//!   legal choices, through the public `Game::choices` (`legal_choices`) and the in-place
//!   `Game::fill_choices` (`fill_choices`: the engine's path for policies valuing the board);
//!   for a shape-choosing policy (`fixed-risk`: the shared rule, `rule28`: scored), the pick
//!   ranked on the turn's shape by `TurnShape::best_choice` in AVX2 lanes (`rank`, skipped with
//!   a note on a CPU without AVX2), each row first checked to pick as the policy does;
//! - `one_game`: games, for Route 66 and Can't Stop × every policy family, The Great Races ×
//!   every pairing rule, and every Shortcut and Treasure Hunt policy family; `one_game_slow`:
//!   `optimal-turn` in Can't Stop, with fewer samples;
//! - `lanes`: games of 2-player Can't Stop and Route 66, `fixed-risk:0.3` in both seats, and
//!   of Route 66 `rule28` against it (`route66-rule28`), on one thread: by the scalar engine
//!   (`scalar`, ranking as it does in every game) and by the AVX2 lanes (`avx2`; skipped with a
//!   note on a CPU without AVX2), first checked to count the same games;
//! - `tournament`: games of a 2-player matchup over every thread;
//! - `rollouts`: games played on from a position, for one Can't Stop roll-or-stop decision
//!   (cars on 4, 7 and 10), `tuned-cant-stop-duel` in both seats, 2 options × 10,000 rollouts
//!   over every thread.
//!
//! Fixtures (policy lists, positions, the single-game closures) are in `common`.

mod common;

use common::{
    check_picks, column_game, positions, race_game, shaped, shortcut_game, treasure_game, Ranker,
    ShapedRoll, COLUMN_POLICIES, PRESS_GAMES, RACE_POLICIES, SHORTCUT_POLICIES, TREASURE_POLICIES,
};
use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use pressluck_core::columns::{ChoiceList, Game, GameKind, Rules};
use pressluck_core::counters::MatchupStats;
use pressluck_core::dice::Roll;
use pressluck_core::engine::{play_games, play_scalar, Avx2, LanePlan};
use pressluck_core::games::{ColumnFamily, Matchup};
use pressluck_core::policy::{AnyPolicy, PolicySpec};
use pressluck_core::sim::play_matchup;

/// Positions evaluated per `roll_evaluator` iteration.
const POSITIONS: usize = 4096;

/// The shape-choosing policies of the ranking rows, as `(label, spec)`: the shared choice rule
/// alone (no points) and a scored rule.
const RANKED_POLICIES: [(&str, &str); 2] = [("fixed-risk", "fixed-risk:0.3"), ("rule28", "rule28")];

/// Games per `lanes` iteration.
const LANE_GAMES: u64 = 2048;

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
        ranking_rows(&mut group, &rules, &pos);
    }
    group.finish();
}

/// The `roll_evaluator` rows of the shape-choosing policies (see the module comment) on `pos`,
/// each first checked to pick as the policy does from the roll evaluator's list.
fn ranking_rows(group: &mut BenchmarkGroup<WallTime>, rules: &Rules, pos: &[(Game, Roll)]) {
    let game = rules.game.name();
    let Some(avx2) = Avx2::cpu() else {
        println!("roll_evaluator: no rank/{game}: this CPU has no AVX2");
        return;
    };
    let rolls = shaped(rules, pos);
    for (label, spec) in RANKED_POLICIES {
        let (bust, ranked) = check_picks(rules, spec, pos, avx2);
        println!("roll_evaluator {game}/{label}: {bust} bust, {ranked} ranked");
        let ranker = Ranker::new(rules, spec, avx2);
        assert_eq!(ranker.scores.is_shared_rule(), label == "fixed-risk");
        group.bench_function(BenchmarkId::new("rank", format!("{game}/{label}")), |b| {
            b.iter(|| black_box(pass(rules, black_box(&ranker), black_box(&rolls))))
        });
    }
}

/// One pass of the ranking row over `rolls`: a checksum of the engine's picks, in order.
/// Busting rolls are counted as the engine counts them: each is one of the row's rolls, and
/// costs the `usable_sums` check alone (the engine checks it before any pick), so that every
/// `roll_evaluator` row divides its time by the same rolls.
fn pass(rules: &Rules, ranker: &Ranker, rolls: &[ShapedRoll]) -> u64 {
    let mut sum = 0u64;
    for r in rolls {
        if r.shape.usable_sums(r.outcome).is_empty() {
            continue;
        }
        let c = ranker.pick(rules, r);
        sum = sum.rotate_left(5) ^ ((c.first as u64) << 4 | c.second as u64);
    }
    sum
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
    for policy in RACE_POLICIES {
        let game = GameKind::GreatRaces.name();
        bench_game(&mut group, game, policy, race_game(policy));
    }
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

/// The lanes engine against the scalar one, on one thread and the same games: 2-player Can't
/// Stop and Route 66.
fn lanes(c: &mut Criterion) {
    let mut group = c.benchmark_group("lanes");
    group.throughput(Throughput::Elements(LANE_GAMES));
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    // `fixed-risk` against itself, and Route 66's `rule28` against it (Rule of N lanes).
    let cases = [
        (GameKind::CantStop, ["fixed-risk:0.3"; 2], ""),
        (GameKind::Route66, ["fixed-risk:0.3"; 2], ""),
        (GameKind::Route66, ["rule28", "fixed-risk:0.3"], "-rule28"),
    ];
    for (game, specs, tag) in cases {
        let rules = Rules::new(game, 2);
        let game = format!("{game}{tag}");
        let pols: Vec<AnyPolicy> = specs
            .iter()
            .map(|s| PolicySpec::parse(s).unwrap().build(&rules))
            .collect();
        let avx2 = Avx2::cpu();
        let scalar = || play_scalar(&rules, &pols, avx2, 1, 0, 0, LANE_GAMES);
        let want = one_thread.install(scalar);
        group.bench_function(format!("{game}/scalar"), |b| {
            b.iter(|| black_box(one_thread.install(scalar)))
        });
        let Some(plan) = avx2.and_then(|t| LanePlan::new(t, &rules, &pols)) else {
            println!("lanes/{game}/avx2: skipped, this CPU has no AVX2");
            continue;
        };
        let play = || {
            let mut stats = MatchupStats::default();
            play_games(&rules, &plan, 1, 0, 0, LANE_GAMES, &mut stats);
            stats
        };
        assert_eq!(play(), want, "the lanes play the scalar engine's games");
        group.bench_function(format!("{game}/avx2"), |b| b.iter(|| black_box(play())));
    }
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
        let family = ColumnFamily::new(Rules::new(game, 2));
        let m = Matchup {
            slots: vec![PolicySpec::parse(a).unwrap(), PolicySpec::parse(b).unwrap()],
        };
        let id = format!("{}_2p_all_threads", game.name());
        group.bench_function(id, |bench| {
            bench.iter(|| black_box(play_matchup(&family, &m, 1, TOURNAMENT_GAMES)))
        });
    }
    group.finish();
}

/// Rollouts an option per `rollouts` iteration.
const ROLLOUTS: u64 = 10_000;

fn rollouts(c: &mut Criterion) {
    use pressluck_core::columns::Choice;
    use pressluck_core::engine::ColumnPosition;
    use pressluck_core::games::{Family, WithStrategies};
    use pressluck_core::sim::roll_out;
    let mut group = c.benchmark_group("rollouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(2 * ROLLOUTS));
    let rules = Rules::new(GameKind::CantStop, 2);
    let family = WithStrategies::builtin(ColumnFamily::new(rules));
    let mut game = Game::new();
    for (a, b) in [(4, 7), (4, 10), (7, 10), (7, 7), (4, 10)] {
        game.turn = game.turn.after(&rules, &game.board, 0, Choice::two(a, b));
    }
    game.turn.rolls = 5;
    let roll = ColumnPosition {
        game,
        decide_first: false,
    };
    let mut stop = roll;
    stop.game.stop(&rules);
    let spec = family.parse_spec("tuned-cant-stop-duel").unwrap();
    let seats = family.seats(&[spec]).unwrap();
    let options = [roll, stop];
    group.bench_function("cant-stop_roll_or_stop_2x10000", |bench| {
        bench.iter(|| black_box(roll_out(&family, &seats, &options, 0, 0, ROLLOUTS, 1)))
    });
    group.finish();
}

criterion_group!(
    benches,
    roll_evaluator,
    one_game,
    one_game_slow,
    lanes,
    tournament,
    rollouts
);
criterion_main!(benches);
