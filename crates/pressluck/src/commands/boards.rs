//! `pressluck boards`: the built-in boards in the board-file format, ready to copy and edit.

use anyhow::Result;
use pressluck_core::columns::Layout;
use std::process::ExitCode;

/// The names of the built-in boards, in the order they print.
pub const NAMES: [&str; 6] = [
    "route66",
    "route66-de",
    "cant-stop",
    "great-races",
    "shortcut",
    "treasure-hunt-deck",
];

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
        pressluck_core::games::shortcut::DEFAULT_BOARD.to_string(),
    ));
    out.push((
        "treasure-hunt-deck",
        pressluck_core::games::treasure_hunt::DEFAULT_DECK_TOML.to_string(),
    ));
    out
}

/// Prints the built-in board `name` (one of [`NAMES`]), or all of them.
pub fn run(name: Option<&str>) -> Result<ExitCode> {
    let chosen: Vec<_> = all_texts()
        .into_iter()
        .filter(|(n, _)| name.is_none_or(|want| want == *n))
        .collect();
    for (i, (_, text)) in chosen.iter().enumerate() {
        if i > 0 {
            println!("\n# ----------------------------------------------------------------\n");
        }
        print!("{text}");
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_is_named_in_print_order() {
        let names: Vec<&str> = all_texts().iter().map(|(n, _)| *n).collect();
        assert_eq!(names, NAMES);
    }
}
