//! The AVX2 kernel's roll evaluator: the legal choices of eight lanes' rolls at once, in 32-bit
//! lanes. `choose` ranks the candidates `candidates` finds for each pairing, and
//! [`legal_sets`] gives them as sets, the evaluator on its own
//! ([`crate::sim::lanes::evaluator::LaneEvaluator`]): the same candidates, from the columns
//! one step from the top, which under the jump rule it works out directly
//! (`first_step_tops`) instead of from the jump sets the kernel's roll also needs.

use super::super::avx512::Tables;
use super::super::evaluator::LanePositions;
use super::ops::*;
use super::start::starts;
use core::arch::x86_64::*;

/// What every pairing's choice needs of the position, per 32-bit lane.
pub(super) struct Usable {
    /// Columns not yet claimed.
    pub(super) open: __m256i,
    /// Cars still free.
    pub(super) free: __m256i,
    /// The usable set: columns a sum can move in ([`crate::columns::Turn::usable`]).
    pub(super) usable: __m256i,
}

/// The usable set of lanes holding `cars` (of `capacity`), `top` of them on their tops, and
/// `closed` columns claimed.
#[inline(always)]
pub(super) unsafe fn usable32(
    cars: __m256i,
    top: __m256i,
    closed: __m256i,
    capacity: __m256i,
) -> Usable {
    let open = andnot(closed, splat32(0x1ffc));
    let free = _mm256_sub_epi32(capacity, popcnt32(cars));
    let has_free = gt32(free, _mm256_setzero_si256());
    let moving = andnot(top, cars);
    Usable {
        open,
        free,
        usable: or(moving, and(has_free, andnot(cars, open))),
    }
}

/// A pairing's candidate choices: the first (both sums, or the one that can be used, or the
/// sum `a` where there are not cars enough for both) and, only then, the second (the sum `b`
/// alone). Masks are all ones or zero per lane; column sets one bit a column.
pub(super) struct Candidates {
    /// Column `a` as a set.
    pub(super) col_a: __m256i,
    /// Column `b` as a set.
    pub(super) col_b: __m256i,
    /// Sum `a` can be used.
    pub(super) ua: __m256i,
    /// Sum `b` can be used.
    pub(super) ub: __m256i,
    /// All ones where column `a` has no car yet.
    pub(super) na: __m256i,
    /// All ones where column `b` has no car yet.
    pub(super) nb: __m256i,
    /// Both sums (two columns) are moved in at once.
    pub(super) both: __m256i,
    /// Both sums can be used but not both at once: each is a choice alone.
    pub(super) split: __m256i,
    /// The first candidate moves in column `b`.
    pub(super) first_b: __m256i,
    /// The first candidate is a double climbing two steps.
    pub(super) twice: __m256i,
    /// Columns the first candidate moves in (none: no candidate).
    pub(super) cols1: __m256i,
    /// Columns the second candidate moves in (none: no second).
    pub(super) cols2: __m256i,
}

/// The candidates of the pairing with sums `a` and `b` ([`crate::columns::legal_choices`]):
/// both pairs when both can be used and there are cars enough, else each alone; a double
/// climbs twice unless its first step (`one_left`: the columns one step from the top) reaches
/// the top.
#[inline(always)]
pub(super) unsafe fn candidates(
    a: __m256i,
    b: __m256i,
    u: &Usable,
    cars: __m256i,
    one_left: __m256i,
) -> Candidates {
    let one = splat32(1);
    let zero = _mm256_setzero_si256();
    let (col_a, col_b) = (_mm256_sllv_epi32(one, a), _mm256_sllv_epi32(one, b));
    let ua = eq32(and(u.usable, col_a), col_a);
    let ub = eq32(and(u.usable, col_b), col_b);
    let na = eq32(and(cars, col_a), zero);
    let nb = eq32(and(cars, col_b), zero);
    let double = eq32(a, b);
    let needed = _mm256_sub_epi32(zero, _mm256_add_epi32(na, nb));
    let short = gt32(needed, u.free);
    let two = andnot(double, and(ua, ub));
    let both = andnot(short, two);
    let split = and(two, short);
    let first_b = or(both, andnot(ua, ub));
    let a_one_left = eq32(and(one_left, col_a), col_a);
    let twice = andnot(a_one_left, and(double, ua));
    Candidates {
        col_a,
        col_b,
        ua,
        ub,
        na,
        nb,
        both,
        split,
        first_b,
        twice,
        cols1: or(and(ua, col_a), and(first_b, col_b)),
        cols2: and(split, col_b),
    }
}

/// The columns of half `h` of `p` whose next step reaches the top (as
/// [`super::start::HalfStart::one_left`], closed columns aside): one space below it, or with
/// `JUMP` two below with the other player's cube between. A cube stands on a top only in a
/// claimed column, so `len - opp`, like `len - start`, borrows from no nibble.
#[inline(always)]
unsafe fn first_step_tops<const JUMP: bool>(p: &LanePositions, t: &Tables, h: usize) -> __m256i {
    if !JUMP {
        return starts::<false>(
            t,
            _mm256_setzero_si256(),
            load(&p.start, h),
            &p.opp,
            &p.closed,
            h,
        )
        .one_left;
    }
    let len = splat(t.len_nibbles);
    let left = _mm256_sub_epi64(len, load(&p.start, h));
    let below = _mm256_sub_epi64(len, load(&p.opp, h));
    let (ones, twos) = (splat(COLUMN_NIBBLES), splat(COLUMN_NIBBLES << 1));
    let one = _mm256_xor_si256(left, ones);
    let jump = or(_mm256_xor_si256(left, twos), _mm256_xor_si256(below, ones));
    gather_bits(or(zero_flags(one), zero_flags(jump)))
}

/// Bit of [`legal_sets`]' word marking pairing 0 as a choice of both its sums.
pub const PAIR_BIT: u32 = 16;

/// The legal choices of eight rolls, one a lane: `rolls` (ordered outcome indices) of the
/// positions `p` under the rules of `t` (with `JUMP`, the jump rule). Lane `l` of `out` holds
/// the columns a single step may be taken in alone (bits 2..=12) and, at bit
/// [`PAIR_BIT`]` + k`, whether pairing `k` of the roll is a choice of both its sums (a double
/// climbing twice among them).
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn legal_sets<const JUMP: bool>(
    p: &LanePositions,
    t: &Tables,
    rolls: &[u32; 8],
    out: &mut [u32; 8],
) {
    let zero = _mm256_setzero_si256();
    let one_left = narrow(
        first_step_tops::<JUMP>(p, t, 0),
        first_step_tops::<JUMP>(p, t, 1),
    );
    let cars = narrow_field(&p.cars);
    let u = usable32(
        cars,
        narrow_field(&p.top),
        narrow_field(&p.closed),
        splat32(t.cars as u32),
    );
    let idx = _mm256_loadu_si256(rolls.as_ptr() as *const __m256i);
    let pairs = _mm256_i32gather_epi32::<8>(t.pairs.as_ptr() as *const i32, idx);
    let fifteen = splat32(15);
    let mut singles = zero;
    let mut both = zero;
    for k in 0..3 {
        let word = _mm256_srlv_epi32(pairs, splat32(8 * k));
        let a = and(word, fifteen);
        let b = and(_mm256_srli_epi32::<4>(word), fifteen);
        let c = candidates(a, b, &u, cars, one_left);
        let pair = or(c.both, c.twice);
        singles = or(singles, or(andnot(pair, c.cols1), c.cols2));
        both = or(both, and(pair, splat32(1 << (PAIR_BIT + k))));
    }
    _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, or(singles, both));
}
