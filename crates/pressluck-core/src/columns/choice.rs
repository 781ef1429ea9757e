//! One legal use of a roll ([`Choice`]): which pair sums to race in.

use super::set::ColumnSet;
use std::fmt;

/// One legal use of a roll: one or two column numbers, applied in order. `second == 0` means
/// only one pair is used; `first == second` is a double (two steps in one column).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The first column raced in.
    pub first: u8,
    /// The second column raced in, or 0 for none.
    pub second: u8,
}

impl Choice {
    /// A choice of one column.
    pub const fn one(c: u8) -> Choice {
        Choice {
            first: c,
            second: 0,
        }
    }

    /// A choice of two columns (equal for a double), stored smaller first.
    pub const fn two(a: u8, b: u8) -> Choice {
        if a <= b {
            Choice {
                first: a,
                second: b,
            }
        } else {
            Choice {
                first: b,
                second: a,
            }
        }
    }

    /// The columns stepped in, in order (one or two entries).
    #[inline]
    pub fn steps(&self) -> impl Iterator<Item = u8> {
        [self.first, self.second].into_iter().filter(|&c| c != 0)
    }

    /// Steps this choice takes in column `c`: 0, 1 or 2 (a double).
    #[inline]
    pub fn steps_in(&self, c: u8) -> u8 {
        self.steps().filter(|&x| x == c).count() as u8
    }

    /// The distinct columns this choice races in.
    #[inline]
    pub fn columns(&self) -> ColumnSet {
        let s = ColumnSet::single(self.first);
        if self.second != 0 {
            s.with(self.second)
        } else {
            s
        }
    }

    /// Number of steps (1 or 2).
    #[inline]
    pub fn step_count(&self) -> u32 {
        1 + (self.second != 0) as u32
    }
}

impl fmt::Display for Choice {
    /// The replay-record form: `5 9`, `7 7` or `11`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.second == 0 {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{} {}", self.first, self.second)
        }
    }
}
