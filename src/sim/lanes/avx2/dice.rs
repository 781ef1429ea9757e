//! The AVX2 kernel's dice: xoshiro256++ in four 64-bit lanes, each lane its own game's
//! generator, and Lemire's method for one unbiased outcome of 1296 per lane, drawn exactly as
//! the scalar engine draws it, so a lane's game sees the very dice
//! [`crate::sim::play::play_game`] would.

use super::super::avx512::Lanes;
use super::ops::{add, andnot, gt, load, or, pick, splat, store};
use core::arch::x86_64::*;

/// The lanes' next xoshiro256++ outputs; only lanes where `want` is all ones advance.
#[inline(always)]
pub(super) unsafe fn next(rng: &mut [Lanes; 4], h: usize, want: __m256i) -> __m256i {
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
    store(&mut rng[0], h, pick(want, n0, s0));
    store(&mut rng[1], h, pick(want, n1, s1));
    store(&mut rng[2], h, pick(want, n2, s2));
    store(&mut rng[3], h, pick(want, n3, s3));
    out
}

/// Each lane's roll, an outcome index 0..1296 by Lemire's method exactly as
/// [`crate::dice::sample_index`] draws it: a lane whose draw is rejected draws again.
#[inline(always)]
pub(super) unsafe fn roll(rng: &mut [Lanes; 4], h: usize) -> __m256i {
    const N: u64 = 1296;
    const THRESHOLD: u64 = N.wrapping_neg() % N;
    // Unsigned `low < THRESHOLD` as a signed compare of both with the top bit flipped.
    let sign = splat(1 << 63);
    let threshold = _mm256_xor_si256(splat(THRESHOLD), sign);
    let n = splat(N);
    let mut want = _mm256_set1_epi64x(-1);
    let mut idx = _mm256_setzero_si256();
    loop {
        let r = next(rng, h, want);
        // The 128-bit product r × N from two 32 × 32-bit products (N fits in 32 bits).
        let lo = _mm256_mul_epu32(r, n);
        let hi = _mm256_mul_epu32(_mm256_srli_epi64::<32>(r), n);
        let low = add(lo, _mm256_slli_epi64::<32>(hi));
        let high = _mm256_srli_epi64::<32>(add(hi, _mm256_srli_epi64::<32>(lo)));
        let rejected = gt(threshold, _mm256_xor_si256(low, sign));
        let ok = andnot(rejected, want);
        idx = pick(ok, high, idx);
        want = andnot(ok, want);
        if _mm256_testz_si256(want, want) != 0 {
            return idx;
        }
    }
}
