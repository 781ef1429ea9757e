//! The Rule of N ([`crate::policy::rule_of_n`]) in the AVX2 kernel ([`super`]). A lane whose
//! player to move plays it ranks the roll's candidates by the rule's choice points first and by
//! the shared rule on ties, as [`crate::policy::View::best_choice_by`] does, and stops by the
//! rule's count, kept up to date roll by roll in the lane (`tally`).
//!
//! Choice points are reckoned relative to the turn before the roll, as
//! [`crate::columns::ChoiceScores`] reckons them: `choice` per step, `choice − marker` more per
//! car brought in (its first step counts double), less the placed-markers terms of the cars after
//! the choice. The candidates of one roll share the turn before it, so the order is the policy's.

use super::super::rule_tables::{RuleTables, COLUMNS, NOT_EVEN, NOT_HIGH, NOT_LOW, NOT_ODD};
use super::ops::*;
use core::arch::x86_64::*;

/// Added to a valid candidate's choice points so that it outranks every invalid one (which
/// ranks 0) whatever its points.
pub(super) const VALID_BIAS: u32 = 1 << 24;

/// The placed-markers terms (`+odd −even +low +high`) of the cars `cars`, `held` of them, in
/// eight 32-bit lanes; 0 unless all `capacity` cars are placed.
#[inline(always)]
pub(super) unsafe fn placed32(
    r: &RuleTables,
    cars: __m256i,
    held: __m256i,
    capacity: __m256i,
) -> __m256i {
    let zero = _mm256_setzero_si256();
    let all = |outside: u64| eq32(and(cars, splat32(outside as u32)), zero);
    let placed = gt32(held, _mm256_sub_epi32(capacity, splat32(1)));
    let plus = _mm256_add_epi32(
        and(all(NOT_ODD), splat32(r.odd as u32)),
        _mm256_add_epi32(
            and(all(NOT_LOW), splat32(r.low as u32)),
            and(all(NOT_HIGH), splat32(r.high as u32)),
        ),
    );
    let terms = _mm256_sub_epi32(plus, and(all(NOT_EVEN), splat32(r.even as u32)));
    and(placed, terms)
}

/// The same terms in four 64-bit lanes.
#[inline(always)]
unsafe fn placed64(r: &RuleTables, cars: __m256i, held: __m256i, capacity: u64) -> __m256i {
    let zero = _mm256_setzero_si256();
    let all = |outside: u64| _mm256_cmpeq_epi64(and(cars, splat(outside)), zero);
    let weight = |w: i32| splat(w as i64 as u64);
    let placed = gt(held, splat(capacity.wrapping_sub(1)));
    let plus = add(
        and(all(NOT_ODD), weight(r.odd)),
        add(
            and(all(NOT_LOW), weight(r.low)),
            and(all(NOT_HIGH), weight(r.high)),
        ),
    );
    let terms = _mm256_sub_epi64(plus, and(all(NOT_EVEN), weight(r.even)));
    and(placed, terms)
}

/// The sum of the nibbles of each 64-bit lane of `x`, when no byte's two nibbles and the
/// same byte of `more` add past 255.
#[inline(always)]
unsafe fn nibble_bytes(x: __m256i) -> __m256i {
    let low = splat(0x0f0f_0f0f_0f0f_0f0f);
    _mm256_add_epi8(and(x, low), and(_mm256_srli_epi64::<4>(x), low))
}

/// What the rule makes of one roll in four 64-bit lanes: the turn's count so far after the
/// choice (`tally`, without the placed-markers terms) and all ones where the rule rolls on.
/// `moved` and `twice` are the choice's columns as [`spread`] flags (one step each, the
/// double's second), `brought` the columns it brings a car into, likewise; `cars`, `top` and
/// `closed` the turn's cars, their columns on top, and the claimed columns after the choice.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) unsafe fn count64(
    r: &RuleTables,
    capacity: u64,
    tally: __m256i,
    moved: __m256i,
    twice: __m256i,
    brought: __m256i,
    cars: __m256i,
    top: __m256i,
    closed: __m256i,
) -> (__m256i, __m256i) {
    let weights = splat(r.progress_nibbles);
    // A flag at a nibble's foot times 15 is the nibble's mask.
    let pick_weights = |flags: __m256i| {
        and(
            weights,
            _mm256_sub_epi64(_mm256_slli_epi64::<4>(flags), flags),
        )
    };
    // Each byte: at most three weights of 15 per nibble pair, 90 in all.
    let bytes = _mm256_add_epi8(
        nibble_bytes(pick_weights(moved)),
        _mm256_add_epi8(
            nibble_bytes(pick_weights(twice)),
            nibble_bytes(pick_weights(brought)),
        ),
    );
    let tally = add(tally, _mm256_sad_epu8(bytes, _mm256_setzero_si256()));
    let markers = popcnt(cars);
    let count = add(tally, placed64(r, cars, markers, capacity));
    let open = popcnt(andnot(or(closed, top), splat(COLUMNS)));
    let free = and(gt(splat(capacity), markers), gt(open, markers));
    let below = gt(splat(r.threshold as i64 as u64), count);
    (tally, or(free, below))
}
