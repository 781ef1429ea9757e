//! The options of a decision of The Great Races: each legal pairing of the roll in hand.

use crate::columns::record::Decision;
use crate::columns::{Game, Rules};
use crate::games::column_races::use_options;
use crate::games::decision::Options;

/// The options of `decision` in `game`: each legal pairing of the roll in hand; `None` once the
/// game is over.
pub fn race_options(rules: &Rules, game: &Game, decision: &Decision) -> Option<Options<Game>> {
    Some(match decision {
        Decision::Over => return None,
        Decision::Roll | Decision::RollOrStop => {
            Options::Forced("a turn opens with a roll: one option".into())
        }
        Decision::Use(_, list) => use_options(
            rules,
            game,
            list,
            "no open track among the roll's sums: the turn passes",
            |g| g,
        ),
    })
}
