//! The choice in the AVX2 kernel: every candidate of the eight lanes' rolls ranked at once in
//! 32-bit lanes by the shared choice rule (with `RULE`, rule lanes by the Rule of N's choice
//! points first), and the best kept ([`Best`]) for the roll's end.

use super::super::state::{LaneState, Tables};
use super::legal::{candidates, usable32, Candidates};
use super::ops::*;
use super::rule;
use super::start::HalfStart;
use core::arch::x86_64::*;

/// Bust counts are ranked as `(RANK_TOP - bust) << GAIN_BITS | progress`: one signed compare
/// puts a lower bust count first and more progress next, exactly the shared choice rule.
pub(super) const RANK_TOP: u32 = 2047;

/// Bits of a rank word holding progress: the most a roll can make fits. That is 720,720 units:
/// a column's whole length, at most, in each of two columns, such as one step in each of two
/// columns of length 1, or a jumping step in each of two of length 2.
pub(super) const GAIN_BITS: i32 = 20;

/// The bust count that marks "no choice" (more than the 1296 outcomes).
pub(super) const NO_CHOICE: u32 = 2000;

/// The best choice of each of the eight lanes (32-bit lanes), with what the roll's end needs.
pub(super) struct Best {
    /// Rule lanes: the choice's points plus [`rule::VALID_BIAS`]; other lanes the bias alone;
    /// 0 for no choice. Ranked before `rank`.
    pub(super) key: __m256i,
    /// The choice's rank word (`RANK_TOP - bust` and progress).
    pub(super) rank: __m256i,
    /// Columns the choice moves in.
    pub(super) cols: __m256i,
    /// The column a double climbs two steps in, if the choice is such a double.
    pub(super) twice: __m256i,
    /// Columns whose car stands on top after the choice.
    pub(super) top: __m256i,
    /// Cars in play after the choice (bits 0..16) and cars on top (bits 16..32).
    pub(super) counts: __m256i,
    /// Race lanes: the placed-markers terms of the cars after the choice (0 unless all are
    /// placed), which the count adds as the choice points subtract them.
    pub(super) placed: __m256i,
}

/// Ranks every candidate of the eight lanes' rolls by the shared choice rule and keeps the
/// best: 32-bit lanes throughout. With `RULE`, rule lanes rank by the Rule of N's choice points
/// first; with `RACE`, by the race-aware points of each lane's mover
/// ([`crate::policy::race_aware::RaceAware`]).
/// `DEFER_TOPS` changes nothing here (see the kernel's comment, [`super`]).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn choose<
    const JUMP: bool,
    const DEFER_TOPS: bool,
    const RULE: bool,
    const RACE: bool,
>(
    s: &LaneState,
    t: &Tables,
    halves: &[HalfStart; 2],
) -> Best {
    let fifteen = splat32(15);
    let zero = _mm256_setzero_si256();
    let idx = narrow(halves[0].idx, halves[1].idx);
    // The low 32 bits of each 64-bit pairs word (the pairings use 24).
    // SAFETY: each lane's outcome `idx` is below 1296 (`dice::roll` takes the high half of a
    // 64-bit draw times 1296), and `pairs` holds 1296 words: the gather reads within it.
    let p = unsafe { _mm256_i32gather_epi32::<8>(t.pairs.as_ptr() as *const i32, idx) };
    let (cars, top, closed) = (
        narrow_field(&s.cars),
        narrow_field(&s.top),
        narrow_field(&s.closed),
    );
    let one_left = narrow(halves[0].one_left, halves[1].one_left);
    let two_left = narrow(halves[0].two_left, halves[1].two_left);
    let u = usable32(cars, top, closed, splat32(t.cars as u32));
    let (open, free) = (u.open, u.free);
    let (jump1, jump2) = if JUMP {
        (
            narrow(halves[0].jump1, halves[1].jump1),
            narrow(halves[0].jump2, halves[1].jump2),
        )
    } else {
        (zero, zero)
    };
    let units = words16(&t.units32);
    // Race lanes are all rule lanes.
    let rule_lane = if RACE {
        splat32(u32::MAX)
    } else if RULE {
        narrow_field(&s.rule_me)
    } else {
        zero
    };
    let weights = words16(&t.rule.step);
    let mut marker = splat32(t.rule.marker as u32);
    // Race lanes: the mover's slot's parameters, and the columns it contests this turn.
    let race = if RACE {
        let slot = narrow_field(&s.slot_me);
        let of = |x: [u32; 2]| pick(slot, splat32(x[1]), splat32(x[0]));
        marker = of(t.race.marker);
        RaceLanes {
            steps: words16(&t.race.step_pairs),
            shift: andnot(slot, splat32(16)),
            claim: of(t.race.claim),
            contest: of(t.race.contest),
            contested: narrow_field(&s.contest),
            odd_low: of(t.race.odd_low),
            high_even: of(t.race.high_even),
        }
    } else {
        RaceLanes {
            steps: [zero; 2],
            shift: zero,
            claim: zero,
            contest: zero,
            contested: zero,
            odd_low: zero,
            high_even: zero,
        }
    };
    let mut best = Best {
        key: zero,
        rank: zero,
        cols: zero,
        twice: zero,
        // Both worked out after the loop, from the best choice.
        top: zero,
        counts: zero,
        placed: zero,
    };
    // Each pairing's sums, shifted by constants, and their progress units looked up, all before
    // the loop: it is not unrolled, and the units' table then takes no registers in it.
    let sums = [
        pairing::<RULE>(
            and(p, fifteen),
            and(_mm256_srli_epi32::<4>(p), fifteen),
            &units,
        ),
        pairing::<RULE>(
            and(_mm256_srli_epi32::<8>(p), fifteen),
            and(_mm256_srli_epi32::<12>(p), fifteen),
            &units,
        ),
        pairing::<RULE>(
            and(_mm256_srli_epi32::<16>(p), fifteen),
            _mm256_srli_epi32::<20>(p),
            &units,
        ),
    ];
    for [a, b, units_a, units_b] in sums {
        let (units_a, units_b) = if RULE {
            (lookup16(&units, a), lookup16(&units, b))
        } else {
            (units_a, units_b)
        };
        let Candidates {
            col_a,
            col_b,
            ua,
            ub,
            na,
            nb,
            split,
            first_b,
            twice,
            cols1,
            cols2,
        } = candidates(a, b, &u, cars, one_left);
        // Cars still free after the candidate (`na`, `nb` are -1 where a car comes in).
        let free1 = _mm256_add_epi32(free, _mm256_add_epi32(and(ua, na), and(first_b, nb)));
        let free2 = _mm256_add_epi32(free, and(split, nb));
        let twice_col = and(twice, col_a);
        // A single step reaches the top from one left; a double's two steps from two left.
        let top1 = or(top, or(and(cols1, one_left), and(twice_col, two_left)));
        let top2 = or(top, and(cols2, one_left));
        // Progress: a space's units per space climbed (a double's second step counts again,
        // a jump's space too).
        let (step_a, step_b, again_a) = if JUMP {
            let jumps = |set: __m256i, col: __m256i, units: __m256i| {
                _mm256_add_epi32(units, and(eq32(and(set, col), col), units))
            };
            (
                jumps(jump1, col_a, units_a),
                jumps(jump1, col_b, units_b),
                jumps(jump2, col_a, units_a),
            )
        } else {
            (units_a, units_b, units_a)
        };
        let gain1 = _mm256_add_epi32(
            _mm256_add_epi32(and(ua, step_a), and(first_b, step_b)),
            and(twice, again_a),
        );
        let gain2 = and(split, step_b);
        // Rule lanes: choice points of each candidate before its placed-markers terms. Race
        // lanes: a step scores `contest` more in a contested column (a car brought in counts
        // its first step twice for the rule's points only), and a car reaching a top `claim`.
        let (points1, points2) = if RULE {
            let (wa, wb) = if RACE {
                (race.step(a), race.step(b))
            } else {
                (lookup16(&weights, a), lookup16(&weights, b))
            };
            let (step_a, step_b) = if RACE {
                (race.contested(wa, col_a), race.contested(wb, col_b))
            } else {
                (wa, wb)
            };
            let (new_a, new_b) = (_mm256_sub_epi32(wa, marker), _mm256_sub_epi32(wb, marker));
            let steps1 = _mm256_add_epi32(
                _mm256_add_epi32(and(ua, step_a), and(first_b, step_b)),
                and(twice, step_a),
            );
            let brought1 = _mm256_add_epi32(and(and(ua, na), new_a), and(and(first_b, nb), new_b));
            let (points1, points2) = (
                _mm256_add_epi32(steps1, brought1),
                _mm256_add_epi32(step_b, and(nb, new_b)),
            );
            if RACE {
                // New cars on a top: at most two for the first candidate, one for the second.
                let tops1 = or(and(cols1, one_left), and(twice_col, two_left));
                let second = and(tops1, _mm256_add_epi32(tops1, splat32(u32::MAX)));
                let claims1 = _mm256_add_epi32(
                    andnot(eq32(tops1, zero), race.claim),
                    andnot(eq32(second, zero), race.claim),
                );
                let claims2 = andnot(eq32(and(cols2, one_left), zero), race.claim);
                (
                    _mm256_add_epi32(points1, claims1),
                    _mm256_add_epi32(points2, claims2),
                )
            } else {
                (points1, points2)
            }
        } else {
            (zero, zero)
        };
        for (valid, cols, free, gain, new_top, twice, points) in [
            (or(ua, ub), cols1, free1, gain1, top1, twice_col, points1),
            (split, cols2, free2, gain2, top2, zero, points2),
        ] {
            let new_cars = or(cars, cols);
            let any_free = gt32(free, zero);
            let mv = andnot(new_top, new_cars);
            let next_usable = or(mv, and(any_free, andnot(new_cars, open)));
            let key = and(_mm256_srli_epi32::<2>(next_usable), splat32(2047));
            // The low 32 bits of each 64-bit bust count.
            // SAFETY: `key` is masked to 11 bits (0..2048) and `bust` holds 2048 words: every
            // lane the mask selects reads within it.
            let bust = unsafe {
                _mm256_mask_i32gather_epi32::<8>(
                    splat32(NO_CHOICE),
                    t.bust.as_ptr() as *const i32,
                    key,
                    valid,
                )
            };
            let rank = or(
                _mm256_slli_epi32::<GAIN_BITS>(_mm256_sub_epi32(splat32(RANK_TOP), bust)),
                gain,
            );
            // The shared choice rule: lowest bust count, then more progress, then first listed;
            // rule lanes rank by their points first (`best_choice_by`).
            let better = if RULE {
                let placed = if RACE {
                    rule::placed32_with(new_cars, free, race.odd_low, race.high_even)
                } else {
                    rule::placed32(&t.rule, new_cars, free)
                };
                let points = and(rule_lane, _mm256_sub_epi32(points, placed));
                let key = and(valid, _mm256_add_epi32(splat32(rule::VALID_BIAS), points));
                let better = or(
                    gt32(key, best.key),
                    and(eq32(key, best.key), gt32(rank, best.rank)),
                );
                best.key = pick(better, key, best.key);
                if RACE {
                    best.placed = pick(better, placed, best.placed);
                }
                better
            } else {
                gt32(rank, best.rank)
            };
            best.rank = pick(better, rank, best.rank);
            best.cols = pick(better, cols, best.cols);
            best.twice = pick(better, twice, best.twice);
        }
    }
    // The best choice's cars on top, as its candidate worked them out (`top1`, `top2`).
    best.top = or(top, or(and(best.cols, one_left), and(best.twice, two_left)));
    // Both counts from one byte count: cars in bytes 0 and 1 of each lane, tops in 2 and 3.
    let after = or(or(cars, best.cols), _mm256_slli_epi32::<16>(best.top));
    best.counts = _mm256_maddubs_epi16(byte_popcnt(after), _mm256_set1_epi8(1));
    best
}

/// Race lanes' parameters, each lane its mover's slot's (32-bit lanes).
struct RaceLanes {
    /// Both slots' choice points per step, by column ([`RaceTables::step_pairs`]).
    ///
    /// [`RaceTables::step_pairs`]: super::super::rule_tables::RaceTables::step_pairs
    steps: [__m256i; 2],
    /// 16 where the mover plays slot 0 (its points in the low half), 0 for slot 1.
    shift: __m256i,
    /// Choice points per car on a top.
    claim: __m256i,
    /// Choice points per step in a contested column.
    contest: __m256i,
    /// The columns the mover contests this turn.
    contested: __m256i,
    /// The placed-markers terms `odd` and `low`, as [`rule::placed32_with`] reads them.
    odd_low: __m256i,
    /// The placed-markers terms `high` and `even`.
    high_even: __m256i,
}

impl RaceLanes {
    /// The mover's choice points per step in column `c`: its half of the pair, sign-extended.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn step(&self, c: __m256i) -> __m256i {
        _mm256_srai_epi32::<16>(_mm256_sllv_epi32(lookup16(&self.steps, c), self.shift))
    }

    /// `points` per step in the column `col` (a set of one), `contest` more where contested.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn contested(&self, points: __m256i, col: __m256i) -> __m256i {
        let zero = _mm256_setzero_si256();
        let more = andnot(eq32(and(self.contested, col), zero), self.contest);
        _mm256_add_epi32(points, more)
    }
}

/// A pairing's sums `a` and `b` and their progress units; with `RULE`, zero units: the rule
/// kernel's loop, short of registers, looks them up itself (hoisted, they cost it more spills
/// than lookups). A function, not a closure, so that it is inlined into the AVX2 code.
#[inline]
#[target_feature(enable = "avx2")]
fn pairing<const RULE: bool>(a: __m256i, b: __m256i, units: &[__m256i; 2]) -> [__m256i; 4] {
    if RULE {
        let zero = _mm256_setzero_si256();
        return [a, b, zero, zero];
    }
    [a, b, lookup16(units, a), lookup16(units, b)]
}

/// A table of 16 32-bit words as two vectors of eight, for [`lookup16`].
#[inline]
#[target_feature(enable = "avx2")]
fn words16<T: Copy>(table: &[T; 16]) -> [__m256i; 2] {
    const { assert!(size_of::<T>() == 4) };
    let p = table.as_ptr() as *const __m256i;
    // SAFETY: the table is 16 words of 4 bytes, 64 bytes: the two unaligned loads read its
    // first and second 32.
    unsafe { [_mm256_loadu_si256(p), _mm256_loadu_si256(p.add(1))] }
}
