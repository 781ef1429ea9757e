//! `pressluck replay --game shortcut FILE`: replays a Shortcut record (see `record`) on the
//! default board or `--board`, and prints the turns and the position reached as text or JSON.

use super::record::{play, position_text, Record};
use super::{load_board, Board};
use crate::cli::ReplayArgs;
use crate::error::input;
use anyhow::Result;
use std::io::Write as _;
use std::process::ExitCode;

/// Runs the command for a Shortcut record, the bytes of the file `args` names.
pub fn run(args: &ReplayArgs, bytes: &[u8]) -> Result<ExitCode> {
    if args.edition.is_some() || !args.variants.is_empty() || args.deck.is_some() {
        return Err(input(
            "--edition, --variant and --deck do not apply to shortcut",
        ));
    }
    let json = match args.format.as_str() {
        "json" => true,
        "text" => false,
        other => {
            return Err(input(format!(
                "--format: unknown format '{other}' (expected json or text)"
            )))
        }
    };
    let board = match &args.board {
        Some(p) => load_board(p)?,
        None => Board::default_board(),
    };
    let shown = args.file.display();
    let record = Record::from_bytes(bytes).map_err(|e| input(format!("{shown}: {e}")))?;
    let replay = play(&record, &board).map_err(|e| input(format!("{shown}: {e}")))?;
    let text = if json {
        let g = &replay.game;
        let seats: Vec<_> = (0..g.players as usize)
            .map(|s| {
                serde_json::json!({
                    "seat": s + 1,
                    "square": board.id(g.cars[s]),
                    "distance": board.dist[g.cars[s] as usize],
                    "turns": g.turns[s],
                })
            })
            .collect();
        let v = serde_json::json!({
            "game": super::GAME_NAME,
            "seats": seats,
            "winner": g.winner.map(|w| w + 1),
            "to_move": g.winner.is_none().then_some(g.to_move + 1),
            "log": replay.log,
        });
        serde_json::to_string_pretty(&v)? + "\n"
    } else {
        position_text(&board, &replay)
    };
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(anyhow::Error::new(e).context("writing stdout"))
        }
        _ => Ok(ExitCode::SUCCESS),
    }
}
