//! A replayed Shortcut game as JSON: every seat's square, distance to the finish and turns,
//! the winner or the seat to move (seats numbered from 1, as in records), and the turns' log.
//! The text form is [`pressluck_core::games::shortcut::record::position_text`].

use pressluck_core::games::shortcut::record::ShortcutReplay;
use pressluck_core::games::shortcut::{ShortcutBoard, GAME_NAME};

/// The position `replay` reaches on `board`, as pretty-printed JSON with a final line break.
pub fn to_json(board: &ShortcutBoard, replay: &ShortcutReplay) -> String {
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
        "game": GAME_NAME,
        "seats": seats,
        "winner": g.winner.map(|w| w + 1),
        "to_move": g.winner.is_none().then_some(g.to_move + 1),
        "log": replay.log,
    });
    serde_json::to_string_pretty(&v).expect("a JSON value serializes") + "\n"
}
