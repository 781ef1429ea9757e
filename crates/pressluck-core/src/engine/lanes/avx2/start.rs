//! The start of a roll in one half of the AVX2 kernel's lanes (four 64-bit lanes): the dice,
//! where each column's move starts (the car, else the cube), and the column sets the choice
//! needs of it: which columns one and two steps bring to the top and, under the jump rule, which
//! steps jump the other player's cube.

use super::super::state::{LaneState, LaneWords, Tables};
use super::dice::roll;
use super::ops::*;
use core::arch::x86_64::*;

/// What one half needs of its roll beyond the state: worked out in 64-bit lanes.
pub(super) struct HalfStart {
    /// The roll's outcome index.
    pub(super) idx: __m256i,
    /// Per column, the space a move starts from (the car's, else the cube's), one nibble each.
    pub(super) start: __m256i,
    /// Columns whose next step reaches the top (or which are on it).
    pub(super) one_left: __m256i,
    /// Columns whose second step, not the first, reaches the top.
    pub(super) two_left: __m256i,
    /// Jump rule: columns whose first step jumps the other player's cube (climbs two spaces).
    pub(super) jump1: __m256i,
    /// Jump rule: columns whose second step, not the first, jumps it (one cube a column, so a
    /// column's two steps jump at most once).
    pub(super) jump2: __m256i,
    /// `jump1` as one bit at the foot of each column's nibble ([`spread`]).
    pub(super) jump1_flags: __m256i,
    /// `jump2` likewise.
    pub(super) jump2_flags: __m256i,
}

/// Half `H`'s roll and where its moves start; with `JUMP`, where its steps jump (as
/// [`crate::columns::Turn::step`] steps: to the next space without the other player's cube).
/// `DEFER_TOPS`, `RULE` and `RACE` change nothing here (see [`super`] on inlining).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn half_start<
    const JUMP: bool,
    const DEFER_TOPS: bool,
    const RULE: bool,
    const RACE: bool,
    const H: usize,
>(
    s: &mut LaneState,
    t: &Tables,
) -> HalfStart {
    let idx = roll(&mut s.rng, H);
    // The AVX2 kernel keeps `pos` as every column's start: the car's, else the cube's.
    starts::<JUMP>(t, idx, load(&s.pos, H), &s.opp, &s.closed, H)
}

/// [`half_start`] for the roll `idx` already drawn, from half `h` of the starts `start` and of
/// the fields `opp` (the other player's cubes, read only with `JUMP`) and `closed`: the roll's
/// start without its dice.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn starts<const JUMP: bool>(
    t: &Tables,
    idx: __m256i,
    start: __m256i,
    opp: &LaneWords,
    closed: &LaneWords,
    h: usize,
) -> HalfStart {
    let len = splat(t.len_nibbles);
    if JUMP {
        // Worked in flags, one bit at the foot of each column's nibble, which add one space to
        // the nibble as they stand. In an open column every cube stands below the top (a cube
        // on it closed the column), so a step that jumps lands on the top at most, and no
        // nibble overflows or borrows. Closed columns and cars on top take no step.
        let opp = load(opp, h);
        let opp_on = andnot(zero_flags(opp), splat(COLUMN_NIBBLES));
        let climbing = andnot(
            or(
                spread(load(closed, h)),
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

#[cfg(test)]
mod tests {
    use super::super::ops::test_io::u64s;
    use super::*;
    use crate::engine::cpu::Avx2;

    #[test]
    fn jump_starts_agree_with_the_engines_step_on_random_positions() {
        if Avx2::cpu().is_some() {
            // SAFETY: the CPU has AVX2.
            unsafe { jump_starts_agree() }
        }
    }

    #[target_feature(enable = "avx2")]
    fn jump_starts_agree() {
        use crate::columns::{GameKind, Rules, Turn};
        let rules = Rules::new(GameKind::Route66, 2);
        let t = crate::engine::lanes::tables::tables(&rules);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut draw = |n: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % n
        };
        for _ in 0..500 {
            let mut s = LaneState::default();
            // A live generator: an all-zero one draws only rejected zeros.
            for l in 0..8 {
                let rng = crate::engine::deal::xoshiro_state(l as u64);
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
                            starts[l][c as usize] = car;
                        }
                        _ => {}
                    }
                    s.pos.0[l] |= (starts[l][c as usize] as u64) << (4 * c);
                }
            }
            let halves = [
                half_start::<true, false, false, false, 0>(&mut s, &t),
                half_start::<true, false, false, false, 1>(&mut s, &t),
            ];
            let lane = |v: __m256i, l: usize| u64s(v)[l % 4];
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
                assert_eq!(lane(half.jump1_flags, l), lane(spread(half.jump1), l));
            }
        }
    }
}
