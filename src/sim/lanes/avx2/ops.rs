//! The vector building blocks of the AVX2 kernel ([`super`]): loads and stores of one half of a
//! lane field, lane-wise logic and arithmetic under names that read as set operations,
//! population counts through a nibble table (AVX2 has none), and column sets moved between one
//! bit per column (bits 2..=12) and one bit or nibble per column (bits `4c..4c + 4`), and
//! between four 64-bit and eight 32-bit lanes.
//!
//! Every function is `unsafe` for one reason: the CPU must have AVX2. They are inlined into
//! [`super::step`], which enables it.

use super::super::avx512::Lanes;
use core::arch::x86_64::*;

/// Lanes in one 64-bit AVX2 vector; a [`State`](super::super::avx512::State) is two of them.
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

#[inline(always)]
pub(super) unsafe fn load(v: &Lanes, h: usize) -> __m256i {
    _mm256_load_si256(v.0.as_ptr().add(h * HALF) as *const __m256i)
}

#[inline(always)]
pub(super) unsafe fn store(v: &mut Lanes, h: usize, x: __m256i) {
    _mm256_store_si256(v.0.as_mut_ptr().add(h * HALF) as *mut __m256i, x)
}

#[inline(always)]
pub(super) unsafe fn splat(x: u64) -> __m256i {
    _mm256_set1_epi64x(x as i64)
}

#[inline(always)]
pub(super) unsafe fn splat32(x: u32) -> __m256i {
    _mm256_set1_epi32(x as i32)
}

#[inline(always)]
pub(super) unsafe fn and(a: __m256i, b: __m256i) -> __m256i {
    _mm256_and_si256(a, b)
}

#[inline(always)]
pub(super) unsafe fn or(a: __m256i, b: __m256i) -> __m256i {
    _mm256_or_si256(a, b)
}

/// `b` without the bits of `a`.
#[inline(always)]
pub(super) unsafe fn andnot(a: __m256i, b: __m256i) -> __m256i {
    _mm256_andnot_si256(a, b)
}

#[inline(always)]
pub(super) unsafe fn add(a: __m256i, b: __m256i) -> __m256i {
    _mm256_add_epi64(a, b)
}

/// All ones where `a > b` (signed, 64-bit lanes).
#[inline(always)]
pub(super) unsafe fn gt(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpgt_epi64(a, b)
}

/// All ones where `a > b` (signed, 32-bit lanes).
#[inline(always)]
pub(super) unsafe fn gt32(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpgt_epi32(a, b)
}

/// All ones where `a == b` (32-bit lanes).
#[inline(always)]
pub(super) unsafe fn eq32(a: __m256i, b: __m256i) -> __m256i {
    _mm256_cmpeq_epi32(a, b)
}

/// `yes` in the lanes where `mask` is all ones, else `no`.
#[inline(always)]
pub(super) unsafe fn pick(mask: __m256i, yes: __m256i, no: __m256i) -> __m256i {
    _mm256_blendv_epi8(no, yes, mask)
}

/// Entry `c` (0..16) of a 16-entry table of 32-bit words held in two vectors, per 32-bit lane.
#[inline(always)]
pub(super) unsafe fn lookup16(table: &[__m256i; 2], c: __m256i) -> __m256i {
    let low = _mm256_permutevar8x32_epi32(table[0], c);
    let high = _mm256_permutevar8x32_epi32(table[1], c);
    pick(gt32(c, splat32(7)), high, low)
}

/// Each byte's number of set bits.
#[inline(always)]
pub(super) unsafe fn byte_popcnt(x: __m256i) -> __m256i {
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
#[inline(always)]
pub(super) unsafe fn popcnt32(x: __m256i) -> __m256i {
    let pairs = _mm256_maddubs_epi16(byte_popcnt(x), _mm256_set1_epi8(1));
    _mm256_madd_epi16(pairs, _mm256_set1_epi16(1))
}

/// A column set (bits 0..16, columns 2..=12 in use) spread to one bit per nibble: bit `c` to
/// bit `4c`.
#[inline(always)]
pub(super) unsafe fn spread(m: __m256i) -> __m256i {
    spread_bytes(m, pair_table(0x01, 0x10))
}

/// A column set spread to nibble masks: `0xf` in every nibble of a set column.
#[inline(always)]
pub(super) unsafe fn nibbles(m: __m256i) -> __m256i {
    spread_bytes(m, pair_table(0x0f, 0xf0))
}

/// The table [`spread_bytes`] reads: for the two bits of a column pair, at bits 0-1 or 2-3 of
/// the index, `low` for the first column, `high` for the second, both for both.
#[inline(always)]
unsafe fn pair_table(low: u8, high: u8) -> __m256i {
    let mut t = [0u8; 16];
    for bits in 0..4 {
        let byte = if bits & 1 == 1 { low } else { 0 } | if bits & 2 == 2 { high } else { 0 };
        (t[bits], t[bits << 2]) = (byte, byte);
    }
    byte_table(t)
}

/// A 16-entry byte table for `_mm256_shuffle_epi8`, in both 128-bit halves.
#[inline(always)]
unsafe fn byte_table(t: [u8; 16]) -> __m256i {
    let half = _mm_loadu_si128(t.as_ptr() as *const __m128i);
    _mm256_broadcastsi128_si256(half)
}

/// Each output byte `j` (columns `2j` and `2j + 1`) looked up in `table` by the two bits of
/// those columns in `m`: bits `2j, 2j + 1` of the set moved to bits 0-1 (`j` even in its
/// group of four) or 2-3 (`j` odd) of the byte, which the table reads.
#[inline(always)]
unsafe fn spread_bytes(m: __m256i, table: __m256i) -> __m256i {
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
#[inline(always)]
pub(super) unsafe fn gather_bits(flags: __m256i) -> __m256i {
    let x = and(flags, splat(0x1111_1111_1111_1111));
    // Each byte's two flags (bits 0 and 4) as bits 0 and 1.
    let pairs = and(or(x, _mm256_srli_epi16::<3>(x)), _mm256_set1_epi8(0x03));
    and(pack_pairs(pairs), splat(0xffff))
}

/// Per 64-bit lane, the two-bit values of its eight bytes (bits 0-1 each) side by side: byte
/// `j`'s at bits `2j, 2j + 1` (bits 16 and up hold leftovers: mask them).
#[inline(always)]
unsafe fn pack_pairs(pairs: __m256i) -> __m256i {
    // Bytes [1, 4]: two bytes' values side by side in a 16-bit word (4 bits).
    let words = _mm256_maddubs_epi16(pairs, _mm256_set1_epi16(0x0401));
    // Words [1, 16]: two words side by side in a 32-bit lane (8 bits).
    let dwords = _mm256_madd_epi16(words, _mm256_set1_epi32(0x0010_0001));
    or(dwords, _mm256_srli_epi64::<24>(dwords))
}

/// The columns (bits 2..=12) whose nibble in `x` is zero.
#[inline(always)]
pub(super) unsafe fn zero_nibbles(x: __m256i) -> __m256i {
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
#[inline(always)]
pub(super) unsafe fn zero_flags(x: __m256i) -> __m256i {
    let any = or(
        or(x, _mm256_srli_epi64::<1>(x)),
        or(_mm256_srli_epi64::<2>(x), _mm256_srli_epi64::<3>(x)),
    );
    andnot(any, splat(COLUMN_NIBBLES))
}

/// Two vectors of four 64-bit lanes holding 32-bit values, as one vector of eight 32-bit lanes
/// (`lo`'s lanes first).
#[inline(always)]
pub(super) unsafe fn narrow(lo: __m256i, hi: __m256i) -> __m256i {
    let even = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    let (lo, hi) = (
        _mm256_permutevar8x32_epi32(lo, even),
        _mm256_permutevar8x32_epi32(hi, even),
    );
    _mm256_permute2x128_si256::<0x20>(lo, hi)
}

/// Half `h` of eight 32-bit lanes, zero-extended to four 64-bit lanes.
#[inline(always)]
pub(super) unsafe fn widen(x: __m256i, h: usize) -> __m256i {
    let part = if h == 0 {
        _mm256_castsi256_si128(x)
    } else {
        _mm256_extracti128_si256::<1>(x)
    };
    _mm256_cvtepu32_epi64(part)
}

/// Field `f` of `s` (eight lanes) as eight 32-bit lanes.
#[inline(always)]
pub(super) unsafe fn narrow_field(f: &Lanes) -> __m256i {
    narrow(load(f, 0), load(f, 1))
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
            // Bits off the nibbles' feet are ignored.
            let noisy =
                want | (0x9e37_79b9_7f4a_7c15u64.rotate_left(m as u32) & !0x1111_1111_1111_1111);
            assert_eq!(unsafe { lanes64([noisy; 4], |v| gather_bits(v)) }, [set; 4]);
            assert_eq!(unsafe { lanes64([set; 4], |v| nibbles(v)) }, [want * 15; 4]);
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
