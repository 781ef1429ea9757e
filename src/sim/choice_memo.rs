//! `ChoiceMemo`: a shape-choosing policy's picks for plain rolls ([`TurnShape::plain`]),
//! remembered by the distinct roll, its usable sums and whether cars are free — a few
//! thousand keys, which repeat all game long. A direct-mapped table of 32-bit words, the key
//! and the choice in one word, so a lookup is one load and one compare, and the table (32 KiB)
//! stays in the nearest caches. A remembered pick is
//! exactly what ranking the roll would give, so what the memo holds (which games filled it, in
//! which order) never changes a result.
//!
//! [`TurnShape::plain`]: crate::columns::TurnShape::plain

use crate::columns::{Choice, ColumnSet};
use crate::dice::DISTINCT_OF;

/// Slots of a memo, as a power of two: 2^13 words, 32 KiB.
const SLOT_BITS: u32 = 13;

/// What the memo knows of a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recall {
    /// Nothing: the key is not held.
    Unknown,
    /// The choice the policy makes for every roll of this key.
    Choice(Choice),
    /// The policy's best choices tie for this key, so its pick depends on the order of the
    /// roll's list (which the key leaves out): rank the roll each time.
    Tied,
}

/// A policy's remembered picks (see the module comment); empty for a policy that chooses
/// otherwise.
#[derive(Clone, Debug, Default)]
pub struct ChoiceMemo {
    /// Per slot: `key << 8 | first << 4 | second`, first 0 for a tie; 0 for an empty slot
    /// (no key is 0: a keyed roll has a usable column).
    slots: Vec<u32>,
}

impl ChoiceMemo {
    /// A memo for a policy, sized for use when `enabled`, else empty.
    pub fn new(enabled: bool) -> ChoiceMemo {
        ChoiceMemo {
            slots: if enabled {
                vec![0; 1 << SLOT_BITS]
            } else {
                Vec::new()
            },
        }
    }

    /// Whether this memo is in use.
    #[inline(always)]
    pub fn enabled(&self) -> bool {
        !self.slots.is_empty()
    }

    /// The slot of `key`: the top bits of a multiplicative hash.
    #[inline(always)]
    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9e37_79b9) >> (32 - SLOT_BITS)) as usize
    }

    /// The key of a plain roll (19 bits): ordered outcome `outcome`'s distinct roll, its
    /// usable sums `sums`, and whether every car is placed (else none is).
    #[inline(always)]
    pub fn key(outcome: usize, sums: ColumnSet, placed: bool) -> u32 {
        DISTINCT_OF[outcome] as u32 | (sums.mask() as u32) << 7 | (placed as u32) << 18
    }

    /// What the memo holds for `key` (which must fit in 24 bits). The memo must be enabled.
    #[inline(always)]
    pub fn recall(&self, key: u32) -> Recall {
        let word = self.slots[Self::slot(key)];
        if word >> 8 != key {
            return Recall::Unknown;
        }
        match ((word >> 4) & 0xf) as u8 {
            0 => Recall::Tied,
            first => Recall::Choice(Choice {
                first,
                second: (word & 0xf) as u8,
            }),
        }
    }

    /// Remembers the answer for `key`, replacing whatever held its slot. `Recall::Unknown`
    /// is not stored.
    #[inline]
    pub fn remember(&mut self, key: u32, answer: Recall) {
        debug_assert!(key != 0 && key >> 24 == 0);
        let value = match answer {
            Recall::Unknown => return,
            Recall::Tied => 0,
            Recall::Choice(c) => (c.first as u32) << 4 | c.second as u32,
        };
        self.slots[Self::slot(key)] = key << 8 | value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_choices_and_ties_by_key() {
        let mut m = ChoiceMemo::new(true);
        let (a, b) = (0x12_3456, 0x7f_ffff);
        assert_eq!(m.recall(a), Recall::Unknown);
        m.remember(a, Recall::Choice(Choice::two(7, 7)));
        m.remember(b, Recall::Tied);
        assert_eq!(m.recall(a), Recall::Choice(Choice::two(7, 7)));
        assert_eq!(m.recall(b), Recall::Tied);
        m.remember(a, Recall::Choice(Choice::one(12)));
        assert_eq!(m.recall(a), Recall::Choice(Choice::one(12)));
        // A key sharing a slot with another is not mistaken for it.
        let c = (1u32..)
            .find(|&k| ChoiceMemo::slot(k) == ChoiceMemo::slot(a) && k != a)
            .unwrap();
        assert_eq!(m.recall(c), Recall::Unknown);
        m.remember(c, Recall::Choice(Choice::two(2, 12)));
        assert_eq!(m.recall(a), Recall::Unknown);
        assert!(!ChoiceMemo::new(false).enabled());
    }
}
