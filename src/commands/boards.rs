//! `pressluck boards`: the built-in boards in the board-file format, ready to copy and edit.

use crate::cli::BoardsArgs;
use crate::columns::Layout;
use crate::error::input;
use anyhow::Result;
use std::process::ExitCode;

/// The built-in boards: name, title, layout.
pub fn builtin() -> [(&'static str, &'static str, Layout); 4] {
    [
        ("route66", "The Mother Road: Route 66, English edition (our reading; --game route66)", Layout::route66_en()),
        (
            "route66-de",
            "The Mother Road: Route 66, German edition (our reading: segment 2 scores 6/3, * spaces on the upper half; --game route66 --edition de)",
            Layout::route66_de(),
        ),
        ("cant-stop", "Can't Stop (--game cant-stop; points unused)", Layout::cant_stop()),
        (
            "great-races",
            "The Great Races (our reading: Can't Stop lengths, shaded spaces on the upper half; --game great-races)",
            Layout::great_races(),
        ),
    ]
}

/// Every built-in board as (name, board-file text): the column boards, the Shortcut board and
/// the Treasure Hunt deck.
pub fn all_texts() -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = builtin()
        .iter()
        .map(|(name, title, l)| (*name, l.to_toml(&format!("{name}: {title}"))))
        .collect();
    out.push((
        "shortcut",
        crate::shortcut::board::DEFAULT_BOARD.to_string(),
    ));
    out.push((
        "treasure-hunt-deck",
        crate::treasure_hunt::deck::DEFAULT_DECK_TOML.to_string(),
    ));
    out
}

/// Prints one built-in board, or all of them.
pub fn run(args: BoardsArgs) -> Result<ExitCode> {
    let boards = all_texts();
    let chosen: Vec<_> = match &args.name {
        Some(n) => vec![boards.iter().find(|b| b.0 == n).cloned().ok_or_else(|| {
            let names: Vec<&str> = boards.iter().map(|b| b.0).collect();
            input(format!(
                "boards: unknown board '{n}' (expected one of {})",
                names.join(", ")
            ))
        })?],
        None => boards,
    };
    for (i, (_, text)) in chosen.iter().enumerate() {
        if i > 0 {
            println!("\n# ----------------------------------------------------------------\n");
        }
        print!("{text}");
    }
    Ok(ExitCode::SUCCESS)
}
