//! `pressluck boards`: the built-in boards in the board-file format, ready to copy and edit,
//! each game's in the catalogue's order ([`pressluck_core::games::GameEntry::board_files`]).

use anyhow::Result;
use pressluck_core::games::GAMES;
use std::process::ExitCode;

/// Every built-in board as (name, board-file text): the column boards, the Shortcut board and
/// the Treasure Hunt deck.
pub fn all_texts() -> Vec<(&'static str, String)> {
    GAMES.iter().flat_map(|e| (e.board_files)()).collect()
}

/// The names of the built-in boards, in the order they print.
pub fn names() -> Vec<&'static str> {
    all_texts().into_iter().map(|(name, _)| name).collect()
}

/// Prints the built-in board `name` (one of [`names`]), or all of them.
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
    fn every_board_is_named_once_in_the_catalogue_order() {
        assert_eq!(
            names(),
            [
                "route66",
                "route66-de",
                "cant-stop",
                "great-races",
                "shortcut",
                "treasure-hunt-deck"
            ]
        );
    }
}
