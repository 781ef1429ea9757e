//! The vector building blocks of the AVX2 kernel ([`super`]): loads and stores of one half of a
//! lane field, lane-wise logic and arithmetic under names that read as set operations,
//! population counts through a nibble table (AVX2 has none), and column sets moved between one
//! bit per column (bits 2..=12) and one bit or nibble per column (bits `4c..4c + 4`), and
//! between four 64-bit and eight 32-bit lanes.
//!
//! Every function enables AVX2 (`#[target_feature]`) and is safe to call from the kernel's
//! functions, which enable it too; the few that touch memory say in their `SAFETY` comments
//! why the access is in bounds.

use super::super::state::LaneWords;
use core::arch::x86_64::*;

/// Lanes in one 64-bit AVX2 vector; a [`LaneState`](super::super::state::LaneState) field is two of
/// them, its halves 0 and 1.
pub(super) const HALF: usize = 4;

/// Each column's nibble (bits `4c..4c + 4`) with 1 in its low bit, columns 2..=12.
pub(super) const COLUMN_NIBBLES: u64 = {
    let mut m = 0u64;
    let mut c = 2;
    while c <= 12 {
        m |= 1 << (4 * c);
        c += 1;
    }
    m
};

/// Half `h & 1` of a lane field: its four words at `4 (h & 1)`.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn load(v: &LaneWords, h: usize) -> __m256i {
    let at = (h & 1) * HALF;
    // SAFETY: words `at..at + 4` lie inside the field's 8 (`at` is 0 or 4), and the load is
    // 32-byte aligned: `LaneWords` is 64-byte aligned and `at` words are 0 or 32 bytes.
    unsafe { _mm256_load_si256(v.0.as_ptr().add(at) as *const __m256i) }
}

/// Writes half `h & 1` of a lane field.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn store(v: &mut LaneWords, h: usize, x: __m256i) {
    let at = (h & 1) * HALF;
    // SAFETY: as for `load`: words `at..at + 4` of the 8, 32-byte aligned.
    unsafe { _mm256_store_si256(v.0.as_mut_ptr().add(at) as *mut __m256i, x) }
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn splat(x: u64) -> __m256i {
    _mm256_set1_epi64x(x as i64)
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn splat32(x: u32) -> __m256i {
    _mm256_set1_epi32(x as i32)
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn and(a: __m256i, b: __m256i) -> __m256i {
    _mm256_and_si256(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn or(a: __m256i, b: __m256i) -> __m256i {
    _mm256_or_si256(a, b)
}

/// `b` without the bits of `a`.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn andnot(a: __m256i, b: __m256i) -> __m256i {
    _mm256_andnot_si256(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn add(a: __m256i, b: __m256i) -> __m256i {
    _mm256_add_epi64(a, b)
}

/// All ones where `a > b` (signed, 64-bit lanes).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn gt(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpgt_epi64(a, b)
}

/// All ones where `a > b` (signed, 32-bit lanes).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn gt32(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpgt_epi32(a, b)
}

/// All ones where `a == b` (32-bit lanes).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn eq32(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpeq_epi32(a, b)
}

/// `yes` in the lanes where `mask` is all ones, else `no`.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn pick(mask: __m256i, yes: __m256i, no: __m256i) -> __m256i {
    _mm256_blendv_epi8(no, yes, mask)
}

/// Entry `c` (0..16) of a 16-entry table of 32-bit words held in two vectors, per 32-bit lane.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn lookup16(table: &[__m256i; 2], c: __m256i) -> __m256i {
    let low = _mm256_permutevar8x32_epi32(table[0], c);
    let high = _mm256_permutevar8x32_epi32(table[1], c);
    pick(gt32(c, splat32(7)), high, low)
}

/// Each byte's number of set bits.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn byte_popcnt(x: __m256i) -> __m256i {
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let low = _mm256_set1_epi8(0x0f);
    let lo = _mm256_shuffle_epi8(table, and(x, low));
    let hi = _mm256_shuffle_epi8(table, and(_mm256_srli_epi16::<4>(x), low));
    _mm256_add_epi8(lo, hi)
}

/// Each 32-bit lane's number of set bits.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn popcnt32(x: __m256i) -> __m256i {
    let pairs = _mm256_maddubs_epi16(byte_popcnt(x), _mm256_set1_epi8(1));
    _mm256_madd_epi16(pairs, _mm256_set1_epi16(1))
}

/// A column set (bits 0..16, columns 2..=12 in use) spread to one bit per nibble: bit `c` to
/// bit `4c`.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn spread(m: __m256i) -> __m256i {
    spread_bytes(m, pair_table(0x01, 0x10))
}

/// A column set spread to nibble masks: `0xf` in every nibble of a set column.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn nibbles(m: __m256i) -> __m256i {
    spread_bytes(m, pair_table(0x0f, 0xf0))
}

/// The table [`spread_bytes`] reads: for the two bits of a column pair, at bits 0-1 or 2-3 of
/// the index, `low` for the first column, `high` for the second, both for both.
#[inline]
#[target_feature(enable = "avx2")]
fn pair_table(low: u8, high: u8) -> __m256i {
    let mut t = [0u8; 16];
    for bits in 0..4 {
        let byte = if bits & 1 == 1 { low } else { 0 } | if bits & 2 == 2 { high } else { 0 };
        (t[bits], t[bits << 2]) = (byte, byte);
    }
    byte_table(t)
}

/// A 16-entry byte table for `_mm256_shuffle_epi8`, in both 128-bit halves.
#[inline]
#[target_feature(enable = "avx2")]
fn byte_table(t: [u8; 16]) -> __m256i {
    // SAFETY: the 16 bytes read are the array's 16; an unaligned load needs no alignment.
    let half = unsafe { _mm_loadu_si128(t.as_ptr() as *const __m128i) };
    _mm256_broadcastsi128_si256(half)
}

/// Each output byte `j` (columns `2j` and `2j + 1`) looked up in `table` by the two bits of
/// those columns in `m`: bits `2j, 2j + 1` of the set moved to bits 0-1 (`j` even in its
/// group of four) or 2-3 (`j` odd) of the byte, which the table reads.
#[inline]
#[target_feature(enable = "avx2")]
fn spread_bytes(m: __m256i, table: __m256i) -> __m256i {
    // Output bytes 0-3 read set byte 0, bytes 4-7 set byte 1 (per 64-bit lane).
    let copy = _mm256_setr_epi8(
        0, 0, 0, 0, 1, 1, 1, 1, 8, 8, 8, 8, 9, 9, 9, 9, 0, 0, 0, 0, 1, 1, 1, 1, 8, 8, 8, 8, 9, 9,
        9, 9,
    );
    let x = _mm256_shuffle_epi8(m, copy);
    // Bytes j % 4 = 0, 1 keep bits 0-1 and 2-3; bytes 2, 3 bits 4-5 and 6-7, moved down by 4.
    let low = and(x, _mm256_set1_epi32(0x0000_0c03));
    let high = and(_mm256_srli_epi16::<4>(x), _mm256_set1_epi32(0x0c03_0000));
    _mm256_shuffle_epi8(table, or(low, high))
}

/// [`spread`]'s inverse: bit `4c` to bit `c` (other bits ignored).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn gather_bits(flags: __m256i) -> __m256i {
    let x = and(flags, splat(0x1111_1111_1111_1111));
    // Each byte's two flags (bits 0 and 4) as bits 0 and 1.
    let pairs = and(or(x, _mm256_srli_epi16::<3>(x)), _mm256_set1_epi8(0x03));
    and(pack_pairs(pairs), splat(0xffff))
}

/// Per 64-bit lane, the two-bit values of its eight bytes (bits 0-1 each) side by side: byte
/// `j`'s at bits `2j, 2j + 1` (bits 16 and up hold leftovers: mask them).
#[inline]
#[target_feature(enable = "avx2")]
fn pack_pairs(pairs: __m256i) -> __m256i {
    // Bytes [1, 4]: two bytes' values side by side in a 16-bit word (4 bits).
    let words = _mm256_maddubs_epi16(pairs, _mm256_set1_epi16(0x0401));
    // Words [1, 16]: two words side by side in a 32-bit lane (8 bits).
    let dwords = _mm256_madd_epi16(words, _mm256_set1_epi32(0x0010_0001));
    or(dwords, _mm256_srli_epi64::<24>(dwords))
}

/// The columns (bits 2..=12) whose nibble in `x` is zero.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn zero_nibbles(x: __m256i) -> __m256i {
    let low_nibble = _mm256_set1_epi8(0x0f);
    let zero_low = byte_table([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    let zero_high = byte_table([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    let pairs = or(
        _mm256_shuffle_epi8(zero_low, and(x, low_nibble)),
        _mm256_shuffle_epi8(zero_high, and(_mm256_srli_epi16::<4>(x), low_nibble)),
    );
    and(pack_pairs(pairs), splat(0x1ffc))
}

/// [`zero_nibbles`] as flags: bit `4c` set where column `c`'s nibble in `x` is zero.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn zero_flags(x: __m256i) -> __m256i {
    let any = or(
        or(x, _mm256_srli_epi64::<1>(x)),
        or(_mm256_srli_epi64::<2>(x), _mm256_srli_epi64::<3>(x)),
    );
    andnot(any, splat(COLUMN_NIBBLES))
}

/// Two vectors of four 64-bit lanes holding 32-bit values, as one vector of eight 32-bit lanes
/// (`lo`'s lanes first).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn narrow(lo: __m256i, hi: __m256i) -> __m256i {
    let even = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    let (lo, hi) = (
        _mm256_permutevar8x32_epi32(lo, even),
        _mm256_permutevar8x32_epi32(hi, even),
    );
    _mm256_permute2x128_si256::<0x20>(lo, hi)
}

/// Half `h` of eight 32-bit lanes, zero-extended to four 64-bit lanes.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn widen(x: __m256i, h: usize) -> __m256i {
    let part = if h == 0 {
        _mm256_castsi256_si128(x)
    } else {
        _mm256_extracti128_si256::<1>(x)
    };
    _mm256_cvtepu32_epi64(part)
}

/// Field `f` of `s` (eight lanes) as eight 32-bit lanes.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn narrow_field(f: &LaneWords) -> __m256i {
    narrow(load(f, 0), load(f, 1))
}

/// Test helpers: vectors to and from arrays.
#[cfg(test)]
pub(super) mod test_io {
    use core::arch::x86_64::*;

    /// Four 64-bit lanes from an array.
    #[target_feature(enable = "avx2")]
    pub(in crate::engine::lanes) fn v64(x: [u64; 4]) -> __m256i {
        // SAFETY: reads the array's 32 bytes; an unaligned load needs no alignment.
        unsafe { _mm256_loadu_si256(x.as_ptr() as *const __m256i) }
    }

    /// The four 64-bit lanes of `v`.
    #[target_feature(enable = "avx2")]
    pub(in crate::engine::lanes) fn u64s(v: __m256i) -> [u64; 4] {
        let mut out = [0u64; 4];
        // SAFETY: writes the array's 32 bytes; an unaligned store needs no alignment.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, v) };
        out
    }

    /// The eight 32-bit lanes of `v`.
    #[target_feature(enable = "avx2")]
    pub(in crate::engine::lanes) fn u32s(v: __m256i) -> [u32; 8] {
        let mut out = [0u32; 8];
        // SAFETY: writes the array's 32 bytes; an unaligned store needs no alignment.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr() as *mut __m256i, v) };
        out
    }
}

#[cfg(test)]
mod tests {
    use super::test_io::{u32s, u64s, v64};
    use super::*;
    use crate::engine::cpu::Avx2;

    #[target_feature(enable = "avx2")]
    fn spread_and_gather_back_on_every_set() {
        for m in 0..2048u64 {
            let set = m << 2;
            let spread_slow = (2..=12)
                .filter(|c| set >> c & 1 == 1)
                .map(|c| 1u64 << (4 * c));
            let want = spread_slow.fold(0, |a, b| a | b);
            assert_eq!(u64s(spread(v64([set; 4]))), [want; 4], "set {set:#x}");
            assert_eq!(u64s(gather_bits(v64([want; 4]))), [set; 4]);
            // Bits off the nibbles' feet are ignored.
            let noisy =
                want | (0x9e37_79b9_7f4a_7c15u64.rotate_left(m as u32) & !0x1111_1111_1111_1111);
            assert_eq!(u64s(gather_bits(v64([noisy; 4]))), [set; 4]);
            assert_eq!(u64s(nibbles(v64([set; 4]))), [want * 15; 4]);
        }
    }

    #[test]
    fn column_sets_spread_and_gather_back_on_every_set() {
        if Avx2::cpu().is_some() {
            // SAFETY: the CPU has AVX2.
            unsafe { spread_and_gather_back_on_every_set() }
        }
    }

    #[target_feature(enable = "avx2")]
    fn zero_nibbles_on_every_value() {
        // Columns 2..=12 cycling through every nibble value, at several offsets.
        for offset in 0..16u64 {
            let mut x = 0u64;
            let mut want = 0u64;
            for c in 2..=12u64 {
                let v = (c * 7 + offset) % 16;
                x |= v << (4 * c);
                want |= ((v == 0) as u64) << c;
            }
            assert_eq!(u64s(zero_nibbles(v64([x; 4]))), [want; 4]);
        }
    }

    #[test]
    fn zero_nibbles_finds_exactly_the_zero_columns() {
        if Avx2::cpu().is_some() {
            // SAFETY: the CPU has AVX2.
            unsafe { zero_nibbles_on_every_value() }
        }
    }

    #[target_feature(enable = "avx2")]
    fn narrow_widen_popcount() {
        let lo = [1u64, 0x1ffc, 7, 0xdead_beef];
        let hi = [u32::MAX as u64, 0, 12, 0x8000_0001];
        let v = narrow(v64(lo), v64(hi));
        let out = u32s(v);
        let want: Vec<u32> = lo.iter().chain(&hi).map(|&x| x as u32).collect();
        assert_eq!(out.to_vec(), want);
        for (h, half) in [lo, hi].iter().enumerate() {
            assert_eq!(&u64s(widen(v, h)), half);
        }
        let want: Vec<u32> = out.iter().map(|x| x.count_ones()).collect();
        assert_eq!(u32s(popcnt32(v)).to_vec(), want);
    }

    #[test]
    fn narrow_and_widen_keep_lane_order_and_popcounts_agree() {
        if Avx2::cpu().is_some() {
            // SAFETY: the CPU has AVX2.
            unsafe { narrow_widen_popcount() }
        }
    }
}
