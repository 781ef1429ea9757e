//! The options of a Shortcut turn about to start ([`shortcut_options`]): the main road (from a
//! white square), the shortcut, and each push.

use super::board::{squares, ShortcutBoard};
use super::engine::{Next, ShortcutGame, ShortcutPosition};
use super::rules::{blocked, main_road, push_targets};
use crate::games::decision::Options;

/// Every option of the turn about to start in `g`, by name, each with the position it leads
/// to: `main road` (from a white square), `shortcut`, and `push to SQUARE` for each square a
/// push reaches; none once the game is over.
pub fn turn_options(b: &ShortcutBoard, g: &ShortcutGame) -> Vec<(String, ShortcutPosition)> {
    if g.winner.is_some() {
        return Vec::new();
    }
    let seat = g.to_move as usize;
    let at = g.cars[seat];
    let at_next = |next| ShortcutPosition { game: *g, next };
    let mut options = Vec::new();
    if main_road(b, at, 1).is_some() {
        options.push(("main road".to_string(), at_next(Next::MainRoll)));
    }
    options.push((
        "shortcut".to_string(),
        at_next(Next::Press { rolls: 0, total: 0 }),
    ));
    let pushes = push_targets(b, at, blocked(b, &g.cars[..g.players as usize], seat));
    for u in squares(pushes) {
        let mut after = *g;
        after.end_turn(b, u);
        let next = Next::Announce;
        options.push((
            format!("push to {}", b.id(u)),
            ShortcutPosition { game: after, next },
        ));
    }
    options
}

/// The options of the turn about to start in `g` ([`turn_options`]) as a decision to roll
/// out; `None` once the game is over. Records hold whole turns, so a record's decision is
/// always this one.
pub fn shortcut_options(b: &ShortcutBoard, g: &ShortcutGame) -> Option<Options<ShortcutPosition>> {
    let options = turn_options(b, g);
    Some(match options.len() {
        0 => return None,
        1 => Options::Forced(format!("one option: {}", options[0].0)),
        _ => Options::Open(options),
    })
}
