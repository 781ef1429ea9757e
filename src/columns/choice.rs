//! The legal choices after a roll: which pair sums to race in, kept in a fixed array.

use super::board::nibble;
use super::rules::Rules;
use super::set::ColumnSet;
use super::turn::Turn;
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

/// Most legal choices one roll can give: three pairings, each split into two single uses.
pub const MAX_CHOICES: usize = 6;

/// The legal choices of one roll, in a fixed array (no heap), each with the turn it leads to.
///
/// For Can't Stop-style turns (Route 66, Can't Stop) [`legal_choices`] also fills in, for every
/// choice, the turn after it ([`ChoiceList::after`]), so a policy weighs and the engine applies
/// a choice without stepping the cars again. The Great Races' lists leave it at the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChoiceList {
    pub(super) items: [Choice; MAX_CHOICES],
    pub(super) after: [Turn; MAX_CHOICES],
    pub(super) usable: [ColumnSet; MAX_CHOICES],
    pub(super) bust: [u16; MAX_CHOICES],
    /// Per column, the space a move started from (the car, else the cube), for progress.
    pub(super) start: u64,
    pub(super) len: u8,
}

impl ChoiceList {
    /// The choices as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Choice] {
        &self.items[..self.len as usize]
    }

    /// Number of choices (0 = the roll busts).
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no legal choice: a bust.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Choice `i`.
    #[inline]
    pub fn get(&self, i: usize) -> Choice {
        self.as_slice()[i]
    }

    /// The turn after choice `i` (Can't Stop-style lists only; see the type's comment).
    #[inline]
    pub fn after(&self, i: usize) -> &Turn {
        &self.after[..self.len as usize][i]
    }

    /// The usable set after choice `i` (Can't Stop-style lists only).
    #[inline]
    pub fn usable(&self, i: usize) -> ColumnSet {
        self.usable[..self.len as usize][i]
    }

    /// Busting rolls (out of 1296) for the roll after choice `i` (Can't Stop-style lists only).
    #[inline]
    pub fn bust(&self, i: usize) -> u16 {
        self.bust[..self.len as usize][i]
    }

    /// The progress choice `i` makes, in [`PROGRESS_UNIT`]s: spaces climbed, each weighted by
    /// `PROGRESS_UNIT / length` of its column (Can't Stop-style lists only). Worked out when
    /// asked: only ties on the bust chance need it.
    #[inline]
    pub fn gain(&self, rules: &Rules, i: usize) -> u32 {
        let Choice { first, second } = self.get(i);
        let after = &self.after[i];
        let climbed = |c: u8| {
            let spaces = (nibble(after.pos, c) - nibble(self.start, c)) as u32;
            spaces * UNITS_PER_SPACE[rules.layout.len(c) as usize & 15]
        };
        climbed(first)
            + if second != 0 && second != first {
                climbed(second)
            } else {
                0
            }
    }

    /// The choices with their turns, in order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (Choice, &Turn)> {
        self.as_slice().iter().copied().zip(&self.after)
    }

    /// The list of the choices whose bit is set in `keep` (bit `i` = choice `i`), in order.
    pub fn select(&self, keep: u8) -> ChoiceList {
        let mut out = *self;
        out.retain_indices(keep);
        out
    }

    /// Removes choice `i`, keeping the order of the rest.
    pub fn remove(&mut self, i: usize) {
        self.retain_indices(!(1u8 << i));
    }

    /// Adds a choice unless an equal one is already there.
    #[inline]
    pub(super) fn push_unique(&mut self, c: Choice) {
        if !self.as_slice().contains(&c) {
            self.items[self.len as usize] = c;
            self.len += 1;
        }
    }

    /// Adds a choice and the turn after it (the caller keeps choices distinct).
    #[inline(always)]
    pub(super) fn push(&mut self, c: Choice, after: Turn) {
        let n = self.len as usize;
        self.items[n] = c;
        self.after[n] = after;
        self.len += 1;
    }

    /// Keeps only the choices whose bit is set in `keep`, in order.
    #[inline]
    pub(super) fn retain_indices(&mut self, keep: u8) {
        let mut n = 0;
        for i in 0..self.len as usize {
            if keep & (1 << i) != 0 {
                self.items[n] = self.items[i];
                self.after[n] = self.after[i];
                self.usable[n] = self.usable[i];
                self.bust[n] = self.bust[i];
                n += 1;
            }
        }
        self.len = n as u8;
    }
}

pub use super::legal::{
    fill_legal_choices, great_races_choices, legal_choices, legal_choices_reference, new_cars,
    PROGRESS_UNIT, UNITS_PER_SPACE,
};
