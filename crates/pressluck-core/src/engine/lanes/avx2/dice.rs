//! The AVX2 kernel's dice: xoshiro256++ in four 64-bit lanes, each lane its own game's
//! generator, and Lemire's method for one unbiased outcome of 1296 per lane, drawn exactly as
//! the scalar engine draws it, so a lane's game sees the very dice
//! [`crate::engine::play::play_game`] would.

use super::super::state::LaneWords;
use super::ops::{add, and, gt, load, or, pick, splat, store};
use core::arch::x86_64::*;

/// The lanes' next xoshiro256++ outputs; only lanes where `want` is all ones advance (with
/// `ALL`, every lane does and `want` is not read).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn next<const ALL: bool>(rng: &mut [LaneWords; 4], h: usize, want: __m256i) -> __m256i {
    let [s0, s1, s2, s3] = [
        load(&rng[0], h),
        load(&rng[1], h),
        load(&rng[2], h),
        load(&rng[3], h),
    ];
    let sum = add(s0, s3);
    let rot23 = or(_mm256_slli_epi64::<23>(sum), _mm256_srli_epi64::<41>(sum));
    let out = add(rot23, s0);
    let t = _mm256_slli_epi64::<17>(s1);
    let n2 = _mm256_xor_si256(s2, s0);
    let n3 = _mm256_xor_si256(s3, s1);
    let n1 = _mm256_xor_si256(s1, n2);
    let n0 = _mm256_xor_si256(s0, n3);
    let n2 = _mm256_xor_si256(n2, t);
    let n3 = or(_mm256_slli_epi64::<45>(n3), _mm256_srli_epi64::<19>(n3));
    let keep = |new: __m256i, old: __m256i| if ALL { new } else { pick(want, new, old) };
    store(&mut rng[0], h, keep(n0, s0));
    store(&mut rng[1], h, keep(n1, s1));
    store(&mut rng[2], h, keep(n2, s2));
    store(&mut rng[3], h, keep(n3, s3));
    out
}

/// Each lane's roll, an outcome index 0..1296 by Lemire's method exactly as
/// [`crate::dice::sample_index`] draws it: a lane whose draw is rejected draws again.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn roll(rng: &mut [LaneWords; 4], h: usize) -> __m256i {
    let all = _mm256_set1_epi64x(-1);
    let (mut idx, mut want) = lemire(next::<true>(rng, h, all));
    // A rejection has odds of 2^64 mod 1296 in 2^64: this loop is all but never entered.
    while _mm256_testz_si256(want, want) == 0 {
        let (again, rejected) = lemire(next::<false>(rng, h, want));
        idx = pick(want, again, idx);
        want = and(want, rejected);
    }
    idx
}

/// Lemire's method on each lane's draw `r`: the outcome `r × 1296 >> 64`, and all ones where
/// the draw is rejected (the low half of the product below `2^64 mod 1296`).
#[inline]
#[target_feature(enable = "avx2")]
fn lemire(r: __m256i) -> (__m256i, __m256i) {
    const N: u64 = 1296;
    const THRESHOLD: u64 = N.wrapping_neg() % N;
    // Unsigned `low < THRESHOLD` as a signed compare of both with the top bit flipped.
    let sign = splat(1 << 63);
    let threshold = _mm256_xor_si256(splat(THRESHOLD), sign);
    let n = splat(N);
    // The 128-bit product r × N from two 32 × 32-bit products (N fits in 32 bits).
    let lo = _mm256_mul_epu32(r, n);
    let hi = _mm256_mul_epu32(_mm256_srli_epi64::<32>(r), n);
    let low = add(lo, _mm256_slli_epi64::<32>(hi));
    let high = _mm256_srli_epi64::<32>(add(hi, _mm256_srli_epi64::<32>(lo)));
    (high, gt(threshold, _mm256_xor_si256(low, sign)))
}

#[cfg(test)]
mod tests {
    use super::super::ops::test_io::u64s;
    use super::*;
    use crate::engine::cpu::Avx2;
    use crate::engine::deal::generator as scalar;
    use rand_core::RngCore;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn rolls_match_the_scalar_draws_rejections_included() {
        if Avx2::cpu().is_some() {
            // SAFETY: the CPU has AVX2.
            unsafe { rolls_match() }
        }
    }

    #[target_feature(enable = "avx2")]
    fn rolls_match() {
        // A state whose next output is 0 (s0 = 1, rotl(s0 + s3, 23) = all ones): Lemire's
        // method rejects it, so such a lane draws twice, or more if the next is 0 too.
        let zero_next = |s1: u64, s2: u64| [1, s1, s2, u64::MAX - 1];
        let mut rngs: [[u64; 4]; 8] = [[0; 4]; 8];
        for (l, r) in rngs.iter_mut().enumerate() {
            *r = if l % 3 == 1 {
                zero_next(0x1234 + l as u64, 0x9876_5432 * (l as u64 + 1))
            } else {
                crate::engine::deal::xoshiro_state(l as u64 + 40)
            };
        }
        assert_eq!(scalar(zero_next(5, 6)).next_u64(), 0);
        let mut state = [
            LaneWords::default(),
            LaneWords::default(),
            LaneWords::default(),
            LaneWords::default(),
        ];
        for (l, r) in rngs.iter().enumerate() {
            for (w, &v) in state.iter_mut().zip(r) {
                w.0[l] = v;
            }
        }
        let mut scalars: Vec<Xoshiro256PlusPlus> = rngs.iter().map(|&r| scalar(r)).collect();
        for _ in 0..50 {
            for h in 0..2 {
                let got = u64s(roll(&mut state, h));
                for (i, &g) in got.iter().enumerate() {
                    let want = crate::dice::sample_index(&mut scalars[4 * h + i]);
                    assert_eq!(g as usize, want, "lane {}", 4 * h + i);
                }
            }
        }
    }
}
