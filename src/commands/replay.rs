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

/// The game a record is of: `--game`, else its own `game` line, else Route 66.
pub fn record_game(args: &ReplayArgs, bytes: &[u8]) -> String {
    if let Some(g) = &args.game {
        return g.clone();
    }
    let text = String::from_utf8_lossy(bytes);
    for line in text.lines() {
        let mut words = line.split('#').next().unwrap_or("").split_whitespace();
        if words.next() == Some("game") {
            return words.next().unwrap_or("").to_string();
        }
    }
    crate::columns::GameKind::Route66.name().to_string()
}

/// Reads the record file named on the command line.
pub fn read_record(args: &ReplayArgs) -> Result<Vec<u8>> {
    std::fs::read(&args.file).map_err(|e| input(format!("{}: {e}", args.file.display())))
}

/// Reads and plays a Treasure Hunt record, with `--deck` or the built-in deck; the flags of
/// the other games are refused.
pub fn load_treasure(args: &ReplayArgs, bytes: &[u8]) -> Result<crate::treasure_hunt::State> {
    if args.edition.is_some() || !args.variants.is_empty() || args.board.is_some() {
        return Err(input(
            "--edition, --variant and --board do not apply to a treasure-hunt record (write variant lines in it; --deck names its cards)",
        ));
    }
    let deck = match &args.deck {
        Some(path) => crate::treasure_hunt::setup::load_deck(path)?,
        None => crate::treasure_hunt::Deck::standard(),
    };
    let shown = args.file.display();
    let text = std::str::from_utf8(bytes).map_err(|_| input(format!("{shown}: not UTF-8 text")))?;
    crate::treasure_hunt::record::replay(text, &deck).map_err(|e| input(format!("{shown}: {e}")))
}

/// Runs the command: check the flags, read and play the record, print the position.
pub fn run(args: ReplayArgs) -> Result<ExitCode> {
    let format = match args.format.as_str() {
        "json" => Format::Json,
        "text" => Format::Text,
        other => {
            return Err(input(format!(
                "--format: unknown format '{other}' (expected json or text)"
            )))
        }
    };
    let bytes = read_record(&args)?;
    match record_game(&args, &bytes).as_str() {
        crate::shortcut::GAME_NAME => return crate::shortcut::replay::run(&args, &bytes),
        crate::treasure_hunt::setup::GAME_NAME => {
            let state = load_treasure(&args, &bytes)?;
            return print(&match format {
                Format::Json => crate::output::treasure_position::to_json(&state) + "\n",
                Format::Text => crate::output::treasure_position::to_text(&state),
            });
        }
        _ => {}
    }
    if args.deck.is_some() {
        return Err(input("--deck applies to treasure-hunt records only"));
    }
    let (setup, replay) = load(&args, &bytes)?;
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

/// Checks and plays the column-race record `bytes` of the file named in `args`; errors name
/// the file and line.
pub fn load(args: &ReplayArgs, bytes: &[u8]) -> Result<(Setup, Replay)> {
    let overrides = overrides(args)?;
    let shown = args.file.display();
    let record = Record::from_bytes(bytes).map_err(|e| input(format!("{shown}: {e}")))?;
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
