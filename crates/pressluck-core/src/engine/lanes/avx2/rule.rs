//! The Rule of N ([`crate::policy::rule_of_n`]) in the AVX2 kernel ([`super`]). A lane whose
//! player to move plays it ranks the roll's candidates by the rule's choice points first and by
//! the shared rule on ties, as [`crate::policy::View::best_choice_by`] does, and stops by the
//! rule's count, worked out each roll from the steps each car took this turn (kept in the lane,
//! `steps`, as [`crate::columns::Turn`] keeps them).
//!
//! Choice points are reckoned relative to the turn before the roll, as
//! [`crate::policy::choice_scores::ChoiceScores`] reckons them: `choice` per step, `choice −
//! marker` more per car brought in (its first step counts double), less the placed-markers terms of
//! the cars after the choice. The candidates of one roll share the turn before it, so the order is
//! the policy's.

use super::super::rule_tables::{RuleTables, NOT_EVEN, NOT_HIGH, NOT_LOW, NOT_ODD};
use super::ops::*;
use core::arch::x86_64::*;

/// Added to a valid candidate's choice points so that it outranks every invalid one (which
/// ranks 0) whatever its points.
pub(super) const VALID_BIAS: u32 = 1 << 24;

/// The placed-markers terms (`+odd +even +low +high`, each signed) of the cars `cars`, in eight 32-bit
/// lanes; 0 unless all cars are placed (`free`, the cars not in play, is 0). The four tests run
/// as 16-bit lanes, two to a 32-bit lane: the cars are copied into both halves, each half
/// masked by the columns outside one set (all odd, all low; all high, all even), and one
/// multiply-add sums the terms of the sets the cars stay inside.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn placed32(r: &RuleTables, cars: __m256i, free: __m256i) -> __m256i {
    let weights = |low: i32, high: i32| splat32((low as u16 as u32) | (high as u16 as u32) << 16);
    placed32_with(cars, free, weights(r.odd, r.low), weights(r.high, r.even))
}

/// [`placed32`] with each lane's own terms: `odd_low` holds `odd` in its low 16 bits and `low`
/// in its high, `high_even` `high` and `even`.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn placed32_with(
    cars: __m256i,
    free: __m256i,
    odd_low: __m256i,
    high_even: __m256i,
) -> __m256i {
    let zero = _mm256_setzero_si256();
    let halves = |low: u64, high: u64| splat32((low | high << 16) as u32);
    let both = or(cars, _mm256_slli_epi32::<16>(cars));
    let inside = |outside: __m256i| _mm256_cmpeq_epi16(and(both, outside), zero);
    let terms = _mm256_add_epi16(
        and(inside(halves(NOT_ODD, NOT_LOW)), odd_low),
        and(inside(halves(NOT_HIGH, NOT_EVEN)), high_even),
    );
    let terms = _mm256_madd_epi16(terms, _mm256_set1_epi16(1));
    and(eq32(free, zero), terms)
}

/// The same terms in four 64-bit lanes.
#[inline]
#[target_feature(enable = "avx2")]
fn placed64(r: &RuleTables, cars: __m256i, held: __m256i, capacity: u64) -> __m256i {
    let zero = _mm256_setzero_si256();
    let all = |outside: u64| _mm256_cmpeq_epi64(and(cars, splat(outside)), zero);
    let weight = |w: i32| splat(w as i64 as u64);
    let [odd, even, low, high] = [weight(r.odd), weight(r.even), weight(r.low), weight(r.high)];
    let placed = gt(held, splat(capacity.wrapping_sub(1)));
    let terms = add(
        add(and(all(NOT_ODD), odd), and(all(NOT_EVEN), even)),
        add(and(all(NOT_LOW), low), and(all(NOT_HIGH), high)),
    );
    and(placed, terms)
}

/// Each byte of `x` as the sum of its two nibbles (at most 30): [`_mm256_sad_epu8`] then
/// sums a lane's nibbles.
#[inline]
#[target_feature(enable = "avx2")]
fn nibble_bytes(x: __m256i) -> __m256i {
    let low = splat(0x0f0f_0f0f_0f0f_0f0f);
    _mm256_add_epi8(and(x, low), and(_mm256_srli_epi64::<4>(x), low))
}

/// Whether the rule rolls on (all ones) after a roll, in four 64-bit lanes: `steps` are the
/// steps each car took this turn, one nibble a column (0 without a car), `cars` the turn's
/// cars after the choice and `markers` their number, `open` the number of columns neither
/// claimed nor with a car on top (claims come only with a stop, so the same before the roll and
/// after), and `threshold` each lane's threshold, sign-extended to 64 bits.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn rolls_on64(
    r: &RuleTables,
    capacity: u64,
    threshold: __m256i,
    steps: __m256i,
    cars: __m256i,
    markers: __m256i,
    open: __m256i,
) -> __m256i {
    let placed = placed64(r, cars, markers, capacity);
    let progress = splat(r.progress_nibbles);
    rolls_on64_with(
        progress, placed, capacity, threshold, steps, cars, markers, open,
    )
}

/// [`rolls_on64`] with each lane's own count points per step (`weights`, a nibble a column)
/// and placed-markers terms of its cars (`placed`, sign-extended; 0 unless all are placed).
#[allow(clippy::too_many_arguments)]
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn rolls_on64_with(
    weights: __m256i,
    placed: __m256i,
    capacity: u64,
    threshold: __m256i,
    steps: __m256i,
    cars: __m256i,
    markers: __m256i,
    open: __m256i,
) -> __m256i {
    let zero = _mm256_setzero_si256();
    let low = splat(0x0f0f_0f0f_0f0f_0f0f);
    // `Σ progress[c] · steps_c`: the low and the high nibbles of each byte multiplied apart
    // (at most 15 · 15), byte pairs summed into 16 bits, then into 32 and 64.
    let products = _mm256_add_epi16(
        _mm256_maddubs_epi16(and(steps, low), and(weights, low)),
        _mm256_maddubs_epi16(
            and(_mm256_srli_epi64::<4>(steps), low),
            and(_mm256_srli_epi64::<4>(weights), low),
        ),
    );
    let halves = _mm256_madd_epi16(products, _mm256_set1_epi16(1));
    let stepped = and(
        add(halves, _mm256_srli_epi64::<32>(halves)),
        splat(0xffff_ffff),
    );
    // `+ Σ progress[c]` over the cars: each car's first step counts double.
    let placed_in = _mm256_sad_epu8(nibble_bytes(and(weights, nibbles(cars))), zero);
    let count = add(add(stepped, placed_in), placed);
    let free = and(gt(splat(capacity), markers), gt(open, markers));
    let below = gt(threshold, count);
    or(free, below)
}

/// Race lanes: the cars in `cars` (a column set), not on a top (`top`), that stand within
/// reach of it: on or above their column's space in `near_from` (a nibble a column), `pos`
/// holding each car's space in its column's nibble. In four 64-bit lanes.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn cars_near64(
    pos: __m256i,
    near_from: __m256i,
    cars: __m256i,
    top: __m256i,
) -> __m256i {
    let low = splat(0x0f0f_0f0f_0f0f_0f0f);
    // A byte per nibble, even nibbles and odd apart: all ones where the car's space is on or
    // above the near one.
    let at_least = |x: __m256i, from: __m256i| _mm256_cmpeq_epi8(_mm256_max_epu8(x, from), x);
    let even = at_least(and(pos, low), and(near_from, low));
    let odd = at_least(
        and(_mm256_srli_epi64::<4>(pos), low),
        and(_mm256_srli_epi64::<4>(near_from), low),
    );
    let near = or(
        and(even, splat(0x0101_0101_0101_0101)),
        and(odd, splat(0x1010_1010_1010_1010)),
    );
    let flags = and(near, spread(andnot(top, cars)));
    _mm256_sad_epu8(nibble_bytes(flags), _mm256_setzero_si256())
}

#[cfg(test)]
mod tests {
    use super::super::ops::test_io::{u32s, u64s};
    use super::*;
    use crate::columns::board::set_nibble;
    use crate::columns::{ColumnSet, Game, GameKind, Rules, Turn};
    use crate::engine::cpu::Avx2;
    use crate::policy::rule_of_n::{RuleOfN, RuleParams, GLENN, KELLER};
    use crate::policy::{Policy, View};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A random Can't Stop position for the rule's stop, with up to eight claimed columns, cars
    /// in up to three others, some on top (never a winning stop: five columns to win, none won).
    fn position(rng: &mut Xoshiro256PlusPlus) -> (Game, u64) {
        let mut game = Game::new();
        let mut cols: Vec<u8> = (2..=12).collect();
        for i in (1..cols.len()).rev() {
            cols.swap(i, rng.gen_range(0..=i));
        }
        let claimed = rng.gen_range(0..=8);
        game.board.closed = ColumnSet::of(&cols[..claimed]);
        let (mut steps, mut lane_steps) = (0u64, 0u64);
        let mut turn = Turn::default();
        for &c in &cols[claimed..claimed + rng.gen_range(0..=3usize)] {
            let n = rng.gen_range(1..=15u8);
            steps = set_nibble(steps, c, n);
            lane_steps |= (n as u64) << (4 * c);
            turn.cars |= ColumnSet::of(&[c]);
            if rng.gen_bool(0.3) {
                turn.at_top |= ColumnSet::of(&[c]);
            }
        }
        turn.steps = steps;
        turn.rolls = 1;
        game.turn = turn;
        (game, lane_steps)
    }

    #[test]
    fn placed_terms_in_16_bit_halves_match_the_sets_on_every_car_set() {
        if Avx2::cpu().is_some() {
            // SAFETY: the CPU has AVX2.
            unsafe { placed_terms_match() }
        }
    }

    #[target_feature(enable = "avx2")]
    fn placed_terms_match() {
        let custom = RuleParams {
            odd: -1000,
            even: 1000,
            high: 999,
            low: -7,
            ..KELLER
        };
        let sets = [
            ColumnSet::of(&[3, 5, 7, 9, 11]),
            ColumnSet::of(&[2, 4, 6, 8, 10, 12]),
            ColumnSet::of(&[2, 3, 4, 5, 6, 7]),
            ColumnSet::of(&[7, 8, 9, 10, 11, 12]),
        ];
        for params in [KELLER, GLENN, custom] {
            let t = RuleTables::new(&params).unwrap();
            let signed = [params.odd, params.even, params.low, params.high];
            for m in 0..2048u32 {
                let cars = ColumnSet((m << 2) as u16);
                let want: i32 = sets
                    .iter()
                    .zip(signed)
                    .map(|(set, w)| if (cars - *set).is_empty() { w } else { 0 })
                    .sum();
                for free in 0..3u32 {
                    let got = u32s(placed32(&t, splat32(cars.0 as u32), splat32(free)));
                    let want = if free == 0 { want } else { 0 };
                    assert_eq!(
                        got, [want as u32; 8],
                        "{params:?} cars {cars:?} free {free}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_lanes_count_rolls_on_exactly_when_the_rule_does() {
        if Avx2::cpu().is_some() {
            // SAFETY: the CPU has AVX2.
            unsafe { rolls_on_agrees() }
        }
    }

    #[target_feature(enable = "avx2")]
    fn rolls_on_agrees() {
        let mut rules = Rules::new(GameKind::CantStop, 2);
        rules.columns_to_win = 5;
        let custom = RuleParams {
            progress: [1, 2, 3, 4, 5, 15],
            choice: [-3, 0, 9, 1, 2, 5],
            odd: -4,
            even: 3,
            high: 7,
            low: -2,
            marker: 1,
            threshold: 18,
            ties: Default::default(),
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
        let (mut rolls_on, mut stops) = (0, 0);
        for params in [KELLER, GLENN, custom] {
            let t = RuleTables::new(&params).unwrap();
            let mut policy = RuleOfN::new(params);
            for _ in 0..4000 {
                let (game, lane_steps) = position(&mut rng);
                let view = View::new(&rules, &game);
                assert!(!view.stop_wins());
                let want = policy.keep_rolling(&view, &mut rng);
                let out = u64s(rolls_on64(
                    &t,
                    rules.cars as u64,
                    splat(params.threshold as i64 as u64),
                    splat(lane_steps),
                    splat(game.turn.cars.0 as u64),
                    splat(game.turn.cars.len() as u64),
                    splat((!game.board.closed - game.turn.at_top).len() as u64),
                ));
                assert_eq!(out, [want as u64 * u64::MAX; 4], "{params:?} {game:?}");
                if want {
                    rolls_on += 1;
                } else {
                    stops += 1;
                }
            }
        }
        assert!(
            rolls_on > 1000 && stops > 1000,
            "{rolls_on} roll on, {stops} stop"
        );
    }
}
