//! The AVX2 form of [`super::avx512::step`]: one roll of the same eight 2-player games, and
//! also under the jump rule (Route 66, Can't Stop's variant). The dice and the end of the roll
//! run in two halves of four 64-bit lanes, as the state is kept; the choice between a roll's
//! candidates, most of the work, runs on all eight games at once in 32-bit lanes, where every
//! column set, count and rank fits. For that, where a column's move starts is turned into two
//! column sets once per roll: the columns one step from the top (or on it) and those two steps
//! from it, so a candidate's new cars on top are set operations; under the jump rule, two more:
//! the columns whose first step jumps the other player's cube, and those whose second does.
//! AVX2 has no mask registers, 64-bit multiply, rotate or population count and no unsigned
//! compare, so masks are lanes of all ones, rotates are two shifts, population counts go through
//! a nibble table, and every compared value but the dice draw is small enough to compare signed.
//!
//! Every lane plays exactly what [`crate::sim::play::play_game`] plays for the same dice; the
//! tests in [`super`] compare the two game by game.

use super::avx512::{Lanes, State, Tables};
use core::arch::x86_64::*;

/// Lanes in one 64-bit AVX2 vector; a [`State`] is two of them.
const HALF: usize = 4;

/// Each column's nibble (bits `4c..4c + 4`) with 1 in its low bit, columns 2..=12.
const COLUMN_NIBBLES: u64 = {
    let mut m = 0u64;
    let mut c = 2;
    while c <= 12 {
        m |= 1 << (4 * c);
        c += 1;
    }
    m
};

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
unsafe fn splat32(x: u32) -> __m256i {
    _mm256_set1_epi32(x as i32)
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

/// All ones where `a > b` (signed, 64-bit lanes).
#[inline(always)]
unsafe fn gt(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpgt_epi64(a, b)
}

/// All ones where `a > b` (signed, 32-bit lanes).
#[inline(always)]
unsafe fn gt32(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpgt_epi32(a, b)
}

/// All ones where `a == b` (32-bit lanes).
#[inline(always)]
unsafe fn eq32(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpeq_epi32(a, b)
}

/// `yes` in the lanes where `mask` is all ones, else `no`.
#[inline(always)]
unsafe fn pick(mask: __m256i, yes: __m256i, no: __m256i) -> __m256i {
    _mm256_blendv_epi8(no, yes, mask)
}

/// Each byte's number of set bits.
#[inline(always)]
unsafe fn byte_popcnt(x: __m256i) -> __m256i {
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let low = _mm256_set1_epi8(0x0f);
    let lo = _mm256_shuffle_epi8(table, and(x, low));
    let hi = _mm256_shuffle_epi8(table, and(_mm256_srli_epi16::<4>(x), low));
    _mm256_add_epi8(lo, hi)
}

/// Each 64-bit lane's number of set bits.
#[inline(always)]
unsafe fn popcnt(x: __m256i) -> __m256i {
    _mm256_sad_epu8(byte_popcnt(x), _mm256_setzero_si256())
}

/// Each 32-bit lane's number of set bits.
#[inline(always)]
unsafe fn popcnt32(x: __m256i) -> __m256i {
    let pairs = _mm256_maddubs_epi16(byte_popcnt(x), _mm256_set1_epi8(1));
    _mm256_madd_epi16(pairs, _mm256_set1_epi16(1))
}

/// A column set (bits 2..=12) spread to one bit per nibble: bit `c` to bit `4c`.
#[inline(always)]
unsafe fn spread(m: __m256i) -> __m256i {
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
    and(
        or(x, _mm256_slli_epi64::<3>(x)),
        splat(0x1111_1111_1111_1111),
    )
}

/// [`spread`]'s inverse: bit `4c` to bit `c` (other bits ignored).
#[inline(always)]
unsafe fn gather_bits(flags: __m256i) -> __m256i {
    let mut x = and(flags, splat(0x1111_1111_1111_1111));
    x = and(
        or(x, _mm256_srli_epi64::<3>(x)),
        splat(0x0303_0303_0303_0303),
    );
    x = and(
        or(x, _mm256_srli_epi64::<6>(x)),
        splat(0x000f_000f_000f_000f),
    );
    x = and(
        or(x, _mm256_srli_epi64::<12>(x)),
        splat(0x0000_00ff_0000_00ff),
    );
    and(or(x, _mm256_srli_epi64::<24>(x)), splat(0xffff))
}

/// A column set spread to nibble masks: `0xf` in every nibble of a set column.
#[inline(always)]
unsafe fn nibbles(m: __m256i) -> __m256i {
    let x = spread(m);
    // One bit per nibble times 15, with no carry between nibbles.
    _mm256_sub_epi64(_mm256_slli_epi64::<4>(x), x)
}

/// The columns (bits 2..=12) whose nibble in `x` is zero.
#[inline(always)]
unsafe fn zero_nibbles(x: __m256i) -> __m256i {
    gather_bits(zero_flags(x))
}

/// [`zero_nibbles`] as flags: bit `4c` set where column `c`'s nibble in `x` is zero.
#[inline(always)]
unsafe fn zero_flags(x: __m256i) -> __m256i {
    let any = or(
        or(x, _mm256_srli_epi64::<1>(x)),
        or(_mm256_srli_epi64::<2>(x), _mm256_srli_epi64::<3>(x)),
    );
    andnot(any, splat(COLUMN_NIBBLES))
}

/// Two vectors of four 64-bit lanes holding 32-bit values, as one vector of eight 32-bit lanes
/// (`lo`'s lanes first).
#[inline(always)]
unsafe fn narrow(lo: __m256i, hi: __m256i) -> __m256i {
    let even = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    let (lo, hi) = (
        _mm256_permutevar8x32_epi32(lo, even),
        _mm256_permutevar8x32_epi32(hi, even),
    );
    _mm256_permute2x128_si256::<0x20>(lo, hi)
}

/// Half `h` of eight 32-bit lanes, zero-extended to four 64-bit lanes.
#[inline(always)]
unsafe fn widen(x: __m256i, h: usize) -> __m256i {
    let part = if h == 0 {
        _mm256_castsi256_si128(x)
    } else {
        _mm256_extracti128_si256::<1>(x)
    };
    _mm256_cvtepu32_epi64(part)
}

/// Field `f` of `s` (eight lanes) as eight 32-bit lanes.
#[inline(always)]
unsafe fn narrow_field(f: &Lanes) -> __m256i {
    narrow(load(f, 0), load(f, 1))
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

/// Bust counts are ranked as `(RANK_TOP - bust) << GAIN_BITS | progress`: one signed compare
/// puts a lower bust count first and more progress next, exactly the shared choice rule.
const RANK_TOP: u32 = 2047;

/// Bits of a rank word holding progress: the most a roll can make fits. That is 720,720 units:
/// a column's whole length, at most, in each of two columns, such as one step in each of two
/// columns of length 1, or a jumping step in each of two of length 2.
const GAIN_BITS: i32 = 20;

/// The bust count that marks "no choice" (more than the 1296 outcomes).
const NO_CHOICE: u32 = 2000;

/// What one half needs of its roll beyond the state: worked out in 64-bit lanes.
struct HalfStart {
    /// The roll's outcome index.
    idx: __m256i,
    /// Per column, the space a move starts from (the car's, else the cube's), one nibble each.
    start: __m256i,
    /// Columns whose next step reaches the top (or which are on it).
    one_left: __m256i,
    /// Columns whose second step, not the first, reaches the top.
    two_left: __m256i,
    /// Jump rule: columns whose first step jumps the other player's cube (climbs two spaces).
    jump1: __m256i,
    /// Jump rule: columns whose second step, not the first, jumps it (one cube a column, so a
    /// column's two steps jump at most once).
    jump2: __m256i,
    /// `jump1` as one bit at the foot of each column's nibble ([`spread`]).
    jump1_flags: __m256i,
    /// `jump2` likewise.
    jump2_flags: __m256i,
}

/// Half `h`'s roll and where its moves start; with `JUMP`, where its steps jump (as
/// [`crate::columns::Turn::step`] steps: to the next space without the other player's cube).
#[inline(always)]
unsafe fn half_start<const JUMP: bool>(s: &mut State, t: &Tables, h: usize) -> HalfStart {
    let idx = roll(&mut s.rng, h);
    let car_nib = nibbles(load(&s.cars, h));
    let start = or(
        andnot(car_nib, load(&s.me, h)),
        and(load(&s.pos, h), car_nib),
    );
    let len = splat(t.len_nibbles);
    if JUMP {
        // Worked in flags, one bit at the foot of each column's nibble, which add one space to
        // the nibble as they stand. In an open column every cube stands below the top (a cube
        // on it closed the column), so a step that jumps lands on the top at most, and no
        // nibble overflows or borrows. Closed columns and cars on top take no step.
        let opp = load(&s.opp, h);
        let opp_on = andnot(zero_flags(opp), splat(COLUMN_NIBBLES));
        let climbing = andnot(
            or(
                spread(load(&s.closed, h)),
                zero_flags(_mm256_sub_epi64(len, start)),
            ),
            splat(COLUMN_NIBBLES),
        );
        let next = add(start, climbing);
        let jump1 = and(
            zero_flags(_mm256_xor_si256(opp, next)),
            and(opp_on, climbing),
        );
        let first = add(next, jump1);
        let one_left = zero_flags(_mm256_sub_epi64(len, first));
        let climbing2 = andnot(one_left, climbing);
        let next2 = add(first, climbing2);
        let jump2 = and(
            zero_flags(_mm256_xor_si256(opp, next2)),
            and(opp_on, climbing2),
        );
        let two_left = and(
            climbing2,
            zero_flags(_mm256_sub_epi64(len, add(next2, jump2))),
        );
        return HalfStart {
            idx,
            start,
            one_left: gather_bits(one_left),
            two_left: gather_bits(two_left),
            jump1: gather_bits(jump1),
            jump2: gather_bits(jump2),
            jump1_flags: jump1,
            jump2_flags: jump2,
        };
    }
    // A start never passes its column's length, so no nibble borrows.
    let left = _mm256_sub_epi64(len, start);
    let zero = _mm256_setzero_si256();
    HalfStart {
        idx,
        start,
        one_left: zero_nibbles(and(left, splat(0xeeee_eeee_eeee_eeee))),
        two_left: zero_nibbles(_mm256_xor_si256(left, splat(0x2222_2222_2222_2222))),
        jump1: zero,
        jump2: zero,
        jump1_flags: zero,
        jump2_flags: zero,
    }
}

/// The best choice of each of the eight lanes (32-bit lanes), with what the roll's end needs.
struct Best {
    /// The choice's rank word (`RANK_TOP - bust` and progress).
    rank: __m256i,
    /// Columns the choice moves in.
    cols: __m256i,
    /// The column a double climbs two steps in, if the choice is such a double.
    twice: __m256i,
    /// Columns whose car stands on top after the choice.
    top: __m256i,
    /// Cars in play before the roll.
    held: __m256i,
}

/// Plays one roll in every lane of `s`, as [`super::avx512::step`] does; with `JUMP`, under the
/// jump rule (Route 66, and Can't Stop's variant). With `DEFER_TOPS` (Route 66, where a column's
/// win brings points and second places and the game ends on points) a lane whose roll leaves a
/// car on a top is not decided here: it rolls on as far as the state goes, and its outcome says
/// the scalar side decides ([`DEFERRED`]).
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn step<const JUMP: bool, const DEFER_TOPS: bool>(s: &mut State, t: &Tables) {
    let halves = [half_start::<JUMP>(s, t, 0), half_start::<JUMP>(s, t, 1)];
    let best = choose::<JUMP>(s, t, &halves);
    for (h, half) in halves.iter().enumerate() {
        finish::<JUMP, DEFER_TOPS>(s, t, h, half, &best);
    }
}

/// The outcome of a lane whose roll left a car on a top under `DEFER_TOPS`: the choice is
/// taken, and the stop decision is the scalar side's.
pub const DEFERRED: u64 = 4;

/// Ranks every candidate of the eight lanes' rolls by the shared choice rule and keeps the
/// best: 32-bit lanes throughout.
#[inline(always)]
unsafe fn choose<const JUMP: bool>(s: &State, t: &Tables, halves: &[HalfStart; 2]) -> Best {
    let one = splat32(1);
    let fifteen = splat32(15);
    let zero = _mm256_setzero_si256();
    let idx = narrow(halves[0].idx, halves[1].idx);
    // The low 32 bits of each 64-bit pairs word (the pairings use 24).
    let p = _mm256_i32gather_epi32::<8>(t.pairs.as_ptr() as *const i32, idx);
    let (cars, top, closed) = (
        narrow_field(&s.cars),
        narrow_field(&s.top),
        narrow_field(&s.closed),
    );
    let one_left = narrow(halves[0].one_left, halves[1].one_left);
    let two_left = narrow(halves[0].two_left, halves[1].two_left);
    let open = andnot(closed, splat32(0x1ffc));
    let held = popcnt32(cars);
    let capacity = splat32(t.cars as u32);
    let free = _mm256_sub_epi32(capacity, held);
    let has_free = gt32(free, zero);
    let moving = andnot(top, cars);
    let usable = or(moving, and(has_free, andnot(cars, open)));
    let (jump1, jump2) = if JUMP {
        (
            narrow(halves[0].jump1, halves[1].jump1),
            narrow(halves[0].jump2, halves[1].jump2),
        )
    } else {
        (zero, zero)
    };
    let units = [
        _mm256_loadu_si256(t.units32.as_ptr() as *const __m256i),
        _mm256_loadu_si256(t.units32.as_ptr().add(8) as *const __m256i),
    ];
    let units_of = |c: __m256i| {
        let low = _mm256_permutevar8x32_epi32(units[0], c);
        let high = _mm256_permutevar8x32_epi32(units[1], c);
        pick(gt32(c, splat32(7)), high, low)
    };
    let mut best = Best {
        rank: zero,
        cols: zero,
        twice: zero,
        top,
        held,
    };
    for k in 0..3u32 {
        let a = and(_mm256_srlv_epi32(p, splat32(8 * k)), fifteen);
        let b = and(_mm256_srlv_epi32(p, splat32(8 * k + 4)), fifteen);
        let (col_a, col_b) = (_mm256_sllv_epi32(one, a), _mm256_sllv_epi32(one, b));
        let ua = eq32(and(usable, col_a), col_a);
        let ub = eq32(and(usable, col_b), col_b);
        // All ones where the column has no car yet.
        let na = eq32(and(cars, col_a), zero);
        let nb = eq32(and(cars, col_b), zero);
        let double = eq32(a, b);
        let needed = _mm256_sub_epi32(zero, _mm256_add_epi32(na, nb));
        let short = gt32(needed, free);
        // Both pairs when both can be used and there are cars enough; else each alone.
        let two = andnot(double, and(ua, ub));
        let both = andnot(short, two);
        let split = and(two, short);
        let first_b = or(both, andnot(ua, ub));
        // A double takes two steps unless the first reaches the top.
        let a_one_left = eq32(and(one_left, col_a), col_a);
        let twice = andnot(a_one_left, and(double, ua));
        let cols1 = or(and(ua, col_a), and(first_b, col_b));
        let held1 = _mm256_sub_epi32(held, _mm256_add_epi32(and(ua, na), and(first_b, nb)));
        let cols2 = and(split, col_b);
        let held2 = _mm256_sub_epi32(held, and(split, nb));
        let twice_col = and(twice, col_a);
        // A single step reaches the top from one left; a double's two steps from two left.
        let top1 = or(top, or(and(cols1, one_left), and(twice_col, two_left)));
        let top2 = or(top, and(cols2, one_left));
        // Progress: a space's units per space climbed (a double's second step counts again,
        // a jump's space too).
        let (units_a, units_b) = (units_of(a), units_of(b));
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
        for (valid, cols, held, gain, new_top, twice) in [
            (or(ua, ub), cols1, held1, gain1, top1, twice_col),
            (split, cols2, held2, gain2, top2, zero),
        ] {
            let new_cars = or(cars, cols);
            let any_free = gt32(capacity, held);
            let mv = andnot(new_top, new_cars);
            let next_usable = or(mv, and(any_free, andnot(new_cars, open)));
            let key = and(_mm256_srli_epi32::<2>(next_usable), splat32(2047));
            // The low 32 bits of each 64-bit bust count.
            let bust = _mm256_mask_i32gather_epi32::<8>(
                splat32(NO_CHOICE),
                t.bust.as_ptr() as *const i32,
                key,
                valid,
            );
            let rank = or(
                _mm256_slli_epi32::<GAIN_BITS>(_mm256_sub_epi32(splat32(RANK_TOP), bust)),
                gain,
            );
            // The shared choice rule: lowest bust count, then more progress, then first listed.
            let better = gt32(rank, best.rank);
            best.rank = pick(better, rank, best.rank);
            best.cols = pick(better, cols, best.cols);
            best.twice = pick(better, twice, best.twice);
            best.top = pick(better, new_top, best.top);
        }
    }
    best
}

/// The end of the roll in half `h`: bust, stop or roll on (or, with `DEFER_TOPS`, a car on a top
/// left to the scalar side as rolled on), and the turn passed on when it ends.
#[inline(always)]
unsafe fn finish<const JUMP: bool, const DEFER_TOPS: bool>(
    s: &mut State,
    t: &Tables,
    h: usize,
    half: &HalfStart,
    best: &Best,
) {
    let best_rank = widen(best.rank, h);
    let new_top = widen(best.top, h);
    let cols = widen(best.cols, h);
    let twice = widen(best.twice, h);
    let (cols_flags, twice_flags) = (spread(cols), spread(twice));
    let mut steps = add(cols_flags, twice_flags);
    if JUMP {
        // A jump climbs one space more: the first step's in every column moved, the second's
        // in the double's.
        let jumped = or(
            and(cols_flags, half.jump1_flags),
            and(twice_flags, half.jump2_flags),
        );
        steps = add(steps, jumped);
    }
    let one = splat(1);
    let zero = _mm256_setzero_si256();
    let (cars, closed, me, opp) = (
        load(&s.cars, h),
        load(&s.closed, h),
        load(&s.me, h),
        load(&s.opp, h),
    );
    // Rank below that of NO_CHOICE - 1 busting rolls: no choice, a bust.
    let bust = gt(
        splat(((RANK_TOP - NO_CHOICE + 1) as u64) << GAIN_BITS),
        best_rank,
    );
    let pos = add(half.start, steps);
    let new_cars = or(cars, cols);
    let on_top = andnot(_mm256_cmpeq_epi64(new_top, zero), splat(u64::MAX));
    let (won_me, won_opp) = (load(&s.won_me, h), load(&s.won_opp, h));
    let won_now = add(won_me, popcnt(new_top));
    let at_top = _mm256_cmpeq_epi64(load(&s.at_top_me, h), one);
    let limit = load(&s.limit_me, h);
    // At least `limit` busting rolls: a rank below that of `limit - 1`.
    let limit_rank =
        _mm256_slli_epi64::<GAIN_BITS>(_mm256_sub_epi64(splat(RANK_TOP as u64 + 1), limit));
    let risky = gt(limit_rank, best_rank);
    // `fin`: the stop wins the game.
    let (stop, deferred, fin) = if DEFER_TOPS {
        // A car on a top: the scalar side decides, wins included; else only the bust limit
        // stops, and such a stop claims nothing and cannot end the game.
        (andnot(or(bust, on_top), risky), andnot(bust, on_top), zero)
    } else {
        let wins = andnot(gt(splat(t.to_win), won_now), splat(u64::MAX));
        let stop = andnot(bust, or(and(on_top, or(at_top, wins)), risky));
        (stop, zero, and(stop, wins))
    };
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
    let outcome = add(or(and(bust, one), and(stop, splat(2))), and(fin, one));
    let outcome = if DEFER_TOPS {
        or(outcome, and(deferred, splat(DEFERRED)))
    } else {
        outcome
    };
    store(&mut s.outcome, h, outcome);
    let counts = or(
        widen(best.held, h),
        _mm256_slli_epi64::<8>(popcnt(new_cars)),
    );
    store(&mut s.car_counts, h, counts);
    store(&mut s.claimed, h, and(stop, new_top));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` on four 64-bit lanes and returns them.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    unsafe fn lanes64(x: [u64; 4], f: unsafe fn(__m256i) -> __m256i) -> [u64; 4] {
        let mut out = [0u64; 4];
        // SAFETY: the caller checked the CPU has AVX2.
        unsafe {
            let v = _mm256_loadu_si256(x.as_ptr() as *const __m256i);
            _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, f(v));
        }
        out
    }

    #[test]
    fn column_sets_spread_and_gather_back_on_every_set() {
        if !is_x86_feature_detected!("avx2") {
            return;
        }
        for m in 0..2048u64 {
            let set = m << 2;
            let spread_slow = (2..=12)
                .filter(|c| set >> c & 1 == 1)
                .map(|c| 1u64 << (4 * c));
            let want = spread_slow.fold(0, |a, b| a | b);
            // SAFETY (of each `lanes64`): the CPU has AVX2 (checked above).
            let got = unsafe { lanes64([set; 4], |v| spread(v)) };
            assert_eq!(got, [want; 4], "set {set:#x}");
            assert_eq!(unsafe { lanes64([want; 4], |v| gather_bits(v)) }, [set; 4]);
            assert_eq!(unsafe { lanes64([set; 4], |v| nibbles(v)) }, [want * 15; 4]);
        }
    }

    #[test]
    fn jump_starts_agree_with_the_engines_step_on_random_positions() {
        use crate::columns::{GameKind, Rules, Turn};
        if !is_x86_feature_detected!("avx2") {
            return;
        }
        let rules = Rules::new(GameKind::Route66, 2);
        let t = super::super::chunk::tables(&rules);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut draw = |n: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % n
        };
        for _ in 0..500 {
            let mut s = State::default();
            // A live generator: an all-zero one draws only rejected zeros.
            for l in 0..8 {
                let rng = super::super::chunk::xoshiro_state(l as u64);
                for (word, v) in s.rng.iter_mut().zip(rng) {
                    word.0[l] = v;
                }
            }
            // Eight lanes: random cubes below the tops, cars anywhere up to them, some closed.
            let mut boards = [crate::columns::Board::default(); 8];
            let mut starts = [[0u8; 13]; 8];
            for (l, board) in boards.iter_mut().enumerate() {
                for c in 2..=12u8 {
                    let len = rules.layout.len(c) as u64;
                    let (me, opp) = (draw(len) as u8, draw(len) as u8);
                    board.set_cube(0, c, me);
                    board.set_cube(1, c, opp);
                    s.me.0[l] |= (me as u64) << (4 * c);
                    s.opp.0[l] |= (opp as u64) << (4 * c);
                    starts[l][c as usize] = me;
                    match draw(5) {
                        0 => s.closed.0[l] |= 1 << c,
                        1 => {
                            let car = me + draw(len + 1 - me as u64) as u8;
                            s.cars.0[l] |= 1 << c;
                            s.pos.0[l] |= (car as u64) << (4 * c);
                            starts[l][c as usize] = car;
                        }
                        _ => {}
                    }
                }
            }
            // SAFETY: the CPU has AVX2 (checked above).
            let halves = unsafe {
                [
                    half_start::<true>(&mut s, &t, 0),
                    half_start::<true>(&mut s, &t, 1),
                ]
            };
            let lane = |v: __m256i, l: usize| {
                let mut out = [0u64; 4];
                // SAFETY: as above.
                unsafe { _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, v) };
                out[l % 4]
            };
            for (l, board) in boards.iter().enumerate() {
                let half = &halves[l / 4];
                let (mut one_left, mut two_left, mut jump1, mut jump2) = (0, 0, 0, 0);
                for c in 2..=12u8 {
                    let (len, from) = (rules.layout.len(c), starts[l][c as usize]);
                    if s.closed.0[l] >> c & 1 == 1 || from >= len {
                        one_left |= ((from >= len) as u64) << c;
                        continue;
                    }
                    let first = Turn::step_as::<true>(&rules, board, 0, c, from);
                    jump1 |= ((first > from + 1) as u64) << c;
                    if first >= len {
                        one_left |= 1 << c;
                        continue;
                    }
                    let second = Turn::step_as::<true>(&rules, board, 0, c, first);
                    jump2 |= ((second > first + 1) as u64) << c;
                    two_left |= ((second >= len) as u64) << c;
                }
                let open = !s.closed.0[l];
                assert_eq!(
                    lane(half.one_left, l) & open,
                    one_left & open,
                    "lane {l} one left"
                );
                assert_eq!(lane(half.two_left, l), two_left, "lane {l} two left");
                assert_eq!(lane(half.jump1, l), jump1, "lane {l} first jumps");
                assert_eq!(lane(half.jump2, l), jump2, "lane {l} second jumps");
                // SAFETY: as above.
                let spread_jump1 = unsafe { spread(half.jump1) };
                assert_eq!(lane(half.jump1_flags, l), lane(spread_jump1, l));
            }
        }
    }

    #[test]
    fn zero_nibbles_finds_exactly_the_zero_columns() {
        if !is_x86_feature_detected!("avx2") {
            return;
        }
        // Columns 2..=12 cycling through every nibble value, at several offsets.
        for offset in 0..16u64 {
            let mut x = 0u64;
            let mut want = 0u64;
            for c in 2..=12u64 {
                let v = (c * 7 + offset) % 16;
                x |= v << (4 * c);
                want |= ((v == 0) as u64) << c;
            }
            // SAFETY: the CPU has AVX2 (checked above).
            assert_eq!(unsafe { lanes64([x; 4], |v| zero_nibbles(v)) }, [want; 4]);
        }
    }

    #[test]
    fn narrow_and_widen_keep_lane_order_and_popcounts_agree() {
        if !is_x86_feature_detected!("avx2") {
            return;
        }
        let lo = [1u64, 0x1ffc, 7, 0xdead_beef];
        let hi = [u32::MAX as u64, 0, 12, 0x8000_0001];
        // SAFETY: the CPU has AVX2 (checked above).
        unsafe {
            let load4 = |x: &[u64; 4]| _mm256_loadu_si256(x.as_ptr() as *const __m256i);
            let v = narrow(load4(&lo), load4(&hi));
            let mut out = [0u32; 8];
            _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, v);
            let want: Vec<u32> = lo.iter().chain(&hi).map(|&x| x as u32).collect();
            assert_eq!(out.to_vec(), want);
            for (h, half) in [lo, hi].iter().enumerate() {
                let mut back = [0u64; 4];
                _mm256_storeu_si256(back.as_mut_ptr() as *mut __m256i, widen(v, h));
                assert_eq!(&back, half);
            }
            let mut counts = [0u32; 8];
            _mm256_storeu_si256(counts.as_mut_ptr() as *mut __m256i, popcnt32(v));
            let want: Vec<u32> = out.iter().map(|x| x.count_ones()).collect();
            assert_eq!(counts.to_vec(), want);
        }
    }
}
