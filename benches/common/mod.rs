//! Fixtures of the engine benchmarks: the policy families benchmarked for each game, positions
//! met in real play (and their turn shapes, with a shape-choosing policy's pick as the engine
//! makes it), and one complete 2-player game of each game family as a function of its seed
//! (the benchmarks advance the seed every iteration).

use pressluck::columns::rank_table::vector_cpu;
use pressluck::columns::{
    Choice, ChoiceList, ChoiceScores, ColumnSet, Game, GameKind, PlainPicks, Rules, Turn, TurnShape,
};
use pressluck::dice::{self, Roll, ROLLS};
use pressluck::policy::{Policy as _, PolicySpec, View};
use pressluck::shortcut::engine::{self as shortcut_engine, RngD6};
use pressluck::shortcut::{Board, Policy, Setup, ShortcutFamily};
use pressluck::sim::dice_source::RngDice;
use pressluck::sim::family::Family;
use pressluck::sim::play::{play_game, Player};
use pressluck::sim::stats::MatchupStats;
use pressluck::treasure_hunt::family as treasure_engine;
use pressluck::treasure_hunt::policy::ThSpec;
use pressluck::treasure_hunt::{Deck, State, ThRules};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Seats at the table in every one-game benchmark.
pub const PLAYERS: u8 = 2;

/// The column-race games in which a turn is press-your-luck, so that each policy family plays
/// its own games: every family in [`COLUMN_POLICIES`] is benchmarked in each.
pub const PRESS_GAMES: [GameKind; 2] = [GameKind::Route66, GameKind::CantStop];

/// The Great Races: one roll per turn, so no policy is ever asked whether to roll on, and
/// every policy family takes the same choice rule there (`View::race_choice`). All families
/// play the very same games, so one benchmark row, `great-races/race-choice`, measures them,
/// played with this spec seated.
pub const RACE_POLICY: &str = "one-roll";

/// One spec of every built-in column policy family except `optimal-turn` (benchmarked apart,
/// it is three orders of magnitude slower). `rule-of-n` is covered by `rule28` and `glenn`.
pub const COLUMN_POLICIES: [&str; 7] = [
    "one-roll",
    "fixed-risk:0.3",
    "ev",
    "rule28",
    "glenn",
    "rolls:2",
    "random:0.3",
];

/// One spec of every built-in Shortcut policy family.
pub const SHORTCUT_POLICIES: [&str; 4] = ["main-road", "press:1", "threshold:3", "optimal"];

/// One spec of every built-in Treasure Hunt policy family (default thresholds).
pub const TREASURE_POLICIES: [&str; 3] = ["greedy", "runner", "thief"];

/// `n` positions met in real play (random legal games) paired with fresh rolls.
pub fn positions(rules: &Rules, n: usize) -> Vec<(Game, Roll)> {
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

/// A position's roll as the engine ranks it: the turn in hand, its [`TurnShape`] (worked out
/// here, outside any measurement: the engine keeps the shape up to date as the turn goes, so
/// building one is not per-roll work) and the roll's ordered outcome index.
#[derive(Clone, Copy, Debug)]
pub struct ShapedRoll {
    pub turn: Turn,
    pub shape: TurnShape,
    pub outcome: usize,
}

/// `pos` (from [`positions`]) with each position's turn shape.
pub fn shaped(rules: &Rules, pos: &[(Game, Roll)]) -> Vec<ShapedRoll> {
    pos.iter()
        .map(|(g, roll)| ShapedRoll {
            turn: g.turn,
            shape: TurnShape::new(rules, g),
            outcome: roll.index(),
        })
        .collect()
}

/// What the engine keeps to rank a shape-choosing policy's choices (`sim::play::Player`): its
/// points, its plain picks, and whether this CPU ranks in vector lanes.
pub struct Ranker {
    pub scores: ChoiceScores,
    pub plain: PlainPicks,
    pub vector: bool,
}

impl Ranker {
    /// The ranker of `spec` (a policy choosing by the turn's shape) under `rules`.
    pub fn new(rules: &Rules, spec: &str) -> Ranker {
        let policy = PolicySpec::parse(spec).expect("a built-in column policy spec");
        let scores = policy
            .build(rules)
            .choice_scores(rules)
            .unwrap_or_else(|| panic!("{spec} does not choose by the turn's shape"));
        Ranker {
            plain: PlainPicks::new(rules, &scores),
            scores,
            vector: vector_cpu(),
        }
    }

    /// The engine's pick for a roll with usable sums `sums` (not empty) in `turn` shaped
    /// `shape`, ranked with the vector kernel when `vector`: a plain roll's pick read off the
    /// table, else (or when choices tie there) the roll ranked on the shape. A copy of
    /// `Player::ranked_pick` (private to `sim::play`).
    #[inline(always)]
    pub fn pick(&self, rules: &Rules, r: &ShapedRoll, sums: ColumnSet, vector: bool) -> Choice {
        let (cars, free) = (r.turn.cars, r.turn.free_cars(rules));
        if r.shape.plain(sums, free, rules.cars) {
            if let Some(c) = self.plain.pick(r.outcome, sums, free == 0) {
                return c;
            }
        }
        let fg = rules.faster_gear;
        r.shape
            .best_choice(r.outcome, cars, free, &self.scores, vector, fg)
    }
}

/// How [`positions`]' rolls go through the engine's pick: busting, read off the plain table,
/// ranked on the shape.
#[derive(Debug, Default)]
pub struct PickCounts {
    pub bust: usize,
    pub plain: usize,
    pub ranked: usize,
}

/// Panics unless the engine's pick ([`Ranker::pick`], vector and scalar) and both rankings
/// alone take, for every roll of `pos` that does not bust, the choice `spec` itself takes from
/// the roll evaluator's list; counts the rolls' paths through the pick.
pub fn check_picks(rules: &Rules, spec: &str, pos: &[(Game, Roll)]) -> PickCounts {
    let ranker = Ranker::new(rules, spec);
    let mut policy = PolicySpec::parse(spec).unwrap().build(rules);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
    let (mut list, mut counts) = (ChoiceList::default(), PickCounts::default());
    for ((g, roll), r) in pos.iter().zip(shaped(rules, pos)) {
        let sums = r.shape.usable_sums(r.outcome);
        g.fill_choices(rules, ROLLS[r.outcome], &mut list);
        assert_eq!(sums.is_empty(), list.is_empty(), "{roll:?} in {g:?}");
        if sums.is_empty() {
            counts.bust += 1;
            continue;
        }
        let free = r.turn.free_cars(rules);
        let table = r.shape.plain(sums, free, rules.cars)
            && ranker.plain.pick(r.outcome, sums, free == 0).is_some();
        *(if table {
            &mut counts.plain
        } else {
            &mut counts.ranked
        }) += 1;
        let k = match list.len() {
            1 => 0,
            n => policy
                .choose(&View::new(rules, g), *roll, &list, &mut rng)
                .min(n - 1),
        };
        let want = list.get(k);
        let (cars, fg) = (r.turn.cars, rules.faster_gear);
        for vector in [false, ranker.vector] {
            assert_eq!(
                ranker.pick(rules, &r, sums, vector),
                want,
                "{spec} {roll:?} {g:?}"
            );
            let ranked = r
                .shape
                .best_choice(r.outcome, cars, free, &ranker.scores, vector, fg);
            assert_eq!(ranked, want, "{spec} vector {vector} {roll:?} in {g:?}");
        }
    }
    counts
}

/// One game of a column race with `policy` in both seats, as the tournament engine plays it:
/// dice and policy generators seeded from the game's seed.
pub fn column_game(game: GameKind, policy: &str) -> impl FnMut(u64) -> Game {
    let rules = Rules::new(game, PLAYERS);
    let spec = PolicySpec::parse(policy).expect("a built-in column policy spec");
    let mut policies = vec![
        Player::new(spec.build(&rules), &rules),
        Player::new(spec.build(&rules), &rules),
    ];
    let mut stats = MatchupStats::default();
    move |seed| {
        let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(seed));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(!seed);
        play_game(
            &rules,
            &mut policies,
            &[0, 1],
            &mut dice,
            &mut rng,
            &mut stats,
        )
    }
}

/// Panics unless every family in [`COLUMN_POLICIES`] plays The Great Races game for game as
/// [`RACE_POLICY`] does (a few seeds): the premise of the single `race-choice` row.
pub fn check_races_play_alike() {
    let game = GameKind::GreatRaces;
    let mut reference = column_game(game, RACE_POLICY);
    let mut others: Vec<_> = COLUMN_POLICIES
        .iter()
        .map(|&p| (p, column_game(game, p)))
        .collect();
    for seed in 1..=20 {
        let want = reference(seed);
        for (policy, play) in &mut others {
            assert!(
                play(seed) == want,
                "{policy} plays The Great Races its own way (seed {seed}): give it a row"
            );
        }
    }
}

/// One game of Shortcut on the default board with `policy` in both seats. `optimal` is solved
/// once here, outside the measurement, as a tournament solves it once per board.
pub fn shortcut_game(policy: &str) -> impl FnMut(u64) -> shortcut_engine::Game {
    let setup = Setup::new(Board::default_board(), PLAYERS);
    let spec = ShortcutFamily(setup.clone())
        .parse_spec(policy)
        .expect("a built-in Shortcut policy spec");
    let built = Policy::build(&spec, || {
        setup.solution().expect("the default board solves")
    });
    let policies = [built.clone(), built];
    let mut stats = MatchupStats::default();
    move |seed| {
        let mut dice = RngD6(Xoshiro256PlusPlus::seed_from_u64(seed));
        shortcut_engine::play_game(
            &setup.board,
            PLAYERS,
            &policies,
            &[0, 1],
            &mut dice,
            &mut stats,
        )
    }
}

/// One game of Treasure Hunt (rules as written, standard deck) with `policy` in both seats:
/// the deal, shuffles and dice all come from the game's seed.
pub fn treasure_game(policy: &str) -> impl FnMut(u64) -> State {
    let rules = ThRules::new(PLAYERS);
    let deck = Deck::standard();
    let spec = ThSpec::parse(policy).expect("a built-in Treasure Hunt policy spec");
    let specs = [spec.clone(), spec];
    let mut stats = MatchupStats::default();
    move |seed| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        treasure_engine::play_game(rules, &deck, &specs, &[0, 1], &mut rng, &mut stats)
    }
}
