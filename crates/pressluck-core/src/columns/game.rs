//! `Game`: a column-race game in progress — board, turn in hand, player to move — and the rule
//! steps that change it: apply a choice, stop, bust, and The Great Races' one-roll turn.

use super::board::{Board, NOBODY};
use super::choice::Choice;
use super::choice_list::ChoiceList;
use super::legal::{fill_legal_choices, great_races_choices, legal_choices};
use super::rules::{GameKind, Rules};
use super::set::ColumnSet;
use super::turn::Turn;
use crate::dice::Roll;

/// A game in progress. `Copy`; nothing here touches the heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The lasting board.
    pub board: Board,
    /// The turn in hand.
    pub turn: Turn,
    /// The player to move, 0-based in turn order.
    pub to_move: u8,
    /// The winner once the game is over.
    pub winner: Option<u8>,
    /// Turns completed (stopped, bust or passed) per player.
    pub turns: [u32; 4],
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A new game, player 0 to move.
    pub fn new() -> Game {
        Game {
            board: Board::default(),
            turn: Turn::default(),
            to_move: 0,
            winner: None,
            turns: [0; 4],
        }
    }

    /// Whether the game is over.
    #[inline]
    pub fn finished(&self) -> bool {
        self.winner.is_some()
    }

    /// Whether the game can no longer be won: every column is claimed and no one has won (Can't
    /// Stop to 4 or 5 columns at a table where the columns run out first, 3 players × 4
    /// columns ≥ 11). No roll can be used any more, so the game is over without a winner.
    #[inline]
    pub fn stalled(&self) -> bool {
        !self.finished() && self.board.closed == ColumnSet::ALL
    }

    /// The usable set of the player to move.
    #[inline]
    pub fn usable(&self, rules: &Rules) -> ColumnSet {
        match rules.game {
            GameKind::GreatRaces => !self.board.closed,
            _ => self.turn.usable(rules, &self.board),
        }
    }

    /// The legal choices for `roll` (empty: the roll busts, or in The Great Races passes).
    #[inline]
    pub fn choices(&self, rules: &Rules, roll: Roll) -> ChoiceList {
        match rules.game {
            GameKind::GreatRaces => great_races_choices(rules, &self.board, self.to_move, roll),
            _ => legal_choices(rules, &self.board, self.to_move, &self.turn, roll),
        }
    }

    /// [`Game::choices`] written into `list`, which is reused rather than copied: the engine's
    /// form.
    #[inline(always)]
    pub fn fill_choices(&self, rules: &Rules, roll: Roll, list: &mut ChoiceList) {
        match rules.game {
            GameKind::GreatRaces => {
                *list = great_races_choices(rules, &self.board, self.to_move, roll)
            }
            _ => fill_legal_choices(rules, &self.board, self.to_move, &self.turn, roll, list),
        }
    }

    /// Applies a legal choice. In The Great Races this is the whole turn: markers advance, races
    /// reached are won at once, and play passes.
    #[inline]
    pub fn apply(&mut self, rules: &Rules, choice: Choice) {
        let p = self.to_move;
        if rules.game == GameKind::GreatRaces {
            for c in choice.steps() {
                if self.board.closed.has(c) {
                    continue;
                }
                let s = self.board.cube(p, c) + 1;
                self.board.set_cube(p, c, s);
                if s >= rules.layout.len(c) {
                    self.win_column(rules, p, c);
                }
            }
            self.turn.rolls += 1;
            self.end_turn(rules);
            return;
        }
        self.turn = self.turn.after(rules, &self.board, p, choice);
    }

    /// Applies choice `i` of `list`, the legal choices of the roll just made: the same as
    /// [`Game::apply`], but in Can't Stop-style games it takes the turn the list already worked
    /// out instead of stepping the cars again.
    #[inline]
    pub fn take(&mut self, rules: &Rules, list: &ChoiceList, i: usize) {
        if rules.game == GameKind::GreatRaces {
            self.apply(rules, list.get(i));
        } else {
            self.turn = *list.after(i);
        }
    }

    /// Ends The Great Races turn of a roll with no open track among its sums.
    pub fn pass(&mut self, rules: &Rules) {
        self.end_turn(rules);
    }

    /// A roll with no legal choice: the turn's progress is lost and play passes.
    #[inline]
    pub fn bust(&mut self, rules: &Rules) {
        self.end_turn(rules);
    }

    /// A voluntary stop: cars become cubes, columns reached are won, and the game may end.
    #[inline]
    pub fn stop(&mut self, rules: &Rules) {
        let p = self.to_move;
        for c in self.turn.cars {
            self.board.set_cube(p, c, self.turn.car(c));
        }
        for c in self.turn.at_top {
            self.win_column(rules, p, c);
        }
        self.end_turn(rules);
    }

    /// Player `p` wins column `c`: points, second place, other cubes return, the column closes.
    pub(crate) fn win_column(&mut self, rules: &Rules, p: u8, c: u8) {
        let b = &mut self.board;
        let len = rules.layout.len(c);
        b.closed = b.closed.with(c);
        b.first[c as usize] = p;
        b.won[p as usize] += 1;
        b.scores[p as usize] += rules.layout.first[c as usize] as u16;
        let mut second = NOBODY;
        let mut best = 0u8;
        // Ties (possible where cubes share spaces) go to the player later in turn order.
        for q in 0..rules.players {
            let s = b.cube(q, c);
            if q != p && rules.takes_second(c, s) && s >= best {
                best = s;
                second = q;
            }
        }
        // Route 66: both cubes go to the scoring space's two boxes; The Great Races: the second
        // marker goes to the space below the top, the one showing the smaller points.
        let second_space = if rules.game == GameKind::GreatRaces {
            len - 1
        } else {
            len
        };
        for q in 0..rules.players {
            let s = if q == p {
                len
            } else if q == second {
                second_space
            } else {
                0
            };
            b.set_cube(q, c, s);
        }
        if second != NOBODY {
            b.second[c as usize] = second;
            b.scores[second as usize] += rules.layout.second[c as usize] as u16;
        }
    }

    /// Clears the turn, checks for the end of the game, and passes play on.
    pub(crate) fn end_turn(&mut self, rules: &Rules) {
        let p = self.to_move;
        self.turn = Turn::default();
        self.turns[p as usize] += 1;
        self.winner = match rules.game {
            GameKind::CantStop => (self.board.won[p as usize] >= rules.columns_to_win).then_some(p),
            _ if self.board.closed.len() >= rules.columns_to_end as u32 => Some(self.leader(rules)),
            _ => None,
        };
        if self.winner.is_none() {
            self.to_move = (p + 1) % rules.players;
        }
    }

    /// The highest score; a tie goes to the tied player latest in turn order.
    pub fn leader(&self, rules: &Rules) -> u8 {
        (0..rules.players)
            .max_by_key(|&q| (self.board.scores[q as usize], q))
            .unwrap_or(0)
    }
}
