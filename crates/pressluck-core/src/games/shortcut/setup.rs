//! A validated Shortcut game ([`ShortcutSetup`]): the board, the seats, and the board's
//! solutions, each solved at most once.

use super::board::{self, ShortcutBoard};
use super::duel::{self, Duel};
use super::rules::GAME_NAME;
use super::solver::{self, Solution};
use crate::identity::{escape, Identity};
use std::sync::{Arc, OnceLock};

/// A validated Shortcut game: the board, the seats, and the board's solutions (solitaire and
/// two-player), each solved at most once and shared by every clone.
#[derive(Clone)]
pub struct ShortcutSetup {
    /// The board (with its rule readings).
    pub board: Arc<ShortcutBoard>,
    /// Seats at the table (1 to 4).
    pub players: u8,
    /// Whether the board came from `--board`.
    pub custom_board: bool,
    solution: Arc<OnceLock<Result<Arc<Solution>, String>>>,
    duel: Arc<OnceLock<Result<Arc<Duel>, String>>>,
}

/// The setup's settings; the solutions are left out, as they follow from the board.
impl std::fmt::Debug for ShortcutSetup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ShortcutSetup")
            .field("board", &self.board)
            .field("players", &self.players)
            .field("custom_board", &self.custom_board)
            .finish_non_exhaustive()
    }
}

impl ShortcutSetup {
    /// A setup of `board` for `players` seats.
    pub fn new(board: ShortcutBoard, players: u8) -> ShortcutSetup {
        ShortcutSetup {
            board: Arc::new(board),
            players,
            custom_board: false,
            solution: Arc::new(OnceLock::new()),
            duel: Arc::new(OnceLock::new()),
        }
    }

    /// The run identity of the setup ([`crate::identity`]): the seats, the rule readings, then
    /// the board: its squares in file order as `id:colour` (ids escaped), the start and finish
    /// as square numbers (their places in that order, from 0), the main road as square numbers
    /// from the start to the finish, and the edges touching a grey square as `a-b` (the lower
    /// number first, in increasing order). The board's name and where it came from are no part
    /// of it: they change no move.
    pub fn identity(&self) -> String {
        let b = &self.board;
        let squares = b
            .ids
            .iter()
            .zip(&b.colours)
            .map(|(id, c)| format!("{}:{}", escape(id), c.name()));
        let mut grey_edges = Vec::new();
        for (a, &next) in b.grey_adj.iter().enumerate() {
            for c in board::squares(next).filter(|&c| c as usize > a) {
                grey_edges.push(format!("{a}-{c}"));
            }
        }
        Identity::of_game(GAME_NAME)
            .field("players", self.players)
            .flag("blocking-on-grey", b.rules.blocking_on_grey)
            .flag("shortcut-uses-white", b.rules.shortcut_uses_white)
            .flag("push-anywhere", b.rules.push_anywhere)
            .list("squares", squares)
            .field("start", b.start)
            .field("finish", b.finish)
            .list("road", &b.road)
            .list("grey-edges", grey_edges)
            .text()
    }

    /// The board's optimal policy, solved on first use; the error says if it did not converge.
    pub fn solution(&self) -> Result<Arc<Solution>, String> {
        self.solution
            .get_or_init(|| solver::solve(&self.board).map(Arc::new))
            .clone()
    }

    /// The board's two-player solution, solved on first use; the error says if value iteration
    /// from below and from above did not meet.
    pub fn duel(&self) -> Result<Arc<Duel>, String> {
        self.duel
            .get_or_init(|| duel::solve(&self.board).map(Arc::new))
            .clone()
    }
}
