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

/// Prints one built-in board, or all of them.
pub fn run(args: BoardsArgs) -> Result<ExitCode> {
    let boards = builtin();
    let chosen: Vec<_> = match &args.name {
        Some(n) => {
            let b = boards.iter().find(|b| b.0 == n).ok_or_else(|| {
                input(format!("boards: unknown board '{n}' (expected route66, route66-de, cant-stop or great-races)"))
            })?;
            vec![*b]
        }
        None => boards.to_vec(),
    };
    for (i, (name, title, layout)) in chosen.iter().enumerate() {
        if i > 0 {
            println!("\n# ----------------------------------------------------------------\n");
        }
        print!("{}", layout.to_toml(&format!("{name}: {title}")));
    }
    Ok(ExitCode::SUCCESS)
}
