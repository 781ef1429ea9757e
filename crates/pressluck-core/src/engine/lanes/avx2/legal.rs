//! The kernel's legal choices: the usable set of eight lanes and each pairing's candidate
//! choices, in 32-bit lanes, which [`super::choose::choose`] ranks.

use super::ops::*;
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
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn usable32(cars: __m256i, top: __m256i, closed: __m256i, capacity: __m256i) -> Usable {
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

/// The candidates of the pairing with sums `a` and `b` ([`crate::columns::legal::legal_choices`]):
/// both pairs when both can be used and there are cars enough, else each alone; a double
/// climbs twice unless its first step (`one_left`: the columns one step from the top) reaches
/// the top.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn candidates(
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
        split,
        first_b,
        twice,
        cols1: or(and(ua, col_a), and(first_b, col_b)),
        cols2: and(split, col_b),
    }
}
