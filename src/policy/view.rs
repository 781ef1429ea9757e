//! `View`: the read-only position a policy decides on — rules, board, the turn so far, the
//! usable set and its exact bust chance — with the small helpers most policies share.

use crate::columns::bust::bust_rolls;
use crate::columns::{Choice, ColumnSet, Game, Rules};
use crate::dice::OUTCOMES;

/// What a policy sees. `Copy`; building one is a table lookup.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The rules and board.
    pub rules: &'a Rules,
    /// The game, with the turn in hand.
    pub game: &'a Game,
    /// The usable set of the player to move.
    pub usable: ColumnSet,
    /// Busting rolls out of 1296 for the next roll.
    pub bust_rolls: u16,
}

impl<'a> View<'a> {
    /// The view of the player to move in `game`.
    #[inline]
    pub fn new(rules: &'a Rules, game: &'a Game) -> View<'a> {
        let usable = game.usable(rules);
        View {
            rules,
            game,
            usable,
            bust_rolls: bust_rolls(usable),
        }
    }

    /// The player deciding.
    #[inline]
    pub fn player(&self) -> u8 {
        self.game.to_move
    }

    /// The chance that the next roll busts.
    #[inline]
    pub fn p_bust(&self) -> f64 {
        self.bust_rolls as f64 / OUTCOMES as f64
    }

    /// The game as it would be after `choice` (a copy; the view is unchanged).
    #[inline]
    pub fn after(&self, choice: Choice) -> Game {
        let mut g = *self.game;
        g.apply(self.rules, choice);
        g
    }

    /// Whether stopping now would win the game for the player to move.
    #[inline]
    pub fn stop_wins(&self) -> bool {
        let mut g = *self.game;
        g.stop(self.rules);
        g.winner == Some(self.player())
    }

    /// Spaces climbed this turn, each column weighted by 1/length (a car at the top of a column it
    /// entered from the bottom scores 1).
    #[inline]
    pub fn progress(&self) -> f64 {
        turn_progress(self.rules, self.game)
    }

    /// The shared choice rule: the choice leaving the lowest bust chance for the next roll, ties
    /// broken by more progress, then by the first listed.
    pub fn safest_choice(&self, choices: &[Choice]) -> usize {
        let mut best = 0;
        let mut best_key = (u16::MAX, f64::NEG_INFINITY);
        for (i, &c) in choices.iter().enumerate() {
            let g = self.after(c);
            let key = (
                bust_rolls(g.usable(self.rules)),
                turn_progress(self.rules, &g),
            );
            if key.0 < best_key.0 || (key.0 == best_key.0 && key.1 > best_key.1) {
                best = i;
                best_key = key;
            }
        }
        best
    }
}

/// Spaces climbed this turn by the player to move, each column weighted by 1/length.
#[inline]
pub fn turn_progress(rules: &Rules, game: &Game) -> f64 {
    let p = game.to_move;
    game.turn
        .cars
        .iter()
        .map(|c| (game.turn.car(c) - game.board.cube(p, c)) as f64 / rules.layout.len(c) as f64)
        .sum()
}
