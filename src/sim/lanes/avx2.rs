//! The AVX2 form of [`super::avx512::step`]: one roll of the same eight 2-player Can't Stop
//! games, done as two halves of four 64-bit lanes. AVX2 has no mask registers, no 64-bit
//! multiply, rotate or population count and no unsigned compare, so masks are lanes of all ones,
//! rotates are two shifts, `× 15` is a shift and a subtraction, population counts go through a
//! nibble table, and every compared value but the dice draw is small enough to compare signed.
//!
//! Every lane plays exactly what [`crate::sim::play::play_game`] plays for the same dice; the
//! tests in [`super`] compare the two game by game.

use super::avx512::{Lanes, State, Tables};
use core::arch::x86_64::*;

/// Lanes in one AVX2 vector; a [`State`] is two of them.
const HALF: usize = 4;

#[inline(always)]
unsafe fn load(v: &Lanes, h: usize) -> __m256i {
    _mm256_load_si256(v.0.as_ptr().add(h * HALF) as *const __m256i)
}

#[inline(always)]
unsafe fn store(v: &mut Lanes, h: usize, x: __m256i) {
    _mm256_store_si256(v.0.as_mut_ptr().add(h * HALF) as *mut __m256i, x)
}

#[inline(always)]
unsafe fn splat(x: u64) -> __m256i {
    _mm256_set1_epi64x(x as i64)
}

#[inline(always)]
unsafe fn and(a: __m256i, b: __m256i) -> __m256i {
    _mm256_and_si256(a, b)
}

#[inline(always)]
unsafe fn or(a: __m256i, b: __m256i) -> __m256i {
    _mm256_or_si256(a, b)
}

/// `b` without the bits of `a`.
#[inline(always)]
unsafe fn andnot(a: __m256i, b: __m256i) -> __m256i {
    _mm256_andnot_si256(a, b)
}

#[inline(always)]
unsafe fn add(a: __m256i, b: __m256i) -> __m256i {
    _mm256_add_epi64(a, b)
}

/// All ones where `a > b` (signed).
#[inline(always)]
unsafe fn gt(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpgt_epi64(a, b)
}

/// `yes` in the lanes where `mask` is all ones, else `no`.
#[inline(always)]
unsafe fn pick(mask: __m256i, yes: __m256i, no: __m256i) -> __m256i {
    _mm256_blendv_epi8(no, yes, mask)
}

/// `x >> k` lane by lane, `k` a vector of shift counts.
#[inline(always)]
unsafe fn shr(x: __m256i, k: __m256i) -> __m256i {
    _mm256_srlv_epi64(x, k)
}

/// Each lane's number of set bits.
#[inline(always)]
unsafe fn popcnt(x: __m256i) -> __m256i {
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let low = _mm256_set1_epi8(0x0f);
    let lo = _mm256_shuffle_epi8(table, and(x, low));
    let hi = _mm256_shuffle_epi8(table, and(_mm256_srli_epi16::<4>(x), low));
    _mm256_sad_epu8(_mm256_add_epi8(lo, hi), _mm256_setzero_si256())
}

/// A column set (bits 2..=12) spread to nibble masks: `0xf` in every nibble of a set column.
#[inline(always)]
unsafe fn nibbles(m: __m256i) -> __m256i {
    let mut x = m;
    x = and(
        or(x, _mm256_slli_epi64::<24>(x)),
        splat(0x0000_00ff_0000_00ff),
    );
    x = and(
        or(x, _mm256_slli_epi64::<12>(x)),
        splat(0x000f_000f_000f_000f),
    );
    x = and(
        or(x, _mm256_slli_epi64::<6>(x)),
        splat(0x0303_0303_0303_0303),
    );
    x = and(
        or(x, _mm256_slli_epi64::<3>(x)),
        splat(0x1111_1111_1111_1111),
    );
    // One bit per nibble times 15, with no carry between nibbles.
    _mm256_sub_epi64(_mm256_slli_epi64::<4>(x), x)
}

/// The lanes' next xoshiro256++ outputs; only lanes where `want` is all ones advance.
#[inline(always)]
unsafe fn next(rng: &mut [Lanes; 4], h: usize, want: __m256i) -> __m256i {
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
unsafe fn roll(rng: &mut [Lanes; 4], h: usize) -> __m256i {
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

/// Plays one roll in every lane of `s`, as [`super::avx512::step`] does.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn step(s: &mut State, t: &Tables) {
    let len = _mm256_loadu_si256(t.len_bytes.as_ptr() as *const __m256i);
    let units = [
        _mm256_loadu_si256(t.units32.as_ptr() as *const __m256i),
        _mm256_loadu_si256(t.units32.as_ptr().add(8) as *const __m256i),
    ];
    for h in 0..2 {
        half(s, t, h, len, units);
    }
}

/// Progress units of one space in column `c`.
#[inline(always)]
unsafe fn units_of(units: [__m256i; 2], c: __m256i) -> __m256i {
    let low = _mm256_permutevar8x32_epi32(units[0], c);
    let high = _mm256_permutevar8x32_epi32(units[1], c);
    and(pick(gt(c, splat(7)), high, low), splat(u32::MAX as u64))
}

/// Bust counts are ranked as `(RANK_TOP - bust) << 32 | progress`: one signed compare puts a
/// lower bust count first and more progress next, exactly the shared choice rule.
const RANK_TOP: u64 = 8191;

/// The bust count that marks "no choice" (more than the 1296 outcomes).
const NO_CHOICE: u64 = 4000;

/// One roll in the four lanes of half `h` of `s`.
#[inline(always)]
unsafe fn half(s: &mut State, t: &Tables, h: usize, len: __m256i, units: [__m256i; 2]) {
    let one = splat(1);
    let fifteen = splat(15);
    let zero = _mm256_setzero_si256();
    let idx = roll(&mut s.rng, h);
    let p = _mm256_i64gather_epi64::<8>(t.pairs.as_ptr() as *const i64, idx);
    let (cars, top, closed) = (load(&s.cars, h), load(&s.top, h), load(&s.closed, h));
    let open = andnot(closed, splat(0x1ffc));
    let held = popcnt(cars);
    let free = _mm256_sub_epi64(splat(t.cars), held);
    let has_free = gt(free, zero);
    let moving = andnot(top, cars);
    let usable = or(moving, and(has_free, andnot(cars, open)));
    let me = load(&s.me, h);
    let car_nib = nibbles(cars);
    let start = or(andnot(car_nib, me), and(load(&s.pos, h), car_nib));
    // Below every real rank and "no choice" alike (a bust count of 5000).
    let mut best_rank = splat((RANK_TOP - 5000) << 32);
    let (mut best_steps, mut best_cols, mut best_top) = (zero, zero, top);
    for k in 0..3u64 {
        let a = and(shr(p, splat(8 * k)), fifteen);
        let b = and(shr(p, splat(8 * k + 4)), fifteen);
        let ua = _mm256_cmpeq_epi64(and(shr(usable, a), one), one);
        let ub = _mm256_cmpeq_epi64(and(shr(usable, b), one), one);
        let na = andnot(shr(cars, a), one);
        let nb = andnot(shr(cars, b), one);
        let double = _mm256_cmpeq_epi64(a, b);
        let short = gt(add(na, nb), free);
        // Both pairs when both can be used and there are cars enough; else each alone.
        let two = andnot(double, and(ua, ub));
        let both = andnot(short, two);
        let split = and(two, short);
        let (shift_a, shift_b) = (_mm256_slli_epi64::<2>(a), _mm256_slli_epi64::<2>(b));
        let len_a = _mm256_shuffle_epi8(len, a);
        let len_b = _mm256_shuffle_epi8(len, b);
        let from_a = and(shr(start, shift_a), fifteen);
        // A double takes two steps unless the first reaches the top.
        let double_two = and(and(double, ua), gt(len_a, add(from_a, one)));
        let first_b = or(both, andnot(ua, ub));
        let (step_a, step_b) = (
            _mm256_sllv_epi64(one, shift_a),
            _mm256_sllv_epi64(one, shift_b),
        );
        let steps1 = add(
            add(and(ua, step_a), and(first_b, step_b)),
            and(double_two, step_a),
        );
        let (col_a, col_b) = (_mm256_sllv_epi64(one, a), _mm256_sllv_epi64(one, b));
        let cols1 = or(and(ua, col_a), and(first_b, col_b));
        let held1 = add(held, add(and(ua, na), and(first_b, nb)));
        let steps2 = and(split, step_b);
        let cols2 = and(split, col_b);
        let held2 = add(held, and(split, nb));
        // Progress: a space's units per step taken (a double's second step counts again).
        let (units_a, units_b) = (units_of(units, a), units_of(units, b));
        let gain1 = add(
            add(and(ua, units_a), and(first_b, units_b)),
            and(double_two, units_a),
        );
        let gain2 = and(split, units_b);
        for (valid, steps, cols, held, gain) in [
            (or(ua, ub), steps1, cols1, held1, gain1),
            (split, steps2, cols2, held2, gain2),
        ] {
            let pos = add(start, steps);
            let below_a = gt(len_a, and(shr(pos, shift_a), fifteen));
            let below_b = gt(len_b, and(shr(pos, shift_b), fifteen));
            let reached = or(andnot(below_a, col_a), andnot(below_b, col_b));
            let new_top = or(top, and(cols, reached));
            let new_cars = or(cars, cols);
            let any_free = gt(splat(t.cars), held);
            let mv = andnot(new_top, new_cars);
            let next_usable = or(mv, and(any_free, andnot(new_cars, open)));
            let key = and(_mm256_srli_epi64::<2>(next_usable), splat(2047));
            let bust = _mm256_mask_i64gather_epi64::<8>(
                splat(NO_CHOICE),
                t.bust.as_ptr() as *const i64,
                key,
                valid,
            );
            let rank = or(
                _mm256_slli_epi64::<32>(_mm256_sub_epi64(splat(RANK_TOP), bust)),
                gain,
            );
            // The shared choice rule: lowest bust count, then more progress, then first listed.
            let better = gt(rank, best_rank);
            best_rank = pick(better, rank, best_rank);
            best_steps = pick(better, steps, best_steps);
            best_cols = pick(better, cols, best_cols);
            best_top = pick(better, new_top, best_top);
        }
    }
    let best = Best {
        start,
        held,
        rank: best_rank,
        steps: best_steps,
        cols: best_cols,
        top: best_top,
    };
    finish(s, t, h, &best);
}

/// A half's best choice for its roll, with where the turn stood before it.
struct Best {
    /// Per column, the space a move started from (the car's, else the cube's).
    start: __m256i,
    /// Cars in play before the roll.
    held: __m256i,
    /// The choice's rank word (`RANK_TOP - bust` and progress).
    rank: __m256i,
    /// Steps the choice takes, one nibble a column.
    steps: __m256i,
    /// Columns the choice moves in.
    cols: __m256i,
    /// Columns whose car stands on top after the choice.
    top: __m256i,
}

/// The end of the roll in half `h`: bust, stop or roll on, and the turn passed on when it ends.
#[inline(always)]
unsafe fn finish(s: &mut State, t: &Tables, h: usize, best: &Best) {
    let (best_rank, new_top) = (best.rank, best.top);
    let one = splat(1);
    let zero = _mm256_setzero_si256();
    let (cars, closed, me, opp) = (
        load(&s.cars, h),
        load(&s.closed, h),
        load(&s.me, h),
        load(&s.opp, h),
    );
    // Rank below that of NO_CHOICE - 1 busting rolls: no choice, a bust.
    let bust = gt(splat((RANK_TOP - NO_CHOICE + 1) << 32), best_rank);
    let pos = add(best.start, best.steps);
    let new_cars = or(cars, best.cols);
    let on_top = andnot(_mm256_cmpeq_epi64(new_top, zero), splat(u64::MAX));
    let (won_me, won_opp) = (load(&s.won_me, h), load(&s.won_opp, h));
    let won_now = add(won_me, popcnt(new_top));
    let wins = andnot(gt(splat(t.to_win), won_now), splat(u64::MAX));
    let at_top = _mm256_cmpeq_epi64(load(&s.at_top_me, h), one);
    let limit = load(&s.limit_me, h);
    // At least `limit` busting rolls: a rank below that of `limit - 1`.
    let limit_rank = _mm256_slli_epi64::<32>(_mm256_sub_epi64(splat(RANK_TOP + 1), limit));
    let risky = gt(limit_rank, best_rank);
    let stop = andnot(bust, or(and(on_top, or(at_top, wins)), risky));
    let end = or(bust, stop);
    // A stop: cars become cubes, columns on top are claimed and the other's cubes there go.
    let new_nib = nibbles(new_cars);
    let me_stop = or(andnot(new_nib, me), and(pos, new_nib));
    let opp_stop = andnot(nibbles(new_top), opp);
    let me2 = pick(stop, me_stop, me);
    let opp2 = pick(stop, opp_stop, opp);
    let won2 = pick(stop, won_now, won_me);
    store(&mut s.closed, h, or(closed, and(stop, new_top)));
    // The end of a turn passes play: the two sides swap.
    store(&mut s.me, h, pick(end, opp2, me2));
    store(&mut s.opp, h, pick(end, me2, opp2));
    store(&mut s.won_me, h, pick(end, won_opp, won2));
    store(&mut s.won_opp, h, pick(end, won2, won_opp));
    let limit_opp = load(&s.limit_opp, h);
    store(&mut s.limit_me, h, pick(end, limit_opp, limit));
    store(&mut s.limit_opp, h, pick(end, limit, limit_opp));
    let (at_top_me, at_top_opp) = (load(&s.at_top_me, h), load(&s.at_top_opp, h));
    store(&mut s.at_top_me, h, pick(end, at_top_opp, at_top_me));
    store(&mut s.at_top_opp, h, pick(end, at_top_me, at_top_opp));
    store(&mut s.pos, h, andnot(end, pos));
    store(&mut s.cars, h, andnot(end, new_cars));
    store(&mut s.top, h, andnot(end, new_top));
    let fin = and(stop, wins);
    let outcome = add(or(and(bust, one), and(stop, splat(2))), and(fin, one));
    store(&mut s.outcome, h, outcome);
    let counts = or(best.held, _mm256_slli_epi64::<8>(popcnt(new_cars)));
    store(&mut s.car_counts, h, counts);
    store(&mut s.claimed, h, and(stop, new_top));
}
