//! Ranking a roll's choices on the turn's shape, for policies that choose by the shape alone:
//! [`ChoiceScores`] says how a policy scores a choice, [`TurnShape::best_choice`] finds its
//! pick branch-free — every pairing's candidates (both pairs or a double, the first alone,
//! the second alone) are scored and packed into one 64-bit rank whose least value is the pick.
//!
//! The rank orders, most significant first: the policy's points (most first), the busting
//! rolls after the choice (fewest first), its progress (most first), and its place in the
//! roll evaluator's list (first first) — the shared choice rule under a policy's own points,
//! as [`crate::policy::View::best_choice_by`] applies it. A single listed twice (from two
//! pairings) ranks the same both times, so the first place wins, as in the list without
//! repeats.

use super::bust::BUST_ROLLS;
use super::choice::Choice;
#[cfg(doc)]
use super::rank_table::vector_cpu;
use super::rank_table::RANK_ROWS;
use super::set::{ColumnSet, COLUMN_COUNT, MAX_COLUMN, MIN_COLUMN};
use super::shape::TurnShape;
use crate::dice::UNIQUE_PAIRINGS;

/// The largest point weight [`ChoiceScores`] takes (in absolute value): every choice's points
/// (four weights a candidate at most, less one placed-cars term) then stay within ±640 and fit
/// the vector rank's 11-bit field.
pub const MAX_WEIGHT: i32 = 128;

/// How a shape-choosing policy scores a choice: points per step in each column, points for
/// bringing a car into a column, and points lost for the set of cars once every car is placed.
/// The policy picks the choice with the most points; ties go to the shared choice rule. All
/// zero is the shared rule alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceScores {
    /// Points per step, by column.
    step: [i32; 16],
    /// Points for a car brought in, by column (on top of its steps).
    new_car: [i32; 16],
    /// Points lost by the cars after the choice, by 11-bit mask (0 until all are placed).
    placed: Box<[i32; 2048]>,
    /// Whether any points are non-zero.
    scored: bool,
}

impl ChoiceScores {
    /// The shared choice rule alone: no points.
    pub fn shared_rule() -> ChoiceScores {
        ChoiceScores {
            step: [0; 16],
            new_car: [0; 16],
            placed: Box::new([0; 2048]),
            scored: false,
        }
    }

    /// Points per step and per new car by column (index 0 = column 2) and per set of placed
    /// cars (by 11-bit mask); `None` when a weight is larger than [`MAX_WEIGHT`] (the policy is
    /// then asked the slow way).
    pub fn new(
        step: [i32; COLUMN_COUNT],
        new_car: [i32; COLUMN_COUNT],
        placed: impl Fn(ColumnSet) -> i32,
    ) -> Option<ChoiceScores> {
        let mut s = ChoiceScores::shared_rule();
        for c in MIN_COLUMN..=MAX_COLUMN {
            let i = (c - MIN_COLUMN) as usize;
            s.step[c as usize] = step[i];
            s.new_car[c as usize] = new_car[i];
        }
        for (m, p) in s.placed.iter_mut().enumerate() {
            *p = placed(ColumnSet::from_mask(m as u16));
        }
        let weights = s.step.iter().chain(&s.new_car).chain(s.placed.iter());
        if weights.clone().any(|w| w.abs() > MAX_WEIGHT) {
            return None;
        }
        s.scored = weights.clone().any(|&w| w != 0);
        Some(s)
    }

    /// Whether the points are all zero (the shared rule alone).
    #[inline(always)]
    pub fn is_shared_rule(&self) -> bool {
        !self.scored
    }

    /// Points per step, by column.
    #[inline(always)]
    pub(super) fn step_weights(&self) -> &[i32; 16] {
        &self.step
    }

    /// Points per car brought in, by column.
    #[inline(always)]
    pub(super) fn new_car_weights(&self) -> &[i32; 16] {
        &self.new_car
    }

    /// Points lost by the placed cars, by 11-bit mask.
    #[inline(always)]
    pub(super) fn placed_weights(&self) -> &[i32; 2048] {
        &self.placed
    }
}

/// Rank of a candidate that is not a legal choice.
const ILLEGAL: u64 = u64::MAX;
/// Progress is ranked as this less the progress (24 bits: at most two columns of 15 spaces of
/// 360360 units each).
const GAIN_CEILING: u64 = (1 << 24) - 1;
/// Points are ranked as this less the points (14 bits).
const SCORE_CEILING: i64 = 1 << 13;

/// `if on { a } else { b }` without a branch.
#[inline(always)]
fn pick(on: bool, a: u64, b: u64) -> u64 {
    let m = (on as u64).wrapping_neg();
    (a & m) | (b & !m)
}

impl TurnShape {
    /// The pick of a policy scoring by `scores` for ordered outcome `outcome` (which must not
    /// bust) with `cars` placed and `free` cars left, under A Faster Gear when `faster_gear`:
    /// the first listed of the choices ranked best (see the module comment). Ranked in vector
    /// lanes ([`super::rank_avx2`]) when `vector` (the CPU can: [`vector_cpu`]), else one
    /// candidate after another.
    #[inline(always)]
    pub fn best_choice(
        &self,
        outcome: usize,
        cars: ColumnSet,
        free: u32,
        scores: &ChoiceScores,
        vector: bool,
        faster_gear: bool,
    ) -> Choice {
        #[cfg(target_arch = "x86_64")]
        if vector {
            let lanes = super::rank_avx2::Lanes {
                usable: self.usable.0 as u32,
                cars: cars.0 as u32,
                one_left: self.one_left().0 as u32,
                two_left: self.two_left().0 as u32,
                free,
                gain_one: &self.gain_one,
                gain_two: &self.gain_two,
            };
            let row = &RANK_ROWS[outcome];
            use super::rank_avx2::best_place;
            // SAFETY: `vector` says this CPU has AVX2.
            let place = unsafe {
                match (scores.scored, faster_gear) {
                    (false, false) => best_place::<false, false>(row, lanes, scores),
                    (false, true) => best_place::<false, true>(row, lanes, scores),
                    (true, false) => best_place::<true, false>(row, lanes, scores),
                    (true, true) => best_place::<true, true>(row, lanes, scores),
                }
            };
            let byte = row.choice[place];
            debug_assert!(byte != 0, "outcome {outcome} busts");
            return Choice {
                first: byte >> 4,
                second: byte & 15,
            };
        }
        let ranks = match (scores.scored, faster_gear) {
            (false, false) => self.ranks::<false, false>(outcome, cars, free, scores),
            (false, true) => self.ranks::<false, true>(outcome, cars, free, scores),
            (true, false) => self.ranks::<true, false>(outcome, cars, free, scores),
            (true, true) => self.ranks::<true, true>(outcome, cars, free, scores),
        };
        let best = ranks.iter().copied().min().unwrap_or(ILLEGAL);
        debug_assert!(best != ILLEGAL, "outcome {outcome} busts");
        choice_of(best)
    }

    /// [`TurnShape::best_choice`], and whether another choice ties with it for the best rank
    /// (so that the pick depends on the order of the roll's list, not on its dice alone).
    pub fn best_choice_tied(
        &self,
        outcome: usize,
        cars: ColumnSet,
        free: u32,
        scores: &ChoiceScores,
        faster_gear: bool,
    ) -> (Choice, bool) {
        let ranks = if faster_gear {
            self.ranks::<true, true>(outcome, cars, free, scores)
        } else {
            self.ranks::<true, false>(outcome, cars, free, scores)
        };
        let best = ranks.iter().copied().min().unwrap_or(ILLEGAL);
        // The bits above the place rank; a single listed twice ties with itself harmlessly.
        let level = |r: u64| r >> 12;
        let tied = ranks
            .iter()
            .any(|&r| r != ILLEGAL && level(r) == level(best) && choice_of(r) != choice_of(best));
        (choice_of(best), tied)
    }

    /// The rank of each candidate of `outcome` (3 per pairing: both, first alone, second alone),
    /// [`ILLEGAL`] for those that are not legal choices.
    ///
    /// A rank holds, from the top bit down: under A Faster Gear, 2 less the new cars (the most
    /// new cars first); 2^13 less the points; the busting rolls after the choice; 2^24 - 1 less
    /// the progress; the candidate's place; and the choice itself (first and second column, a
    /// nibble each), read off the least rank.
    /// `SCORED` may be false only for the shared rule alone; `FASTER_GEAR` says whether A
    /// Faster Gear is in force.
    #[inline(always)]
    fn ranks<const SCORED: bool, const FASTER_GEAR: bool>(
        &self,
        outcome: usize,
        cars: ColumnSet,
        free: u32,
        scores: &ChoiceScores,
    ) -> [u64; 9] {
        debug_assert!(SCORED || scores.is_shared_rule());
        let pairs = UNIQUE_PAIRINGS[outcome].padded();
        let (u, c) = (self.usable.0 as u64, cars.0 as u64);
        let (one_left, two_left) = (self.one_left().0 as u64, self.two_left().0 as u64);
        let free = free as u64;
        // One candidate's rank, or ILLEGAL.
        let rank =
            |place: u64, legal: bool, cols: u64, tops: u64, new: u64, gain: u64, pts: i32| {
                // Once every car is placed, only columns with a car stay usable.
                let after = pick(new >= free, (c | cols) & u, u) & !tops;
                let busts = BUST_ROLLS[(after >> 2) as usize & 0x7ff] as u64;
                let points = if SCORED {
                    pts - scores.placed[((c | cols) >> 2) as usize & 0x7ff]
                } else {
                    0
                };
                let fewer_new = if FASTER_GEAR { 2 - new } else { 0 };
                let r = fewer_new << 62
                    | ((SCORE_CEILING - points as i64) as u64) << 48
                    | busts << 36
                    | (GAIN_CEILING - gain) << 12
                    | place;
                pick(legal, r, ILLEGAL)
            };
        let mut ranks = [ILLEGAL; 9];
        for (k, &(a, b)) in pairs.iter().enumerate() {
            // A missing pairing is (0, 0): column 0 is never usable.
            let (ia, ib) = (a as usize & 15, b as usize & 15);
            let (ma, mb) = (1u64 << ia, 1u64 << ib);
            let (ua, ub) = (u & ma != 0, u & mb != 0);
            let double = a == b;
            let na = (c & ma == 0) as u64;
            let nb = (!double & (c & mb == 0)) as u64;
            let fits = na + nb <= free;
            let a_tops = one_left & ma != 0;
            let pts = |i: usize, steps: i32, new: u64| {
                if SCORED {
                    steps * scores.step[i] + new as i32 * scores.new_car[i]
                } else {
                    0
                }
            };
            let (ga, gb) = (self.gain_one[ia] as u64, self.gain_one[ib] as u64);
            let place =
                |n: u64, first: u64, second: u64| (3 * k as u64 + n) << 8 | first << 4 | second;
            // Both pairs, or a double: two steps (a double whose first step tops is one step).
            let both_tops = pick(double, two_left & ma, one_left & (ma | mb));
            let both_gain = pick(double, self.gain_two[ia] as u64, ga + gb);
            let both_pts = pts(ia, 1 + double as i32, na) + pts(ib, !double as i32, nb);
            let (lo, hi) = (ia.min(ib) as u64, ia.max(ib) as u64);
            let both_legal = ua & ub & fits & !(double & a_tops);
            ranks[3 * k] = rank(
                place(0, lo, hi),
                both_legal,
                ma | mb,
                both_tops,
                na + nb,
                both_gain,
                both_pts,
            );
            // The first alone: it cannot go with the second, or it is a double that tops.
            let a_alone = ua & ((double & a_tops) | (!double & !(ub & fits)));
            ranks[3 * k + 1] = rank(
                place(1, ia as u64, 0),
                a_alone,
                ma,
                one_left & ma,
                na,
                ga,
                pts(ia, 1, na),
            );
            let b_alone = !double & ub & !(ua & fits);
            ranks[3 * k + 2] = rank(
                place(2, ib as u64, 0),
                b_alone,
                mb,
                one_left & mb,
                nb,
                gb,
                pts(ib, 1, nb),
            );
        }
        ranks
    }
}

/// The choice a rank carries in its low byte.
#[inline(always)]
fn choice_of(rank: u64) -> Choice {
    Choice {
        first: (rank >> 4 & 15) as u8,
        second: (rank & 15) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Game, GameKind, Rules, Variant};
    use crate::dice::{OUTCOMES, ROLLS};
    use crate::policy::{Policy, PolicySpec};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Positions met in random play under `rules`: every turn state after every roll.
    fn positions(rules: &Rules, games: u64) -> Vec<Game> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut g = Game::new();
            while !g.finished() && g.turns.iter().sum::<u32>() < 400 {
                out.push(g);
                let list = g.choices(rules, ROLLS[rng.gen_range(0..OUTCOMES)]);
                if list.is_empty() {
                    g.bust(rules);
                } else {
                    g.take(rules, &list, rng.gen_range(0..list.len()));
                    if rng.gen_bool(0.25) {
                        g.stop(rules);
                    }
                }
            }
        }
        out
    }

    #[test]
    fn vector_and_scalar_rankings_agree_on_every_outcome() {
        let mut route66 = Rules::new(GameKind::Route66, 3);
        route66.apply_variant(Variant::FasterGear).unwrap();
        let mut short = Rules::new(GameKind::CantStop, 2);
        for (c, len) in (2..=12).zip([2, 2, 3, 3, 4, 4, 4, 3, 3, 2, 2]) {
            short.layout.length[c] = len;
        }
        let specs = [
            "fixed-risk:0.3",
            "rule28",
            "glenn",
            "rule-of-n:9,choice=7/0/1/5/2/3,marker=4,even=9",
        ];
        let mut compared = 0;
        for rules in [Rules::new(GameKind::CantStop, 2), route66, short] {
            if !crate::columns::rank_table::vector_cpu() {
                eprintln!("skipped: this CPU has no AVX2");
                return;
            }
            for g in positions(&rules, 12) {
                let shape = TurnShape::new(&rules, &g);
                let (cars, free) = (g.turn.cars, g.turn.free_cars(&rules));
                for spec in specs {
                    let scores = PolicySpec::parse(spec)
                        .unwrap()
                        .build(&rules)
                        .choice_scores(&rules)
                        .unwrap();
                    for o in (0..OUTCOMES).filter(|&o| !shape.usable_sums(o).is_empty()) {
                        for fg in [false, true] {
                            let v = shape.best_choice(o, cars, free, &scores, true, fg);
                            let s = shape.best_choice(o, cars, free, &scores, false, fg);
                            assert_eq!(v, s, "{spec} outcome {o} faster gear {fg} in {g:?}");
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 300_000, "{compared}");
    }

    #[test]
    fn weights_beyond_the_rank_field_are_refused() {
        let cols = [0; COLUMN_COUNT];
        assert!(ChoiceScores::new(cols, cols, |_| 0)
            .unwrap()
            .is_shared_rule());
        let mut big = cols;
        big[3] = MAX_WEIGHT;
        assert!(!ChoiceScores::new(big, cols, |_| 0)
            .unwrap()
            .is_shared_rule());
        big[3] = MAX_WEIGHT + 1;
        assert!(ChoiceScores::new(big, cols, |_| 0).is_none());
        assert!(ChoiceScores::new(cols, cols, |_| -MAX_WEIGHT - 1).is_none());
    }
}
