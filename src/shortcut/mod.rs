//! Shortcut: the press-your-luck road race. A board of white main-road squares and grey
//! shortcut squares; each turn a car takes the main road (exact count), the shortcut (roll 1–3
//! and press on, 4–6 forfeits the turn) or a push of one square. Its optimal solitaire policy
//! is solved exactly by value iteration. See docs/shortcut.md for the board and every rule
//! reading.

pub mod board;
pub mod board_file;
pub mod engine;
pub mod odds;
pub mod policy;
pub mod record;
pub mod replay;
pub mod rules;
pub mod solver;

pub use board::{Board, Colour, Square, SquareSet};
pub use policy::{ShortcutPolicy, ShortcutSpec};
pub use solver::Solution;

use crate::cli::GameArgs;
use crate::error::input;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// The game's name on the command line and in outputs.
pub const GAME_NAME: &str = "shortcut";

/// A validated Shortcut game: the board, the seats, and the board's solution, solved at most
/// once and shared by every clone.
#[derive(Clone, Debug)]
pub struct ShortcutSetup {
    /// The board (with its rule readings).
    pub board: Arc<Board>,
    /// Seats at the table (1 to 4).
    pub players: u8,
    /// Whether the board came from `--board`.
    pub custom_board: bool,
    solution: Arc<OnceLock<Result<Arc<Solution>, String>>>,
}

impl ShortcutSetup {
    /// A setup of `board` for `players` seats.
    pub fn new(board: Board, players: u8) -> ShortcutSetup {
        ShortcutSetup {
            board: Arc::new(board),
            players,
            custom_board: false,
            solution: Arc::new(OnceLock::new()),
        }
    }

    /// Checks the shared game flags for Shortcut: 1 to 4 players, no edition, variants or
    /// columns to win; `--board` replaces the default board.
    pub fn from_args(g: &GameArgs, players: u8) -> anyhow::Result<ShortcutSetup> {
        if !(1..=4).contains(&players) {
            return Err(input(format!(
                "--players {players}: Shortcut takes 1 to 4 players"
            )));
        }
        if g.edition != "en" {
            return Err(input("--edition applies to route66 only, not shortcut"));
        }
        if let Some(v) = g.variants.first() {
            return Err(input(format!("--variant {v}: shortcut has no variants")));
        }
        if g.columns_to_win != 3 {
            return Err(input(
                "--columns-to-win applies to cant-stop only, not shortcut",
            ));
        }
        let mut setup = match &g.board {
            Some(path) => ShortcutSetup::new(load_board(path)?, players),
            None => ShortcutSetup::new(Board::default_board(), players),
        };
        setup.custom_board = g.board.is_some();
        Ok(setup)
    }

    /// The board's optimal policy, solved on first use; the error says if it did not converge.
    pub fn solution(&self) -> Result<Arc<Solution>, String> {
        self.solution
            .get_or_init(|| solver::solve(&self.board).map(Arc::new))
            .clone()
    }
}

/// Reads and checks a Shortcut board file; errors name the file.
pub fn load_board(path: &Path) -> anyhow::Result<Board> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| input(format!("--board {shown}: {e}")))?;
    let text =
        String::from_utf8(bytes).map_err(|_| input(format!("--board {shown}: not UTF-8 text")))?;
    Board::from_toml(&text).map_err(|e| input(format!("--board {shown}: {e}")))
}
