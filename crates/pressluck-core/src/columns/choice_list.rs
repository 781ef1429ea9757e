//! The legal choices of one roll ([`ChoiceList`]), kept in a fixed array with the turn each
//! leads to.

use super::board::nibble;
use super::choice::Choice;
use super::layout::UNITS_PER_SPACE;
use super::rules::Rules;
use super::set::ColumnSet;
use super::turn::Turn;

/// Most legal choices one roll can give: three pairings, each split into two single uses.
pub const MAX_CHOICES: usize = 6;

/// The legal choices of one roll, in a fixed array (no heap), each with the turn it leads to.
///
/// For Can't Stop-style turns (Route 66, Can't Stop) `super::legal::legal_choices` also fills in, for every
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

    /// The progress choice `i` makes, in [`super::layout::PROGRESS_UNIT`]s: spaces climbed, each weighted by
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

    /// The same choices in the reverse order.
    pub fn reversed(&self) -> ChoiceList {
        let mut out = *self;
        let n = self.len as usize;
        out.items[..n].reverse();
        out.after[..n].reverse();
        out.usable[..n].reverse();
        out.bust[..n].reverse();
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
