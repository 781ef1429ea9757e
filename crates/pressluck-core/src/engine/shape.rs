//! `TurnShape`: the turn in hand as the fast path of the scalar engine reads it — the usable
//! set and, per column, where a move starts, which columns one or two steps reach the top of,
//! and, where cubes are jumped, the space one and two steps up and the progress of each. Kept
//! up to date roll by roll (only the columns a choice steps in change), it lets
//! [`TurnShape::best_choice`] rank a roll's choices ([`super::rank`]) and
//! [`TurnShape::advance`] take one in a few word operations, without listing the choices and
//! the turns they lead to.
//!
//! `JUMP` (the rules' jump rule, fixed at compile time) decides how much is kept: without
//! jumps a step is always one space, so a step's progress is the column's constant and the
//! space after it the start plus one. Tests compare everything with the roll evaluator on every
//! roll of many games (`super::play`), and debug builds check every choice as it is taken.

use super::cpu::Avx2;
use super::rank::{best_place, RankInput, RANK_ROWS};
use crate::columns::board::{nibble, shift, Board};
use crate::columns::layout::UNITS_PER_SPACE;
use crate::columns::set::{MAX_COLUMN, MIN_COLUMN};
use crate::columns::{Choice, ColumnSet, Game, Rules, Turn};
use crate::dice::{Outcome, PAIR_SUMS};
use crate::policy::ChoiceScores;

/// `STEP[c]`: one step in column `c`'s nibble (`STEP[0] = 0`: no second column).
const STEP: [u64; 16] = nibble_table(1);

/// One bit in each of [`TurnShape`]'s two planes, for column 0.
const PLANES: u32 = 1 | 1 << 16;

/// A column's bits in the two planes (for column 0) by the steps left to its top without
/// jumps: one left or none (one-left), two left (two-left), more (none).
const PLANES_BY_STEPS_LEFT: [u32; 16] = {
    let mut t = [0u32; 16];
    t[0] = 1;
    t[1] = 1;
    t[2] = 1 << 16;
    t
};

/// `SHIFT[c]`: [`shift`] of column `c` (0 for `c = 0`, whose destination is always 0).
const SHIFT: [u32; 16] = {
    let mut t = [0u32; 16];
    let mut c = MIN_COLUMN;
    while c <= MAX_COLUMN {
        t[c as usize] = shift(c);
        c += 1;
    }
    t
};

/// `NIBBLE[c]`: column `c`'s whole nibble (`NIBBLE[0] = 0`).
const NIBBLE: [u64; 16] = nibble_table(0xf);

/// `v` in the nibble of each column 2..=12, 0 elsewhere.
const fn nibble_table(v: u64) -> [u64; 16] {
    let mut t = [0u64; 16];
    let mut c = MIN_COLUMN;
    while c <= MAX_COLUMN {
        t[c as usize] = v << shift(c);
        c += 1;
    }
    t
}

/// The shape of the turn in hand (see the module comment). `Copy`; nothing on the heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnShape {
    /// The usable set of the player to move.
    pub usable: ColumnSet,
    /// Two column sets in 16-bit planes, kept together so a column's membership in both
    /// changes in one word operation: bits 0..16 the one-left columns (whose next step reaches
    /// the top, or which are there already), 16..32 the two-left columns (whose second step,
    /// not the first, reaches it).
    planes: u32,
    /// Per column, the space a move starts from: the car where there is one, else the cube.
    start: u64,
    /// The nibbles of the columns holding cars (`0xf` each), as [`Turn::car_nibbles`].
    car_nibbles: u64,
    /// Per column, the space one step up from the start (jump rule only).
    one: [u8; 16],
    /// Per column, the space two steps up from the start, the top at most (jump rule only).
    two: [u8; 16],
    /// Per column, the progress of one step, in [`crate::columns::layout::PROGRESS_UNIT`]s
    /// (without the jump rule, the column's constant: wherever a step is legal it climbs one
    /// space).
    pub(super) gain_one: [u32; 16],
    /// Per column, the progress of two steps (without the jump rule, twice the constant).
    pub(super) gain_two: [u32; 16],
    /// Per column, the spaces holding other players' cubes (bit `s` = space `s`; jump rule
    /// only).
    occupied: [u16; 16],
}

impl TurnShape {
    /// The shape of the turn of the player to move in `game`, worked out from the position.
    pub fn new(rules: &Rules, game: &Game) -> TurnShape {
        if rules.jump {
            TurnShape::of::<true>(rules, game)
        } else {
            TurnShape::of::<false>(rules, game)
        }
    }

    /// [`TurnShape::new`] with the jump rule fixed at compile time.
    fn of<const JUMP: bool>(rules: &Rules, game: &Game) -> TurnShape {
        let (board, turn, p) = (&game.board, &game.turn, game.to_move);
        let cars = turn.car_nibbles();
        let mut shape = TurnShape {
            usable: turn.usable(rules, board),
            start: turn.starts(board, p),
            car_nibbles: cars,
            ..TurnShape::default()
        };
        for c in MIN_COLUMN..=MAX_COLUMN {
            if JUMP {
                shape.occupied[c as usize] = board.others_mask(rules.players, p, c);
            } else {
                let units = UNITS_PER_SPACE[rules.layout.len(c) as usize & 15];
                shape.gain_one[c as usize] = units;
                shape.gain_two[c as usize] = 2 * units;
            }
            shape.refresh::<JUMP>(rules, c);
        }
        shape
    }

    /// The shape of a turn of player `p` before its first roll: its cubes on `board`.
    pub fn at_turn_start(rules: &Rules, board: &Board, p: u8) -> TurnShape {
        let mut game = Game::new();
        game.board = *board;
        game.to_move = p;
        TurnShape::new(rules, &game)
    }

    /// Follows a change of the cubes in columns `cols` (not empty) of `board` (a stop, which
    /// may also win columns) in this turn-start shape of player `p`: its own cubes, and other
    /// players' where cubes are jumped.
    pub fn cubes_moved<const JUMP: bool>(
        &mut self,
        rules: &Rules,
        board: &Board,
        p: u8,
        cols: ColumnSet,
    ) {
        // A turn starts from the cubes: the whole word, then the columns whose cubes moved.
        self.start = board.progress[p as usize & 3];
        let mut moved = |c: u8| {
            if JUMP {
                self.occupied[c as usize & 15] = board.others_mask(rules.players, p, c);
            }
            self.refresh::<JUMP>(rules, c);
        };
        // Three columns without a data-dependent branch (a stop has one car at least; a column
        // refreshed twice is refreshed all the same), then any more one by one.
        let mut rest = cols.0;
        let mut c = rest.trailing_zeros() as u8;
        for _ in 0..3 {
            c = if rest == 0 {
                c
            } else {
                rest.trailing_zeros() as u8
            };
            moved(c);
            rest &= rest.wrapping_sub(1);
        }
        for c in ColumnSet(rest) {
            moved(c);
        }
        self.usable = Turn::default().usable(rules, board);
    }

    /// Works out column `c`'s one-left and two-left membership from its start and,
    /// with `JUMP`, its spaces one and two steps up and their progress (as [`Turn::step`]
    /// steps: to the next space holding no other player's cube, never past the top).
    #[inline(always)]
    fn refresh<const JUMP: bool>(&mut self, rules: &Rules, c: u8) {
        let len = rules.layout.len(c) as u32;
        let from = nibble(self.start, c) as u32;
        let member = if JUMP {
            let i = c as usize & 15;
            // The free spaces above the start: the next is the lowest, the one after the next.
            // A step never goes down, so neither is below the start.
            let free = !(self.occupied[i] as u32) & !((2u32 << from) - 1);
            let one = free.trailing_zeros().min(len);
            let two = (free & free.wrapping_sub(1)).trailing_zeros().min(len);
            (self.one[i], self.two[i]) = (one as u8, two as u8);
            let units = UNITS_PER_SPACE[len as usize & 15];
            self.gain_one[i] = (one - from) * units;
            self.gain_two[i] = (two - from) * units;
            // Two steps reach the top whenever one does.
            let (top_one, top_two) = ((one >= len) as u32, (two >= len) as u32);
            top_one | (top_two & (top_one ^ 1)) << 16
        } else {
            // Steps to the top are spaces to the top: the planes by table.
            PLANES_BY_STEPS_LEFT[len.saturating_sub(from).min(15) as usize]
        };
        self.planes = (self.planes & !(PLANES << c)) | member << c;
    }

    /// Columns whose next step reaches the top (or which are there already).
    #[inline(always)]
    pub(super) fn one_left(&self) -> ColumnSet {
        ColumnSet(self.planes as u16)
    }

    /// Columns whose second step, not the first, reaches the top.
    #[inline(always)]
    pub(super) fn two_left(&self) -> ColumnSet {
        ColumnSet((self.planes >> 16) as u16)
    }

    /// The usable columns among the pair sums of `outcome`: empty when the roll busts.
    #[inline(always)]
    pub fn usable_sums(&self, outcome: Outcome) -> ColumnSet {
        self.usable & ColumnSet(PAIR_SUMS[outcome.index()])
    }

    /// The pick of a policy scoring by `scores` for `outcome` (which must not bust) with `cars`
    /// placed and `free` cars left, under A Faster Gear when `faster_gear`: the first listed
    /// of the choices ranked best, as the policy would pick from the roll evaluator's list
    /// (`super::rank`). `avx2` proves the CPU runs the vector ranking. Where no candidate is
    /// legal (the roll busts, or `cars` and `free` disagree with the usable set), the empty
    /// choice (column 0).
    #[inline(always)]
    pub fn best_choice(
        &self,
        avx2: Avx2,
        outcome: Outcome,
        cars: ColumnSet,
        free: u32,
        scores: &ChoiceScores,
        faster_gear: bool,
    ) -> Choice {
        let input = RankInput {
            usable: self.usable.0 as u32,
            cars: cars.0 as u32,
            one_left: self.one_left().0 as u32,
            two_left: self.two_left().0 as u32,
            free,
            gain_one: &self.gain_one,
            gain_two: &self.gain_two,
        };
        let row = &RANK_ROWS[outcome.index()];
        let place = best_place(avx2, row, &input, scores, faster_gear);
        let byte = row.choice[place];
        Choice {
            first: byte >> 4,
            second: byte & 15,
        }
    }

    /// Takes `choice`, a legal choice of the roll in hand, in `turn`: the turn after it (one
    /// more roll counted) and this shape follow it. Returns the usable set after it. `JUMP`
    /// must be the rules' jump rule.
    #[inline(always)]
    pub fn advance<const JUMP: bool>(
        &mut self,
        rules: &Rules,
        turn: &mut Turn,
        choice: Choice,
    ) -> ColumnSet {
        let Choice { first, second } = choice;
        let (i, j) = (first as usize & 15, second as usize & 15);
        let cols = ColumnSet((1u16 << first) | ((1u16 << second) & !1));
        // A double takes two steps in one column; otherwise each column takes one.
        let double = first == second;
        let delta = if double {
            2 * STEP[i]
        } else {
            STEP[i] + STEP[j]
        };
        let tops = if double {
            self.two_left()
        } else {
            self.one_left()
        };
        let reached = cols & tops;
        self.start = if JUMP {
            let to = if double { &self.two } else { &self.one };
            let spaces = (to[i] as u64) << SHIFT[i] | (to[j] as u64) << SHIFT[j];
            (self.start & !(NIBBLE[i] | NIBBLE[j])) | spaces
        } else {
            // A legal step never passes the top: one space each.
            self.start + delta
        };
        turn.steps += delta;
        turn.cars |= cols;
        self.car_nibbles |= NIBBLE[i] | NIBBLE[j];
        turn.pos = self.start & self.car_nibbles;
        turn.at_top |= reached;
        turn.rolls += 1;
        // The usable set loses the tops reached and, once every car is placed, the columns
        // without one.
        let full = turn.cars.len() >= rules.cars as u32;
        let kept = if full { turn.cars } else { ColumnSet::ALL };
        self.usable = (self.usable & kept) - reached;
        // Without a branch: a single or a double refreshes its column twice (harmlessly).
        self.refresh::<JUMP>(rules, first);
        self.refresh::<JUMP>(rules, if second == 0 { first } else { second });
        self.usable
    }

    /// Follows a choice taken some other way (the roll evaluator's list): `turn` is the turn
    /// after it, `cols` the columns it stepped in and `usable` the usable set after it.
    #[inline]
    pub fn follow<const JUMP: bool>(
        &mut self,
        rules: &Rules,
        turn: &Turn,
        cols: ColumnSet,
        usable: ColumnSet,
    ) {
        for c in cols {
            let s = shift(c);
            self.start = (self.start & !(0xf << s)) | ((turn.car(c) as u64) << s);
            self.refresh::<JUMP>(rules, c);
        }
        self.car_nibbles = turn.car_nibbles();
        self.usable = usable;
    }
}
