//! What the driver needs after each AVX-512 step, worked out for all eight lanes at once: each
//! lane's successful roll counted by the cars it left in play, and which lanes' rolls need the
//! scalar side (a turn ended). The driver then visits only those lanes instead of every lane
//! after every roll. The AVX2 step does the same work itself, from values it has at hand.

use super::super::avx512::State;
use super::ops::*;
use core::arch::x86_64::*;

/// Counts every lane's roll of the step just played into `s.turn_cars` (a roll that did not
/// bust adds one to byte `c`, `c` the cars in play after it) and returns the lanes whose
/// `outcome` is not 0 ("rolled on"): bit `l` for lane `l`. It reads what the AVX-512 kernel
/// writes (`outcome`, `car_counts`).
///
/// # Safety
/// The CPU must have AVX2 (every CPU with AVX-512 has it).
#[target_feature(enable = "avx2")]
pub unsafe fn tally(s: &mut State) -> u32 {
    let (zero, one) = (_mm256_setzero_si256(), splat(1));
    let mut visit = 0;
    for h in 0..2 {
        let outcome = load(&s.outcome, h);
        let after = and(_mm256_srli_epi64::<8>(load(&s.car_counts, h)), splat(0xff));
        let bust = _mm256_cmpeq_epi64(outcome, one);
        let turn_cars = add(load(&s.turn_cars, h), roll_byte(after, bust));
        store(&mut s.turn_cars, h, turn_cars);
        let rolled_on = _mm256_cmpeq_epi64(outcome, zero);
        let bits = _mm256_movemask_pd(_mm256_castsi256_pd(rolled_on)) as u32;
        visit |= (!bits & 0xf) << (4 * h);
    }
    visit
}

/// What a roll adds to its lane's `turn_cars`: one in byte `after` (the cars in play after
/// it), or nothing where `bust` is all ones.
#[inline(always)]
pub(super) unsafe fn roll_byte(after: __m256i, bust: __m256i) -> __m256i {
    andnot(
        bust,
        _mm256_sllv_epi64(splat(1), _mm256_slli_epi64::<3>(after)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_counts_each_successful_roll_by_its_cars_and_flags_the_rest() {
        if !is_x86_feature_detected!("avx2") {
            return;
        }
        let mut s = State::default();
        // Lane l: outcome, cars before and after, turn_cars before.
        let lanes: [(u64, u64, u64, u64); 8] = [
            (0, 0, 1, 0),                     // first roll of a turn, rolled on
            (0, 1, 3, 0x0000_0000_0000_0200), // a double new car
            (1, 2, 2, 0x0000_0000_0001_0100), // a bust: not counted
            (2, 3, 3, 0x0000_0000_0300_0000), // a stop: counted
            (3, 1, 2, 0x0000_0000_0000_0100), // a winning stop
            (4, 2, 3, 0x0000_0000_0002_0000), // Route 66, deferred
            (1, 0, 0, 0),                     // a bust on the first roll
            (0, 3, 7, 0x0000_0000_0000_0000), // seven cars: the top byte
        ];
        for (l, &(outcome, before, after, cars)) in lanes.iter().enumerate() {
            s.outcome.0[l] = outcome;
            s.car_counts.0[l] = before | after << 8;
            s.turn_cars.0[l] = cars;
        }
        // SAFETY: the CPU has AVX2 (checked above).
        let visit = unsafe { tally(&mut s) };
        assert_eq!(visit, 0b0111_1100);
        for (l, &(outcome, _, after, cars)) in lanes.iter().enumerate() {
            let want = if outcome == 1 {
                cars
            } else {
                cars + (1 << (8 * after))
            };
            assert_eq!(s.turn_cars.0[l], want, "lane {l}");
        }
    }
}
