//! Criterion benchmarks of the hot path: the roll evaluator, one complete game of each game and
//! policy family (single thread, fixed seeds), and end-to-end tournament runs (all threads).
//!
//! Groups and their throughput elements:
//! - `roll_evaluator`: rolls evaluated, for the same positions and rolls in every row: their
//!   legal choices, through the public `Game::choices` (`legal_choices`) and the in-place
//!   `Game::fill_choices` (`fill_choices`: the engine's path for policies valuing the board),
//!   and as sets, eight positions a call, by the lanes' evaluator (`lane_legal_sets`: the code
//!   the AVX2 kernel chooses with; skipped with a note on a CPU without AVX2);
//!   for a shape-choosing policy (`fixed-risk`: the shared rule, `rule28`: scored), the pick
//!   ranked on the turn's shape by `TurnShape::best_choice` in AVX2 lanes (`rank_vector`,
//!   skipped with a note on a CPU without AVX2) or one candidate after another
//!   (`rank_scalar`), and the engine's whole pick, the plain table first (`pick`);
//! - `one_game`: games, for Route 66 and Can't Stop × every policy family, The Great Races once
//!   (`great-races/race-choice`: there every family plays the same games, see `common`), and
//!   every Shortcut and Treasure Hunt policy family; `one_game_slow`: `optimal-turn` in Can't
//!   Stop, with fewer samples;
//! - `lanes`: games of 2-player Can't Stop and Route 66, `fixed-risk:0.3` in both seats, and
//!   of Route 66 `rule28` against it (`route66-rule28`), on one thread: by the scalar engine (`scalar`, ranking as it does in every game) and by each
//!   vector-lane kernel this CPU runs for the game (`Avx512`, `Avx2`; skipped with a note
//!   otherwise);
//! - `tournament`: games of a 2-player matchup over every thread.
//!
//! Fixtures (policy lists, positions, the single-game closures) are in `common`.

mod common;

use common::{
    check_picks, check_races_play_alike, column_game, positions, shaped, shortcut_game,
    treasure_game, Ranker, ShapedRoll, COLUMN_POLICIES, PRESS_GAMES, RACE_POLICY,
    SHORTCUT_POLICIES, TREASURE_POLICIES,
};
use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use pressluck::columns::{ChoiceList, Game, GameKind, Rules};
use pressluck::dice::Roll;
use pressluck::policy::{AnyPolicy, PolicySpec};
use pressluck::sim::lanes::{play_games, Kernel, LanePlan};
use pressluck::sim::runner::{run_matchup, run_scalar};
use pressluck::sim::schedule::Matchup;
use pressluck::sim::stats::MatchupStats;

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
        lane_row(&mut group, &rules, &pos);
        ranking_rows(&mut group, &rules, &pos);
    }
    group.finish();
}

/// The `roll_evaluator` row of the lanes' evaluator (`lane_legal_sets`, skipped with a note
/// where it does not run): the same positions and rolls, eight a call, held as the lanes hold
/// them (loaded outside the measurement, as the kernel keeps its lanes' positions up to date),
/// once checked to count the engine's choices.
#[cfg(target_arch = "x86_64")]
fn lane_row(group: &mut BenchmarkGroup<WallTime>, rules: &Rules, pos: &[(Game, Roll)]) {
    use pressluck::sim::lanes::evaluator::{LaneEvaluator, LanePositions, LANES};
    let game = rules.game.name();
    let Some(eval) = LaneEvaluator::new(rules) else {
        println!("roll_evaluator: no lane_legal_sets/{game}: this CPU has no AVX2");
        return;
    };
    let batches: Vec<(LanePositions, [u32; LANES])> = pos
        .chunks_exact(LANES)
        .map(|chunk| {
            let mut lanes = LanePositions::default();
            for (l, (g, _)) in chunk.iter().enumerate() {
                lanes.set(l, g);
            }
            (lanes, core::array::from_fn(|l| chunk[l].1.index() as u32))
        })
        .collect();
    let count = |batches: &[(LanePositions, [u32; LANES])]| {
        let mut n = 0usize;
        for (lanes, rolls) in batches {
            n += eval
                .evaluate(lanes, rolls)
                .iter()
                .map(|s| s.len())
                .sum::<usize>();
        }
        n
    };
    let engine: usize = pos
        .iter()
        .map(|(g, roll)| g.choices(rules, *roll).len())
        .sum();
    assert_eq!(
        count(&batches),
        engine,
        "the lanes count the engine's choices"
    );
    group.bench_function(BenchmarkId::new("lane_legal_sets", game), |b| {
        b.iter(|| black_box(count(black_box(&batches))))
    });
}

#[cfg(not(target_arch = "x86_64"))]
fn lane_row(_: &mut BenchmarkGroup<WallTime>, rules: &Rules, _: &[(Game, Roll)]) {
    println!(
        "roll_evaluator: no lane_legal_sets/{}: not x86_64",
        rules.game.name()
    );
}

/// The `roll_evaluator` rows of the shape-choosing policies (see the module comment) on `pos`,
/// once each checked to pick as the policy does from the list and every row to agree.
fn ranking_rows(group: &mut BenchmarkGroup<WallTime>, rules: &Rules, pos: &[(Game, Roll)]) {
    let rolls = shaped(rules, pos);
    let game = rules.game.name();
    for (label, spec) in RANKED_POLICIES {
        let counts = check_picks(rules, spec, pos);
        println!(
            "roll_evaluator {game}/{label}: {counts:?} of {} rolls",
            pos.len()
        );
        let ranker = Ranker::new(rules, spec);
        assert_eq!(ranker.scores.is_shared_rule(), label == "fixed-risk");
        let vector = ranker.vector;
        // The engine runs its x86-64-v3 loop exactly where it ranks in vector lanes.
        let v3 = vector;
        let sum = pass::<false>(rules, &ranker, &rolls, false);
        assert_eq!(pass_on::<false>(v3, rules, &ranker, &rolls, vector), sum);
        assert_eq!(pass_on::<true>(v3, rules, &ranker, &rolls, vector), sum);
        let param = format!("{game}/{label}");
        let mut row = |name: &str, run: &dyn Fn(&Ranker, &[ShapedRoll], bool) -> u64, v| {
            group.bench_function(BenchmarkId::new(name, &param), |b| {
                b.iter(|| black_box(run(black_box(&ranker), black_box(&rolls), black_box(v))))
            });
        };
        if vector {
            row(
                "rank_vector",
                &|r, x, v| pass_on::<false>(v3, rules, r, x, v),
                true,
            );
        } else {
            println!("roll_evaluator: no rank_vector/{param}: this CPU has no AVX2");
        }
        row(
            "rank_scalar",
            &|r, x, v| pass::<false>(rules, r, x, v),
            false,
        );
        // As the engine picks: in vector lanes, in a loop compiled for x86-64-v3, where the
        // CPU can.
        row(
            "pick",
            &|r, x, v| pass_on::<true>(v3, rules, r, x, v),
            vector,
        );
    }
}

/// One pass of a ranking row over `rolls`: the engine's whole pick (`Ranker::pick`) when
/// `PICK`, else `TurnShape::best_choice` alone; in vector lanes when `vector`. Returns a
/// checksum of the choices, in order.
///
/// Busting rolls are counted as the engine counts them: each is one of the row's rolls, and
/// costs the `usable_sums` check alone (the engine checks it before any pick), so that every
/// `roll_evaluator` row divides its time by the same rolls.
#[inline(always)]
fn pass<const PICK: bool>(
    rules: &Rules,
    ranker: &Ranker,
    rolls: &[ShapedRoll],
    vector: bool,
) -> u64 {
    let mut sum = 0u64;
    for r in rolls {
        let sums = r.shape.usable_sums(r.outcome);
        if sums.is_empty() {
            continue;
        }
        let c = if PICK {
            ranker.pick(rules, r, sums, vector)
        } else {
            let (cars, free, fg) = (r.turn.cars, r.turn.free_cars(rules), rules.faster_gear);
            r.shape
                .best_choice(r.outcome, cars, free, &ranker.scores, vector, fg)
        };
        sum = sum.rotate_left(5) ^ ((c.first as u64) << 4 | c.second as u64);
    }
    sum
}

/// [`pass`] compiled for x86-64-v3, as the engine compiles its turn loop for a CPU that ranks
/// in vector lanes (so that the AVX2 kernel may inline into the loop, as it may there).
///
/// # Safety
/// The CPU must have the features enabled here ([`pressluck::columns::rank_table::vector_cpu`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn pass_v3<const PICK: bool>(
    rules: &Rules,
    ranker: &Ranker,
    rolls: &[ShapedRoll],
    vector: bool,
) -> u64 {
    pass::<PICK>(rules, ranker, rolls, vector)
}

/// [`pass`], compiled for x86-64-v3 when `v3` (from [`pressluck::columns::rank_table::vector_cpu`]).
#[inline(always)]
fn pass_on<const PICK: bool>(
    v3: bool,
    rules: &Rules,
    ranker: &Ranker,
    rolls: &[ShapedRoll],
    vector: bool,
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if v3 {
        // SAFETY: `vector_cpu` found every feature `pass_v3` enables.
        return unsafe { pass_v3::<PICK>(rules, ranker, rolls, vector) };
    }
    let _ = v3;
    pass::<PICK>(rules, ranker, rolls, vector)
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
        let scalar = || run_scalar(&rules, &pols, 1, 0, 0, LANE_GAMES, &|_| {});
        let want = one_thread.install(scalar);
        group.bench_function(format!("{game}/scalar"), |b| {
            b.iter(|| black_box(one_thread.install(scalar)))
        });
        for kernel in Kernel::ALL {
            let plan = LanePlan::for_rules(&rules, &pols, kernel).expect("lanes play this");
            if !kernel.supported() || plan.kernel != kernel {
                eprintln!("lanes/{game}/{kernel:?}: skipped, this CPU or game cannot run it");
                continue;
            }
            let play = || {
                let mut stats = MatchupStats::default();
                play_games(&rules, &plan, 1, 0, 0, LANE_GAMES, &mut stats);
                stats
            };
            assert_eq!(play(), want, "{kernel:?} plays the scalar engine's games");
            group.bench_function(format!("{game}/{kernel:?}"), |b| {
                b.iter(|| black_box(play()))
            });
        }
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

criterion_group!(
    benches,
    roll_evaluator,
    one_game,
    one_game_slow,
    lanes,
    tournament
);
criterion_main!(benches);
