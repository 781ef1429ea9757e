//! `ColumnSet`: a set of columns 2..=12 packed in the bits of a `u16` (bit `c` is column `c`).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// Lowest column number.
pub const MIN_COLUMN: u8 = 2;
/// Highest column number.
pub const MAX_COLUMN: u8 = 12;
/// Number of columns (segments, tracks).
pub const COLUMN_COUNT: usize = 11;

/// `COLUMN_COUNTS[mask]`: the number of set bits of an 11-bit column mask, computed at compile
/// time.
pub const COLUMN_COUNTS: [u8; 2048] = {
    let mut t = [0u8; 2048];
    let mut m = 1;
    while m < 2048 {
        t[m] = t[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    t
};

#[cfg(test)]
/// The number of set bits of a 16-bit word by two lookups in [`COLUMN_COUNTS`] (portable and
/// cheaper than `count_ones` without a `popcnt` instruction).
#[inline]
pub const fn bit_count16(x: u16) -> u32 {
    (COLUMN_COUNTS[(x & 0xff) as usize] + COLUMN_COUNTS[(x >> 8) as usize]) as u32
}

/// A set of columns 2..=12; bit `c` of the integer stands for column `c`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ColumnSet(pub u16);

impl ColumnSet {
    /// The empty set.
    pub const EMPTY: ColumnSet = ColumnSet(0);
    /// All eleven columns.
    pub const ALL: ColumnSet = ColumnSet(0b1_1111_1111_1100);

    /// The set holding column `c` alone (`c` in 2..=12).
    #[inline]
    pub const fn single(c: u8) -> ColumnSet {
        ColumnSet(1 << c)
    }

    /// The set of the listed columns.
    pub const fn of(cols: &[u8]) -> ColumnSet {
        let mut bits = 0u16;
        let mut i = 0;
        while i < cols.len() {
            bits |= 1 << cols[i];
            i += 1;
        }
        ColumnSet(bits)
    }

    /// Builds a set from an 11-bit mask where bit 0 stands for column 2.
    #[inline]
    pub const fn from_mask(mask: u16) -> ColumnSet {
        ColumnSet((mask & 0x7ff) << 2)
    }

    /// The 11-bit mask of this set (bit 0 = column 2), an index into 2048-entry tables.
    #[inline]
    pub const fn mask(self) -> usize {
        (self.0 >> 2) as usize & 0x7ff
    }

    /// Whether column `c` is in the set; false for numbers outside 2..=12.
    #[inline]
    pub const fn has(self, c: u8) -> bool {
        c >= MIN_COLUMN && c <= MAX_COLUMN && self.0 & (1 << c) != 0
    }

    /// Whether column `c` is in the set, for `c` known to be a pair sum (2..=12): one bit test,
    /// no range check (numbers above 15 wrap and must not be passed).
    #[inline]
    pub const fn has_sum(self, c: u8) -> bool {
        (self.0 >> (c & 15)) & 1 != 0
    }

    /// Number of columns in the set: a lookup in `COLUMN_COUNTS` (without a `popcnt`
    /// instruction in the baseline x86-64 target, `count_ones` is a dozen instructions).
    #[inline]
    pub const fn len(self) -> u32 {
        COLUMN_COUNTS[self.mask()] as u32
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with column `c` added.
    #[inline]
    pub const fn with(self, c: u8) -> ColumnSet {
        ColumnSet(self.0 | (1 << c))
    }

    /// The set with column `c` removed.
    #[inline]
    pub const fn without(self, c: u8) -> ColumnSet {
        ColumnSet(self.0 & !(1 << c))
    }

    /// Iterates the columns in ascending order.
    #[inline]
    pub fn iter(self) -> ColumnIter {
        ColumnIter(self.0)
    }
}

/// Iterator over the columns of a [`ColumnSet`], ascending.
#[derive(Clone, Copy, Debug)]
pub struct ColumnIter(u16);

impl Iterator for ColumnIter {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(c)
    }
}

impl IntoIterator for ColumnSet {
    type Item = u8;
    type IntoIter = ColumnIter;
    fn into_iter(self) -> ColumnIter {
        self.iter()
    }
}

impl FromIterator<u8> for ColumnSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        iter.into_iter().fold(ColumnSet::EMPTY, |s, c| s.with(c))
    }
}

impl BitAnd for ColumnSet {
    type Output = ColumnSet;
    fn bitand(self, o: ColumnSet) -> ColumnSet {
        ColumnSet(self.0 & o.0)
    }
}
impl BitOr for ColumnSet {
    type Output = ColumnSet;
    fn bitor(self, o: ColumnSet) -> ColumnSet {
        ColumnSet(self.0 | o.0)
    }
}
impl Sub for ColumnSet {
    type Output = ColumnSet;
    fn sub(self, o: ColumnSet) -> ColumnSet {
        ColumnSet(self.0 & !o.0)
    }
}
impl Not for ColumnSet {
    type Output = ColumnSet;
    /// Complement within columns 2..=12.
    fn not(self) -> ColumnSet {
        ColumnSet(!self.0 & ColumnSet::ALL.0)
    }
}
impl BitAndAssign for ColumnSet {
    fn bitand_assign(&mut self, o: ColumnSet) {
        self.0 &= o.0;
    }
}
impl BitOrAssign for ColumnSet {
    fn bitor_assign(&mut self, o: ColumnSet) {
        self.0 |= o.0;
    }
}

impl fmt::Display for ColumnSet {
    /// Columns joined by `-`, like `6-7-8`; `-` alone for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        let mut first = true;
        for c in self.iter() {
            if !first {
                f.write_str("-")?;
            }
            write!(f, "{c}")?;
            first = false;
        }
        Ok(())
    }
}

impl fmt::Debug for ColumnSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_counts_table_is_count_ones_of_every_mask() {
        for m in 0..2048u16 {
            assert_eq!(COLUMN_COUNTS[m as usize] as u32, m.count_ones(), "mask {m}");
            assert_eq!(ColumnSet::from_mask(m).len(), m.count_ones());
        }
        for x in 0..=u16::MAX {
            assert_eq!(bit_count16(x), x.count_ones(), "word {x}");
        }
    }

    #[test]
    fn set_algebra() {
        let a = ColumnSet::of(&[2, 7, 12]);
        let b = ColumnSet::of(&[7, 8]);
        assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![7]);
        assert_eq!((a | b).len(), 4);
        assert_eq!((a - b).iter().collect::<Vec<_>>(), vec![2, 12]);
        assert_eq!((!a).len(), 8);
        assert_eq!(!ColumnSet::ALL, ColumnSet::EMPTY);
        assert!(a.has(12) && !a.has(13) && !a.has(0));
        assert_eq!(a.to_string(), "2-7-12");
        assert_eq!(ColumnSet::EMPTY.to_string(), "-");
    }

    #[test]
    fn mask_round_trips() {
        for m in 0..2048u16 {
            assert_eq!(ColumnSet::from_mask(m).mask(), m as usize);
        }
        assert_eq!(ColumnSet::single(2).mask(), 1);
        assert_eq!(ColumnSet::ALL.mask(), 2047);
    }
}
