//! `Turn`: the cars (neutral markers) of the player to move and how far they got this turn.

use super::board::{nibble, set_nibble, shift, Board};
use super::choice::Choice;
use super::rules::Rules;
use super::set::ColumnSet;

/// The progress of the turn in hand. `Copy`, 24 bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The space of each car, one nibble a column (only columns in `cars` are meaningful).
    pub pos: u64,
    /// Steps each car took this turn, one nibble a column: spaces climbed, where cubes jump
    /// each jump counting as one step (the Rule of N counts these).
    pub steps: u64,
    /// Columns holding a car.
    pub cars: ColumnSet,
    /// Columns whose car stands on the top (scoring) space.
    pub at_top: ColumnSet,
    /// Successful rolls so far this turn.
    pub rolls: u16,
}

impl Turn {
    /// Steps the car in column `c` took this turn (0 without a car).
    #[inline]
    pub fn steps_in(&self, c: u8) -> u32 {
        nibble(self.steps, c) as u32
    }

    /// The space of the car in column `c` (meaningful only when `cars` has `c`).
    #[inline]
    pub fn car(&self, c: u8) -> u8 {
        nibble(self.pos, c)
    }

    /// The nibbles of the columns holding cars, all four bits set (`0xf` per car column):
    /// read from the step counts, since a column holds a car exactly when its count is not 0.
    #[inline]
    pub fn car_nibbles(&self) -> u64 {
        let s = self.steps;
        ((s | s >> 1 | s >> 2 | s >> 3) & 0x1111_1111_1111_1111) * 0xf
    }

    /// Cars still off the board.
    #[inline]
    pub fn free_cars(&self, rules: &Rules) -> u32 {
        (rules.cars as u32).saturating_sub(self.cars.len())
    }

    /// Where a move in column `c` (2..=12) starts from: the car, or else the player's own cube.
    #[inline]
    pub fn start(&self, board: &Board, player: u8, c: u8) -> u8 {
        if self.cars.has_sum(c) {
            self.car(c)
        } else {
            board.cube(player, c)
        }
    }

    /// [`Turn::start`] of every column at once, one nibble a column (as `board.progress`).
    #[inline]
    pub fn starts(&self, board: &Board, player: u8) -> u64 {
        let cars = self.car_nibbles();
        (board.progress[player as usize & 3] & !cars) | (self.pos & cars)
    }

    /// The usable set: columns a pair summing to them can move in — open columns with a car
    /// below the top, plus every other open column while a car is still free.
    #[inline]
    pub fn usable(&self, rules: &Rules, board: &Board) -> ColumnSet {
        let moving = self.cars - self.at_top;
        if self.free_cars(rules) > 0 {
            moving | (!board.closed - self.cars)
        } else {
            moving
        }
    }

    /// The space one step up column `c` from space `from`: the next space, or, where cubes jump,
    /// the next space not holding another player's cube. Never past the top.
    #[inline(always)]
    pub fn step(rules: &Rules, board: &Board, player: u8, c: u8, from: u8) -> u8 {
        if rules.jump {
            Turn::step_as::<true>(rules, board, player, c, from)
        } else {
            Turn::step_as::<false>(rules, board, player, c, from)
        }
    }

    /// [`Turn::step`] with the jump rule fixed at compile time (`JUMP` must be `rules.jump`).
    #[inline(always)]
    pub fn step_as<const JUMP: bool>(
        rules: &Rules,
        board: &Board,
        player: u8,
        c: u8,
        from: u8,
    ) -> u8 {
        let next = if JUMP {
            let blocked = board.others_mask(rules.players, player, c) as u32;
            (!blocked & !((2u32 << from) - 1)).trailing_zeros() as u8
        } else {
            from + 1
        };
        next.min(rules.layout.len(c))
    }

    /// The turn after a successful roll used as `choice`: each step taken in order, one more
    /// roll counted. `self` is unchanged.
    #[inline]
    pub fn after(&self, rules: &Rules, board: &Board, player: u8, choice: Choice) -> Turn {
        let mut t = *self;
        t.advance(rules, board, player, choice.first);
        if choice.second != 0 {
            t.advance(rules, board, player, choice.second);
        }
        t.rolls += 1;
        t
    }

    /// Moves (entering first if needed) the car in column `c` one step.
    #[inline(always)]
    pub fn advance(&mut self, rules: &Rules, board: &Board, player: u8, c: u8) {
        let from = self.start(board, player, c);
        let to = Turn::step(rules, board, player, c, from);
        self.cars = self.cars.with(c);
        self.pos = set_nibble(self.pos, c, to);
        self.steps += 1 << shift(c);
        if to >= rules.layout.len(c) {
            self.at_top = self.at_top.with(c);
        }
    }
}
