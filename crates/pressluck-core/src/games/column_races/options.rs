//! The options of a Route 66 or Can't Stop decision, each the position it leads to: roll on
//! or stop, or each legal use of the roll in hand ([`column_options`]).

use crate::columns::record::Decision;
use crate::columns::{ChoiceList, Game, Rules};
use crate::engine::ColumnPosition;
use crate::games::decision::Options;

/// The options of `decision` in `game`: roll on or stop, or each legal use of the roll in
/// hand (after which the player decides to roll on or stop); `None` once the game is over.
pub fn column_options(
    rules: &Rules,
    game: &Game,
    decision: &Decision,
) -> Option<Options<ColumnPosition>> {
    let at = |game: Game, decide_first| ColumnPosition { game, decide_first };
    Some(match decision {
        Decision::Over => return None,
        Decision::Roll => Options::Forced("a turn opens with a roll: one option".into()),
        Decision::RollOrStop => {
            let mut stop = *game;
            stop.stop(rules);
            Options::Open(vec![
                ("roll".into(), at(*game, false)),
                ("stop".into(), at(stop, false)),
            ])
        }
        Decision::Use(_, list) => use_options(
            rules,
            game,
            list,
            "the roll has no legal use: the turn busts",
            |g| at(g, true),
        ),
    })
}

/// Each legal use of the roll in hand as an option, the game after it made a position by
/// `position`; forced when there is one use, or none (`none` says what then happens).
pub fn use_options<P>(
    rules: &Rules,
    game: &Game,
    list: &ChoiceList,
    none: &str,
    position: impl Fn(Game) -> P,
) -> Options<P> {
    match list.len() {
        0 => Options::Forced(none.into()),
        1 => Options::Forced(format!("one legal use of the roll: {}", list.get(0))),
        n => Options::Open(
            (0..n)
                .map(|i| {
                    (
                        format!("use {}", list.get(i)),
                        position(after_use(rules, game, list, i)),
                    )
                })
                .collect(),
        ),
    }
}

/// The game after the `i`-th use of `list` is taken.
pub fn after_use(rules: &Rules, game: &Game, list: &ChoiceList, i: usize) -> Game {
    let mut g = *game;
    g.take(rules, list, i);
    g
}
