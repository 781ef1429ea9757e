//! The legal choices after a roll: which pair sums to race in, kept in a fixed array.

use super::board::Board;
use super::rules::Rules;
use super::set::ColumnSet;
use super::turn::Turn;
use crate::dice::Roll;
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

/// The legal choices of one roll, in a fixed array (no heap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChoiceList {
    items: [Choice; MAX_CHOICES],
    len: u8,
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

    /// Adds a choice unless an equal one is already there.
    #[inline]
    fn push_unique(&mut self, c: Choice) {
        if !self.as_slice().contains(&c) {
            self.items[self.len as usize] = c;
            self.len += 1;
        }
    }

    /// Keeps only the choices for which `keep` holds, in order.
    #[inline]
    fn retain(&mut self, mut keep: impl FnMut(&Choice) -> bool) {
        let mut n = 0;
        for i in 0..self.len as usize {
            if keep(&self.items[i]) {
                self.items[n] = self.items[i];
                n += 1;
            }
        }
        self.len = n as u8;
    }
}

/// Number of new cars a choice brings in.
#[inline]
pub fn new_cars(turn: &Turn, c: &Choice) -> u32 {
    (c.columns() - turn.cars).len()
}

/// The legal choices for `roll` in a Can't Stop-style turn (Route 66, Can't Stop): both pairs
/// when both can be used, either one when only one can (the player picks), a double when the
/// car can take both steps; under A Faster Gear only the choices bringing in the most new cars.
#[inline]
pub fn legal_choices(
    rules: &Rules,
    board: &Board,
    player: u8,
    turn: &Turn,
    roll: Roll,
) -> ChoiceList {
    let usable = turn.usable(rules, board);
    let free = turn.free_cars(rules);
    let mut list = ChoiceList::default();
    for (a, b) in roll.pairings() {
        let (ua, ub) = (usable.has_sum(a), usable.has_sum(b));
        if a == b {
            if ua {
                let from = turn.start(board, player, a);
                let once = Turn::step(rules, board, player, a, from);
                if once < rules.layout.len(a) {
                    list.push_unique(Choice::two(a, a));
                } else {
                    list.push_unique(Choice::one(a));
                }
            }
        } else if ua && ub {
            let needed = (!turn.cars.has_sum(a)) as u32 + (!turn.cars.has_sum(b)) as u32;
            if needed <= free {
                list.push_unique(Choice::two(a, b));
            } else {
                list.push_unique(Choice::one(a));
                list.push_unique(Choice::one(b));
            }
        } else if ua {
            list.push_unique(Choice::one(a));
        } else if ub {
            list.push_unique(Choice::one(b));
        }
    }
    if rules.faster_gear && free > 0 && list.len() > 1 {
        let most = list
            .as_slice()
            .iter()
            .map(|c| new_cars(turn, c))
            .max()
            .unwrap_or(0);
        list.retain(|c| new_cars(turn, c) == most);
    }
    list
}

/// The legal choices for `roll` in The Great Races: each pairing advances on every track of its
/// sums that is still open (a double twice); a pairing with no open track is no choice.
#[inline]
pub fn great_races_choices(rules: &Rules, board: &Board, player: u8, roll: Roll) -> ChoiceList {
    let open = !board.closed;
    let mut list = ChoiceList::default();
    for (a, b) in roll.pairings() {
        let (ua, ub) = (open.has(a), open.has(b));
        if a == b {
            if ua {
                let double = board.cube(player, a) + 1 < rules.layout.len(a);
                list.push_unique(if double {
                    Choice::two(a, a)
                } else {
                    Choice::one(a)
                });
            }
        } else if ua && ub {
            list.push_unique(Choice::two(a, b));
        } else if ua {
            list.push_unique(Choice::one(a));
        } else if ub {
            list.push_unique(Choice::one(b));
        }
    }
    list
}
