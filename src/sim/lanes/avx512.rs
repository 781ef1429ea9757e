//! One roll of eight 2-player Can't Stop games at once, one game per 64-bit lane of an AVX-512
//! vector: the dice, the legal choices and the shared choice rule, the fixed-risk stop rule and
//! the end of a turn, all branch-free. [`super`] drives it and keeps the counters.
//!
//! Every lane plays exactly what [`crate::sim::play::play_game`] plays for the same dice; the
//! tests in [`super`] compare the two game by game.

use core::arch::x86_64::*;

/// Games per vector.
pub const WIDTH: usize = 8;

/// One 64-bit value per lane, aligned for vector loads.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, Default)]
pub struct Lanes(pub [u64; WIDTH]);

/// The state of eight games, seen from the player to move (`me`) and the other (`opp`);
/// the two swap at the end of every turn.
#[derive(Clone, Debug, Default)]
pub struct State {
    /// Each lane's xoshiro256++ state (the game's dice stream).
    pub rng: [Lanes; 4],
    /// Cubes of the player to move, one nibble a column.
    pub me: Lanes,
    /// Cubes of the other player.
    pub opp: Lanes,
    /// Cars of the turn in hand, one nibble a column (meaningful only in the columns of `cars`).
    /// The AVX2 kernel keeps the other columns' cubes of the player to move here too, so
    /// every nibble is where that column's move starts.
    pub pos: Lanes,
    /// Claimed columns (bit `c` = column `c`).
    pub closed: Lanes,
    /// Columns claimed by the player to move.
    pub won_me: Lanes,
    /// Columns claimed by the other player.
    pub won_opp: Lanes,
    /// Columns holding a car this turn.
    pub cars: Lanes,
    /// Columns whose car stands on the top space.
    pub top: Lanes,
    /// Busting rolls (of 1296) from which the player to move stops.
    pub limit_me: Lanes,
    /// The other player's limit.
    pub limit_opp: Lanes,
    /// 1 when the player to move stops as soon as a car reaches the top.
    pub at_top_me: Lanes,
    /// The other player's flag.
    pub at_top_opp: Lanes,
    /// All ones when the player to move plays the Rule of N (the AVX2 kernel's rule lanes).
    pub rule_me: Lanes,
    /// The other player's flag.
    pub rule_opp: Lanes,
    /// Steps each car took this turn, one nibble a column (a jump counts one), as
    /// [`crate::columns::Turn::steps`] keeps them: the Rule of N counts them.
    pub steps: Lanes,
    /// Out: 0 = rolled on, 1 = bust, 2 = stopped, 3 = stopped and won the game.
    pub outcome: Lanes,
    /// Out (AVX-512 kernel only): cars before the roll (low byte) and after it (next byte).
    pub car_counts: Lanes,
    /// Out: the columns on top when the turn stopped (the columns claimed).
    pub claimed: Lanes,
    /// The turn in hand's successful rolls by the cars in play after them: byte `c` counts
    /// those after which `c` cars were in play. Kept by the AVX2 kernel's step itself, and
    /// by [`super::avx2::tally::tally`] after each AVX-512 step.
    pub turn_cars: Lanes,
}

/// Read-only tables: bust counts by usable set, the roll's pairings, column lengths, progress.
#[derive(Clone, Debug)]
pub struct Tables {
    /// Busting rolls of the usable set `u >> 2` (11 bits).
    pub bust: Box<[u64; 2048]>,
    /// The distinct pairings of outcome `i`: sums `a, b` of pairing `k` in bits `8k..8k+8`
    /// (a low nibble), missing pairings 0 (never usable).
    pub pairs: Box<[u64; 1296]>,
    /// Column lengths (index = column).
    pub len: [u64; 16],
    /// Progress units one space is worth, by column.
    pub units: [u64; 16],
    /// `units` as 32-bit words, for the AVX2 kernel's in-register lookup.
    pub units32: [u32; 16],
    /// Each column's length in its nibble (bits `4c..4c + 4`), for the AVX2 kernel.
    pub len_nibbles: u64,
    /// Cars a player has.
    pub cars: u64,
    /// Columns a player must claim to win (Can't Stop; more than a board has otherwise).
    pub to_win: u64,
    /// Claimed columns that end the game on points (Route 66,
    /// [`crate::columns::Rules::columns_to_end`]; more than a board has in Can't Stop).
    pub to_end: u64,
    /// The Rule of N's parameters, for the AVX2 kernel's rule lanes.
    pub rule: super::rule_tables::RuleTables,
}

#[inline(always)]
unsafe fn load(v: &Lanes) -> __m512i {
    _mm512_load_si512(v.0.as_ptr() as *const _)
}

#[inline(always)]
unsafe fn store(v: &mut Lanes, x: __m512i) {
    _mm512_store_si512(v.0.as_mut_ptr() as *mut _, x)
}

#[inline(always)]
unsafe fn splat(x: u64) -> __m512i {
    _mm512_set1_epi64(x as i64)
}

/// A column set (bits 2..=12) spread to nibble masks: `0xf` in every nibble of a set column.
#[inline(always)]
unsafe fn nibbles(m: __m512i) -> __m512i {
    let mut x = m;
    x = _mm512_and_si512(
        _mm512_or_si512(x, _mm512_slli_epi64(x, 24)),
        splat(0x0000_00ff_0000_00ff),
    );
    x = _mm512_and_si512(
        _mm512_or_si512(x, _mm512_slli_epi64(x, 12)),
        splat(0x000f_000f_000f_000f),
    );
    x = _mm512_and_si512(
        _mm512_or_si512(x, _mm512_slli_epi64(x, 6)),
        splat(0x0303_0303_0303_0303),
    );
    x = _mm512_and_si512(
        _mm512_or_si512(x, _mm512_slli_epi64(x, 3)),
        splat(0x1111_1111_1111_1111),
    );
    _mm512_mullo_epi64(x, splat(0xf))
}

/// The lanes' next xoshiro256++ outputs; only lanes in `mask` advance.
#[inline(always)]
unsafe fn next(rng: &mut [Lanes; 4], mask: __mmask8) -> __m512i {
    let [s0, s1, s2, s3] = [load(&rng[0]), load(&rng[1]), load(&rng[2]), load(&rng[3])];
    let out = _mm512_add_epi64(_mm512_rol_epi64::<23>(_mm512_add_epi64(s0, s3)), s0);
    let t = _mm512_slli_epi64::<17>(s1);
    let n2 = _mm512_xor_si512(s2, s0);
    let n3 = _mm512_xor_si512(s3, s1);
    let n1 = _mm512_xor_si512(s1, n2);
    let n0 = _mm512_xor_si512(s0, n3);
    let n2 = _mm512_xor_si512(n2, t);
    let n3 = _mm512_rol_epi64::<45>(n3);
    store(&mut rng[0], _mm512_mask_mov_epi64(s0, mask, n0));
    store(&mut rng[1], _mm512_mask_mov_epi64(s1, mask, n1));
    store(&mut rng[2], _mm512_mask_mov_epi64(s2, mask, n2));
    store(&mut rng[3], _mm512_mask_mov_epi64(s3, mask, n3));
    out
}

/// Each lane's roll, an outcome index 0..1296 by Lemire's method exactly as
/// [`crate::dice::sample_index`] draws it: a lane whose draw is rejected draws again.
#[inline(always)]
unsafe fn roll(rng: &mut [Lanes; 4]) -> __m512i {
    const N: u64 = 1296;
    const THRESHOLD: u64 = N.wrapping_neg() % N;
    let mut want: __mmask8 = 0xff;
    let mut idx = _mm512_setzero_si512();
    while want != 0 {
        let r = next(rng, want);
        let low = _mm512_mullo_epi64(r, splat(N));
        let hi = _mm512_mul_epu32(_mm512_srli_epi64::<32>(r), splat(N));
        let lo = _mm512_mul_epu32(r, splat(N));
        let high = _mm512_srli_epi64::<32>(_mm512_add_epi64(hi, _mm512_srli_epi64::<32>(lo)));
        let ok = _mm512_cmpge_epu64_mask(low, splat(THRESHOLD)) & want;
        idx = _mm512_mask_mov_epi64(idx, ok, high);
        want &= !ok;
    }
    idx
}

/// Plays one roll in every lane (see the module comment); results in `outcome`, `car_counts`
/// and `claimed`.
///
/// # Safety
/// The CPU must have AVX-512 F, DQ and VPOPCNTDQ ([`super::Kernel::supported`]).
#[target_feature(enable = "avx512f,avx512dq,avx512vpopcntdq")]
pub unsafe fn step(s: &mut State, t: &Tables) {
    let one = splat(1);
    let zero = _mm512_setzero_si512();
    let idx = roll(&mut s.rng);
    let p = _mm512_i64gather_epi64::<8>(idx, t.pairs.as_ptr() as *const _);
    let (cars, top, closed) = (load(&s.cars), load(&s.top), load(&s.closed));
    let open = _mm512_andnot_si512(closed, splat(0x1ffc));
    let free = _mm512_sub_epi64(splat(t.cars), _mm512_popcnt_epi64(cars));
    let has_free = _mm512_cmpgt_epu64_mask(free, zero);
    let moving = _mm512_andnot_si512(top, cars);
    let usable = _mm512_mask_or_epi64(moving, has_free, moving, _mm512_andnot_si512(cars, open));
    let me = load(&s.me);
    let car_nib = nibbles(cars);
    let start = _mm512_or_si512(
        _mm512_andnot_si512(car_nib, me),
        _mm512_and_si512(load(&s.pos), car_nib),
    );
    let (mut best_bust, mut best_gain) = (splat(5000), zero);
    let (mut best_steps, mut best_cols, mut best_top) = (zero, zero, top);
    for k in 0..3u64 {
        let a = _mm512_and_si512(_mm512_srlv_epi64(p, splat(8 * k)), splat(15));
        let b = _mm512_and_si512(_mm512_srlv_epi64(p, splat(8 * k + 4)), splat(15));
        let ua = _mm512_test_epi64_mask(_mm512_srlv_epi64(usable, a), one);
        let ub = _mm512_test_epi64_mask(_mm512_srlv_epi64(usable, b), one);
        let na = _mm512_andnot_si512(_mm512_srlv_epi64(cars, a), one);
        let nb = _mm512_andnot_si512(_mm512_srlv_epi64(cars, b), one);
        let double = _mm512_cmpeq_epu64_mask(a, b);
        let fits = _mm512_cmple_epu64_mask(_mm512_add_epi64(na, nb), free);
        // Both pairs when both can be used and there are cars enough; else each alone.
        let both = ua & ub & fits & !double;
        let split = ua & ub & !fits & !double;
        let (shift_a, shift_b) = (_mm512_slli_epi64::<2>(a), _mm512_slli_epi64::<2>(b));
        let len_a = _mm512_i64gather_epi64::<8>(a, t.len.as_ptr() as *const _);
        let len_b = _mm512_i64gather_epi64::<8>(b, t.len.as_ptr() as *const _);
        let from_a = _mm512_and_si512(_mm512_srlv_epi64(start, shift_a), splat(15));
        // A double takes two steps unless the first reaches the top.
        let double_two =
            double & ua & _mm512_cmplt_epu64_mask(_mm512_add_epi64(from_a, one), len_a);
        let first_b = both | (ub & !ua);
        let (step_a, step_b) = (
            _mm512_sllv_epi64(one, shift_a),
            _mm512_sllv_epi64(one, shift_b),
        );
        let mut steps1 = _mm512_maskz_mov_epi64(ua, step_a);
        steps1 = _mm512_mask_add_epi64(steps1, first_b, steps1, step_b);
        steps1 = _mm512_mask_add_epi64(steps1, double_two, steps1, step_a);
        let (col_a, col_b) = (_mm512_sllv_epi64(one, a), _mm512_sllv_epi64(one, b));
        let cols1 = _mm512_or_si512(
            _mm512_maskz_mov_epi64(ua, col_a),
            _mm512_maskz_mov_epi64(first_b, col_b),
        );
        let steps2 = _mm512_maskz_mov_epi64(split, step_b);
        let cols2 = _mm512_maskz_mov_epi64(split, col_b);
        let units_a = _mm512_i64gather_epi64::<8>(a, t.units.as_ptr() as *const _);
        let units_b = _mm512_i64gather_epi64::<8>(b, t.units.as_ptr() as *const _);
        for (valid, steps, cols) in [(ua | ub, steps1, cols1), (split, steps2, cols2)] {
            let pos = _mm512_add_epi64(start, steps);
            let top_a = _mm512_cmpge_epu64_mask(
                _mm512_and_si512(_mm512_srlv_epi64(pos, shift_a), splat(15)),
                len_a,
            );
            let top_b = _mm512_cmpge_epu64_mask(
                _mm512_and_si512(_mm512_srlv_epi64(pos, shift_b), splat(15)),
                len_b,
            );
            let reached = _mm512_or_si512(
                _mm512_maskz_mov_epi64(top_a, col_a),
                _mm512_maskz_mov_epi64(top_b, col_b),
            );
            let new_top = _mm512_or_si512(top, _mm512_and_si512(cols, reached));
            let new_cars = _mm512_or_si512(cars, cols);
            let any_free = _mm512_cmplt_epu64_mask(_mm512_popcnt_epi64(new_cars), splat(t.cars));
            let mv = _mm512_andnot_si512(new_top, new_cars);
            let next_usable =
                _mm512_mask_or_epi64(mv, any_free, mv, _mm512_andnot_si512(new_cars, open));
            let key = _mm512_and_si512(_mm512_srli_epi64::<2>(next_usable), splat(2047));
            let bust = _mm512_mask_i64gather_epi64::<8>(
                splat(4000),
                valid,
                key,
                t.bust.as_ptr() as *const _,
            );
            let gain_a = _mm512_mullo_epi64(
                _mm512_and_si512(_mm512_srlv_epi64(steps, shift_a), splat(15)),
                units_a,
            );
            let gain_b = _mm512_mullo_epi64(
                _mm512_and_si512(_mm512_srlv_epi64(steps, shift_b), splat(15)),
                units_b,
            );
            let gain = _mm512_mask_add_epi64(gain_a, !double, gain_a, gain_b);
            // The shared choice rule: lowest bust count, then more progress, then first listed.
            let better = _mm512_cmplt_epu64_mask(bust, best_bust)
                | (_mm512_cmpeq_epu64_mask(bust, best_bust)
                    & _mm512_cmpgt_epu64_mask(gain, best_gain));
            best_bust = _mm512_mask_mov_epi64(best_bust, better, bust);
            best_gain = _mm512_mask_mov_epi64(best_gain, better, gain);
            best_steps = _mm512_mask_mov_epi64(best_steps, better, steps);
            best_cols = _mm512_mask_mov_epi64(best_cols, better, cols);
            best_top = _mm512_mask_mov_epi64(best_top, better, new_top);
        }
    }
    let bust = _mm512_cmpge_epu64_mask(best_bust, splat(4000));
    let pos = _mm512_add_epi64(start, best_steps);
    let new_cars = _mm512_or_si512(cars, best_cols);
    let new_top = best_top;
    let on_top = _mm512_test_epi64_mask(new_top, new_top);
    let (won_me, won_opp) = (load(&s.won_me), load(&s.won_opp));
    let won_now = _mm512_add_epi64(won_me, _mm512_popcnt_epi64(new_top));
    let stop_wins = on_top & _mm512_cmpge_epu64_mask(won_now, splat(t.to_win));
    let stop = !bust
        & ((on_top & _mm512_test_epi64_mask(load(&s.at_top_me), one))
            | stop_wins
            | _mm512_cmpge_epu64_mask(best_bust, load(&s.limit_me)));
    let end = bust | stop;
    // A stop: cars become cubes, columns on top are claimed and the other's cubes there go.
    let new_nib = nibbles(new_cars);
    let me_stop = _mm512_or_si512(
        _mm512_andnot_si512(new_nib, me),
        _mm512_and_si512(pos, new_nib),
    );
    let opp = load(&s.opp);
    let opp_stop = _mm512_andnot_si512(nibbles(new_top), opp);
    let me2 = _mm512_mask_mov_epi64(me, stop, me_stop);
    let opp2 = _mm512_mask_mov_epi64(opp, stop, opp_stop);
    let won2 = _mm512_mask_mov_epi64(won_me, stop, won_now);
    store(
        &mut s.closed,
        _mm512_mask_or_epi64(closed, stop, closed, new_top),
    );
    // The end of a turn passes play: the two sides swap.
    store(&mut s.me, _mm512_mask_mov_epi64(me2, end, opp2));
    store(&mut s.opp, _mm512_mask_mov_epi64(opp2, end, me2));
    store(&mut s.won_me, _mm512_mask_mov_epi64(won2, end, won_opp));
    store(&mut s.won_opp, _mm512_mask_mov_epi64(won_opp, end, won2));
    let (limit_me, limit_opp) = (load(&s.limit_me), load(&s.limit_opp));
    store(
        &mut s.limit_me,
        _mm512_mask_mov_epi64(limit_me, end, limit_opp),
    );
    store(
        &mut s.limit_opp,
        _mm512_mask_mov_epi64(limit_opp, end, limit_me),
    );
    let (at_top_me, at_top_opp) = (load(&s.at_top_me), load(&s.at_top_opp));
    store(
        &mut s.at_top_me,
        _mm512_mask_mov_epi64(at_top_me, end, at_top_opp),
    );
    store(
        &mut s.at_top_opp,
        _mm512_mask_mov_epi64(at_top_opp, end, at_top_me),
    );
    store(&mut s.pos, _mm512_mask_mov_epi64(pos, end, zero));
    store(&mut s.cars, _mm512_mask_mov_epi64(new_cars, end, zero));
    store(&mut s.top, _mm512_mask_mov_epi64(new_top, end, zero));
    let fin = stop & _mm512_cmpge_epu64_mask(won_now, splat(t.to_win));
    let outcome = _mm512_mask_mov_epi64(_mm512_maskz_mov_epi64(bust, one), stop, splat(2));
    store(
        &mut s.outcome,
        _mm512_mask_add_epi64(outcome, fin, outcome, one),
    );
    let counts = _mm512_or_si512(
        _mm512_popcnt_epi64(cars),
        _mm512_slli_epi64::<8>(_mm512_popcnt_epi64(new_cars)),
    );
    store(&mut s.car_counts, counts);
    store(&mut s.claimed, _mm512_maskz_mov_epi64(stop, new_top));
}
