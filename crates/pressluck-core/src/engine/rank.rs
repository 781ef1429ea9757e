//! The vector ranking: one roll's six candidate lanes ([`RankRow`]) ranked in eight 32-bit
//! AVX2 lanes at once — legality, the usable set after each candidate and its busting rolls
//! (one gather), the policy's points, the progress — and the best found by two minimums. It
//! picks what the policy picks from the roll evaluator's list; tests compare the two on every
//! outcome of many turns.
//!
//! A lane's rank word, most significant first: under A Faster Gear 2 less the cars it brings
//! in (2 bits), 2^10 less the policy's points (11 bits), the busting rolls after it (11 bits),
//! its gain rank (how many lanes make more progress, or as much from an earlier place: 3
//! bits), and its place in the list (4 bits), which names the choice. An illegal lane ranks
//! `u32::MAX`; the least rank is the pick.

mod rows;

use super::cpu::Avx2;
use crate::columns::bust::BUST_ROLLS_WIDE;
use crate::policy::ChoiceScores;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;
pub use rows::{RankRow, RANK_ROWS};

/// What the ranking reads of the turn: the usable set, the cars, the one-left and two-left
/// columns, the cars still free, and each column's progress for one and two steps.
#[derive(Clone, Copy, Debug)]
pub struct RankInput<'a> {
    /// Usable columns (bit `c` = column `c`).
    pub usable: u32,
    /// Columns holding a car.
    pub cars: u32,
    /// Columns one step from the top.
    pub one_left: u32,
    /// Columns whose second step reaches the top.
    pub two_left: u32,
    /// Cars still off the board.
    pub free: u32,
    /// Per column, the progress of one step.
    pub gain_one: &'a [u32; 16],
    /// Per column, the progress of two steps.
    pub gain_two: &'a [u32; 16],
}

/// The place, in the roll evaluator's list, of the best of `row`'s candidates for the turn
/// `input` (see the module comment), by `scores` (when they score at all), under A Faster
/// Gear when `faster_gear`. The roll must not bust. `avx2` proves the CPU runs the ranking.
#[inline(always)]
pub fn best_place(
    avx2: Avx2,
    row: &RankRow,
    input: &RankInput,
    scores: &ChoiceScores,
    faster_gear: bool,
) -> usize {
    let _ = avx2;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: each instance of `rank` needs AVX2 and nothing else, and the token proves the CPU
    // has it; `rank`'s memory reads are in bounds whatever its arguments hold (see there).
    unsafe {
        match (scores.is_shared_rule(), faster_gear) {
            (true, false) => rank::<false, false>(row, input, scores),
            (true, true) => rank::<false, true>(row, input, scores),
            (false, false) => rank::<true, false>(row, input, scores),
            (false, true) => rank::<true, true>(row, input, scores),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (row, input, scores, faster_gear);
        unreachable!("no Avx2 token exists off x86_64")
    }
}

/// `table[idx]` for each lane, `table` holding 16 values (idx 0..16; an index's bits above
/// the low four are ignored).
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2")]
fn lookup16<T>(table: &[T; 16], idx: __m256i) -> __m256i {
    const { assert!(std::mem::size_of::<T>() == 4) };
    let p = table.as_ptr() as *const __m256i;
    // SAFETY: 16 values of 4 bytes are 64 bytes: the unaligned loads read the first and the
    // second 32 of them.
    let (lo, hi) = unsafe { (_mm256_loadu_si256(p), _mm256_loadu_si256(p.add(1))) };
    let from_lo = _mm256_permutevar8x32_epi32(lo, idx);
    let from_hi = _mm256_permutevar8x32_epi32(hi, idx);
    let upper = _mm256_cmpgt_epi32(idx, _mm256_set1_epi32(7));
    _mm256_blendv_epi8(from_lo, from_hi, upper)
}

/// The least of eight unsigned lanes.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2")]
fn least(v: __m256i) -> u32 {
    let m = _mm256_min_epu32(v, _mm256_permute2x128_si256::<1>(v, v));
    let m = _mm256_min_epu32(m, _mm256_shuffle_epi32::<0b01_00_11_10>(m));
    let m = _mm256_min_epu32(m, _mm256_shuffle_epi32::<0b10_11_00_01>(m));
    _mm256_cvtsi256_si32(m) as u32
}

/// [`best_place`] by `scores` when `SCORED`, under A Faster Gear when `FASTER_GEAR`. Its
/// memory reads: `row`'s bytes, 16-value tables ([`lookup16`]), and two gathers whose indices
/// are masked to 11 bits, into tables of 2048 values — in bounds whatever `t` holds.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx2")]
fn rank<const SCORED: bool, const FASTER_GEAR: bool>(
    row: &RankRow,
    t: &RankInput,
    scores: &ChoiceScores,
) -> usize {
    let bytes = |b: &[u8; 8]| {
        // SAFETY: an 8-byte load from an 8-byte array (unaligned loads need no alignment);
        // SSE2 is part of AVX2, which this function enables.
        let low = unsafe { _mm_loadl_epi64(b.as_ptr() as *const __m128i) };
        _mm256_cvtepu8_epi32(low)
    };
    let (ia, ib) = (bytes(&row.first), bytes(&row.second));
    let (zero, one) = (_mm256_setzero_si256(), _mm256_set1_epi32(1));
    let ones = _mm256_set1_epi32(-1);
    let splat = |x: u32| _mm256_set1_epi32(x as i32);
    let (u, c, l1, l2, free) = (
        splat(t.usable),
        splat(t.cars),
        splat(t.one_left),
        splat(t.two_left),
        splat(t.free),
    );
    // Lanes 0, 2, 4 hold X candidates, 1, 3, 5 (and the empty 6, 7) Y candidates.
    let x_lane = _mm256_setr_epi32(-1, 0, -1, 0, -1, 0, 0, 0);
    let (a, b) = (_mm256_sllv_epi32(one, ia), _mm256_sllv_epi32(one, ib));
    let has = |set: __m256i, bit: __m256i| _mm256_cmpeq_epi32(_mm256_and_si256(set, bit), bit);
    let double = _mm256_cmpeq_epi32(ia, ib);
    let (ua, ub) = (has(u, a), has(u, b));
    // -1 where the column brings a new car in (a double's second counts once).
    let na = _mm256_cmpeq_epi32(_mm256_and_si256(c, a), zero);
    let nb = _mm256_andnot_si256(double, _mm256_cmpeq_epi32(_mm256_and_si256(c, b), zero));
    let both_new = _mm256_sub_epi32(zero, _mm256_add_epi32(na, nb));
    let fits = _mm256_cmpgt_epi32(_mm256_add_epi32(free, one), both_new);
    let a_tops = has(l1, a);
    // Both pairs go together when both sums are usable and cars suffice (a double unless its
    // first step tops). The X lane is legal whenever the first sum is usable; the Y lane when
    // the second is, on its own, not a double's.
    let both = _mm256_andnot_si256(
        _mm256_and_si256(double, a_tops),
        _mm256_and_si256(_mm256_and_si256(ua, ub), fits),
    );
    let legal_y = _mm256_andnot_si256(_mm256_or_si256(double, _mm256_and_si256(ua, fits)), ub);
    let legal = _mm256_blendv_epi8(legal_y, ua, x_lane);
    let is_both = _mm256_and_si256(x_lane, both);
    let cols = _mm256_blendv_epi8(
        _mm256_blendv_epi8(b, a, x_lane),
        _mm256_or_si256(a, b),
        is_both,
    );
    let single_new = _mm256_blendv_epi8(
        _mm256_sub_epi32(zero, nb),
        _mm256_sub_epi32(zero, na),
        x_lane,
    );
    let new = _mm256_blendv_epi8(single_new, both_new, is_both);
    // Tops reached: a double's second step in a two-left column, else a one-left step.
    let tops = _mm256_and_si256(
        _mm256_blendv_epi8(l1, l2, _mm256_and_si256(is_both, double)),
        cols,
    );
    // Once every car is placed, only columns with a car stay usable.
    let full = _mm256_cmpgt_epi32(_mm256_add_epi32(new, one), free);
    let kept = _mm256_and_si256(_mm256_or_si256(c, cols), u);
    let after = _mm256_andnot_si256(tops, _mm256_blendv_epi8(u, kept, full));
    let index = _mm256_and_si256(_mm256_srli_epi32::<2>(after), _mm256_set1_epi32(0x7ff));
    // SAFETY: `index` is masked to 11 bits, and the table holds 2048 values.
    let busts =
        unsafe { _mm256_i32gather_epi32::<4>(BUST_ROLLS_WIDE.as_ptr() as *const i32, index) };
    // The first part of the rank; the gain rank and place join below.
    let mut rank = busts;
    if SCORED {
        let (step, new_car) = (scores.step_weights(), scores.new_car_weights());
        let pa = _mm256_add_epi32(
            lookup16(step, ia),
            _mm256_and_si256(na, lookup16(new_car, ia)),
        );
        let pb = _mm256_add_epi32(
            lookup16(step, ib),
            _mm256_and_si256(nb, lookup16(new_car, ib)),
        );
        // X lanes score the first column, Y lanes and both pairs the second.
        let use_b = _mm256_or_si256(_mm256_andnot_si256(x_lane, ones), is_both);
        let points = _mm256_add_epi32(_mm256_and_si256(x_lane, pa), _mm256_and_si256(use_b, pb));
        let placed_index = _mm256_and_si256(
            _mm256_srli_epi32::<2>(_mm256_or_si256(c, cols)),
            _mm256_set1_epi32(0x7ff),
        );
        let placed = scores.placed_weights().as_ptr();
        // SAFETY: `placed_index` is masked to 11 bits, and the table holds 2048 values.
        let placed = unsafe { _mm256_i32gather_epi32::<4>(placed, placed_index) };
        let worth = _mm256_sub_epi32(_mm256_set1_epi32(1 << 10), _mm256_sub_epi32(points, placed));
        rank = _mm256_or_si256(rank, _mm256_slli_epi32::<11>(worth));
    }
    if FASTER_GEAR {
        let fewer_new = _mm256_sub_epi32(_mm256_set1_epi32(2), new);
        rank = _mm256_or_si256(rank, _mm256_slli_epi32::<22>(fewer_new));
    }
    // The progress of each lane, and its place: X lanes 3k for both pairs and 3k + 1 for the
    // first alone, Y lanes 3k + 2 (the empty lanes 15).
    let (a1, b1) = (lookup16(t.gain_one, ia), lookup16(t.gain_one, ib));
    let both_gain = _mm256_blendv_epi8(_mm256_add_epi32(a1, b1), lookup16(t.gain_two, ia), double);
    let single_gain = _mm256_blendv_epi8(b1, a1, x_lane);
    let gain = _mm256_blendv_epi8(single_gain, both_gain, is_both);
    let place = _mm256_add_epi32(
        _mm256_setr_epi32(0, 2, 3, 5, 6, 8, 15, 15),
        _mm256_and_si256(_mm256_andnot_si256(is_both, x_lane), one),
    );
    // Its gain rank: how many lanes have more progress, or as much and an earlier place. Worked
    // out beside the gather, by comparing with the seven rotations of the lanes.
    let merit = _mm256_or_si256(
        _mm256_slli_epi32::<4>(gain),
        _mm256_sub_epi32(_mm256_set1_epi32(15), place),
    );
    let mut beaten = zero;
    for r in 1..8 {
        let turn = _mm256_setr_epi32(r, r + 1, r + 2, r + 3, r + 4, r + 5, r + 6, r + 7);
        let other =
            _mm256_permutevar8x32_epi32(merit, _mm256_and_si256(turn, _mm256_set1_epi32(7)));
        beaten = _mm256_sub_epi32(beaten, _mm256_cmpgt_epi32(other, merit));
    }
    let rank = _mm256_or_si256(
        _mm256_slli_epi32::<7>(rank),
        _mm256_or_si256(_mm256_slli_epi32::<4>(beaten), place),
    );
    (least(_mm256_blendv_epi8(ones, rank, legal)) & 15) as usize
}
