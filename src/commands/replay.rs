//! `pressluck replay FILE`: plays a game record and prints the position it reaches.

use crate::cli::{load_board, ReplayArgs};
use crate::columns::{Edition, GameKind, Variant};
use crate::error::input;
use crate::output::position::Position;
use crate::transcript::{play, Overrides, Record, Replay, Setup};
use anyhow::Result;
use std::io::Write as _;
use std::process::ExitCode;

/// How the position is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// Pretty-printed JSON.
    Json,
    /// A board drawn for a person.
    Text,
}

/// Runs the command: check the flags, read and play the record, print the position.
pub fn run(args: ReplayArgs) -> Result<ExitCode> {
    if args.game.as_deref() == Some(crate::shortcut::GAME_NAME) {
        return crate::shortcut::replay::run(&args);
    }
    let format = match args.format.as_str() {
        "json" => Format::Json,
        "text" => Format::Text,
        other => {
            return Err(input(format!(
                "--format: unknown format '{other}' (expected json or text)"
            )))
        }
    };
    let (setup, replay) = load(&args)?;
    let position = Position {
        rules: &setup.rules,
        edition: setup.edition,
        variants: &setup.variants,
        game: &replay.game,
        pending: replay.pending.map(|(roll, list, _)| (roll, list)),
    };
    let text = match format {
        Format::Json => position.to_json() + "\n",
        Format::Text => position.to_text(),
    };
    print(&text)
}

/// Reads, checks and plays the record named in `args`; errors name the file and line.
pub fn load(args: &ReplayArgs) -> Result<(Setup, Replay)> {
    let overrides = overrides(args)?;
    let shown = args.file.display();
    let bytes = std::fs::read(&args.file).map_err(|e| input(format!("{shown}: {e}")))?;
    let record = Record::from_bytes(&bytes).map_err(|e| input(format!("{shown}: {e}")))?;
    let setup = record
        .setup(&overrides)
        .map_err(|e| input(format!("{shown}: {e}")))?;
    let replay = play(&record, &setup.rules).map_err(|e| input(format!("{shown}: {e}")))?;
    Ok((setup, replay))
}

/// Writes `text` to stdout; a closed pipe (`| head`) is the reader's choice, not a failure.
pub fn print(text: &str) -> Result<ExitCode> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(anyhow::Error::new(e).context("writing stdout"))
        }
        _ => Ok(ExitCode::SUCCESS),
    }
}

/// The command-line flags that override or extend the record's header.
fn overrides(args: &ReplayArgs) -> Result<Overrides> {
    let game = match &args.game {
        Some(g) => Some(
            g.parse::<GameKind>()
                .map_err(|e| input(format!("--game: {e}")))?,
        ),
        None => None,
    };
    let edition = match &args.edition {
        Some(e) => Some(
            e.parse::<Edition>()
                .map_err(|e| input(format!("--edition: {e}")))?,
        ),
        None => None,
    };
    let variants = args
        .variants
        .iter()
        .map(|v| {
            v.parse::<Variant>()
                .map_err(|e| input(format!("--variant: {e}")))
        })
        .collect::<Result<Vec<_>>>()?;
    let layout = match &args.board {
        Some(path) => Some(load_board(path)?),
        None => None,
    };
    Ok(Overrides {
        game,
        edition,
        variants,
        layout,
    })
}
