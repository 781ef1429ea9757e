//! The roll evaluator: the legal choices of a roll, each with the turn it leads to, its bust
//! count and its progress — the engine's hot path — and a slow reference for tests.

use super::board::{nibble, set_nibble, shift, Board};
use super::bust::bust_rolls;
use super::choice::Choice;
use super::choice_list::ChoiceList;
use super::rules::Rules;
use super::turn::Turn;
use crate::dice::Roll;

/// Number of new cars a choice brings in.
#[inline]
pub fn new_cars(turn: &Turn, c: &Choice) -> u32 {
    (c.columns() - turn.cars).len()
}

/// The legal choices for `roll` in a Can't Stop-style turn (Route 66, Can't Stop): both pairs
/// when both can be used, either one when only one can (the player picks), a double when the
/// car can take both steps; under A Faster Gear only the choices bringing in the most new cars.
/// Each choice comes with the turn after it. Equal choices are listed once, first come first.
#[inline]
pub fn legal_choices(
    rules: &Rules,
    board: &Board,
    player: u8,
    turn: &Turn,
    roll: Roll,
) -> ChoiceList {
    let mut list = ChoiceList::default();
    fill_legal_choices(rules, board, player, turn, roll, &mut list);
    list
}

/// [`legal_choices`] written into `list` (its old contents are dropped): the engine's form,
/// which reuses one list and so never copies or clears one.
#[inline(always)]
pub fn fill_legal_choices(
    rules: &Rules,
    board: &Board,
    player: u8,
    turn: &Turn,
    roll: Roll,
    list: &mut ChoiceList,
) {
    if rules.jump {
        fill::<true>(rules, board, player, turn, roll, list);
    } else {
        fill::<false>(rules, board, player, turn, roll, list);
    }
}

/// Steps cars for one roll: where each column's move starts (the car, else the cube) read from
/// one merged word, and `JUMP` fixed at compile time.
struct Stepper<'a, const JUMP: bool> {
    rules: &'a Rules,
    board: &'a Board,
    player: u8,
    /// Per column, the space a move starts from: the car's where there is one, else the cube.
    start: u64,
}

impl<const JUMP: bool> Stepper<'_, JUMP> {
    /// The space one step up column `c` from `from` ([`Turn::step`]).
    #[inline(always)]
    fn up(&self, c: u8, from: u8) -> u8 {
        Turn::step_as::<JUMP>(self.rules, self.board, self.player, c, from)
    }

    /// `t` with the car in column `c` put on space `to` after `steps` more steps.
    #[inline(always)]
    fn put(&self, t: &Turn, c: u8, to: u8, steps: u64) -> Turn {
        let mut t = *t;
        t.cars = t.cars.with(c);
        t.pos = set_nibble(t.pos, c, to);
        t.steps += steps << shift(c);
        if to >= self.rules.layout.len(c) {
            t.at_top = t.at_top.with(c);
        }
        t
    }

    /// `t` with the car in column `c` one step up from where the turn started it.
    #[inline(always)]
    fn one(&self, t: &Turn, c: u8) -> Turn {
        self.put(t, c, self.up(c, nibble(self.start, c)), 1)
    }
}

/// [`fill_legal_choices`] for games with (`JUMP`) or without jumping.
#[inline(always)]
fn fill<const JUMP: bool>(
    rules: &Rules,
    board: &Board,
    player: u8,
    turn: &Turn,
    roll: Roll,
    list: &mut ChoiceList,
) {
    let usable = turn.usable(rules, board);
    let free = turn.free_cars(rules);
    list.len = 0;
    debug_assert_eq!(
        turn.car_nibbles(),
        turn.cars.iter().fold(0u64, |m, c| m | 0xf << shift(c))
    );
    let st = Stepper::<JUMP> {
        rules,
        board,
        player,
        start: turn.starts(board, player),
    };
    // Pairings come without repeats, so only single-column choices can repeat: `singles` marks
    // the columns already listed alone.
    let mut singles = 0u16;
    let mut single = |list: &mut ChoiceList, c: u8, after: Turn| {
        if singles & (1 << c) == 0 {
            singles |= 1 << c;
            list.push(Choice::one(c), after);
        }
    };
    for &(a, b) in roll.unique_pairings() {
        let (ua, ub) = (usable.has_sum(a), usable.has_sum(b));
        if a == b {
            if ua {
                let once = st.up(a, nibble(st.start, a));
                if once >= rules.layout.len(a) {
                    single(list, a, st.put(turn, a, once, 1));
                } else {
                    list.push(Choice::two(a, a), st.put(turn, a, st.up(a, once), 2));
                }
            }
        } else if ua && ub {
            let needed = (!turn.cars.has_sum(a)) as u32 + (!turn.cars.has_sum(b)) as u32;
            if needed <= free {
                let c = Choice::two(a, b);
                list.push(c, st.one(&st.one(turn, c.first), c.second));
            } else {
                single(list, a, st.one(turn, a));
                single(list, b, st.one(turn, b));
            }
        } else if ua {
            single(list, a, st.one(turn, a));
        } else if ub {
            single(list, b, st.one(turn, b));
        }
    }
    if rules.faster_gear && free > 0 && list.len() > 1 {
        let most = list
            .as_slice()
            .iter()
            .map(|c| new_cars(turn, c))
            .max()
            .unwrap_or(0);
        let mut keep = 0u8;
        for (i, c) in list.as_slice().iter().enumerate() {
            keep |= ((new_cars(turn, c) == most) as u8) << i;
        }
        list.retain_indices(keep);
    }
    // The usable set and bust count after each choice, for the shared choice rule and the
    // stop decision.
    list.start = st.start;
    let (open, cars) = (!board.closed, rules.cars as u32);
    for i in 0..list.len as usize {
        let t = &mut list.after[i];
        t.rolls += 1;
        let moving = t.cars - t.at_top;
        let usable = if t.cars.len() < cars {
            moving | (open - t.cars)
        } else {
            moving
        };
        list.usable[i] = usable;
        list.bust[i] = bust_rolls(usable);
    }
}

#[cfg(test)]
/// A slow reference for [`legal_choices`], written from the rules with nothing precomputed:
/// every pairing of the dice in order, equal choices dropped, A Faster Gear applied. Tests
/// compare the two on every roll of many positions.
pub fn legal_choices_reference(
    rules: &Rules,
    board: &Board,
    player: u8,
    turn: &Turn,
    roll: Roll,
) -> Vec<(Choice, Turn)> {
    let usable = turn.usable(rules, board);
    let free = turn.free_cars(rules);
    let mut out: Vec<Choice> = Vec::new();
    let mut add = |c: Choice| {
        if !out.contains(&c) {
            out.push(c);
        }
    };
    for (a, b) in roll.pairings() {
        let (ua, ub) = (usable.has(a), usable.has(b));
        if a == b && ua {
            let once = Turn::step(rules, board, player, a, turn.start(board, player, a));
            add(if once < rules.layout.len(a) {
                Choice::two(a, a)
            } else {
                Choice::one(a)
            });
        } else if a != b && ua && ub {
            let needed = [a, b].iter().filter(|&&c| !turn.cars.has(c)).count() as u32;
            if needed <= free {
                add(Choice::two(a, b));
            } else {
                add(Choice::one(a));
                add(Choice::one(b));
            }
        } else if a != b && ua {
            add(Choice::one(a));
        } else if a != b && ub {
            add(Choice::one(b));
        }
    }
    if rules.faster_gear && free > 0 && out.len() > 1 {
        let most = out.iter().map(|c| new_cars(turn, c)).max().unwrap_or(0);
        out.retain(|c| new_cars(turn, c) == most);
    }
    out.into_iter()
        .map(|c| {
            let mut t = *turn;
            for col in c.steps() {
                t.advance(rules, board, player, col);
            }
            t.rolls += 1;
            (c, t)
        })
        .collect()
}

/// The legal choices for `roll` in The Great Races: each pairing advances on every track of its
/// sums that is still open (a double twice, once when the first step reaches the top); a
/// pairing with no open track is no choice. Listed in canonical order: the pairings by their
/// larger sum, smallest first ([`Roll::pairings_even_first`]), a repeated one once.
#[inline]
pub fn great_races_choices(rules: &Rules, board: &Board, player: u8, roll: Roll) -> ChoiceList {
    let open = !board.closed;
    let mut list = ChoiceList::default();
    for (a, b) in roll.pairings_even_first() {
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

#[cfg(test)]
pub(crate) mod tests;
