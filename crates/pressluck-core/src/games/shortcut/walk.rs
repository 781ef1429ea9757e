//! A Shortcut record read as the decisions and rolls a review plays out ([`record_walk`]).
//!
//! A record holds whole turns, so each turn is one decision (main road, shortcut, or a push:
//! [`shortcut_options`]) and, for the main road and the shortcut, one run of dice: from the
//! option announced to the turn's end. The presses within a shortcut turn are not told apart
//! from its dice, so a shortcut turn's luck holds its presses too.

use super::board::ShortcutBoard;
use super::engine::{Next, ShortcutPosition};
use super::options::shortcut_options;
use super::record::{start, turn_end, RecordTurn, ShortcutRecord};
use crate::games::decision::{Options, Walk, WalkStep};

/// The decisions and rolls of `rec` on `b`, in order; the error names the record's bad line.
pub fn record_walk(
    rec: &ShortcutRecord,
    b: &ShortcutBoard,
) -> Result<Walk<ShortcutPosition>, String> {
    let mut walk = Walk::default();
    let mut g = start(rec, b)?;
    for (line, turn) in &rec.turns {
        let (line, seat) = (*line, g.to_move);
        let (to, _) = turn_end(rec, b, &g, line, turn)?;
        let name = match turn {
            RecordTurn::Main(_) => "main road".to_string(),
            RecordTurn::Shortcut(..) => "shortcut".to_string(),
            RecordTurn::Push(_) => format!("push to {}", b.id(to)),
        };
        let announced = match turn {
            RecordTurn::Main(_) => Some(Next::MainRoll),
            RecordTurn::Shortcut(..) => Some(Next::Press { rolls: 0, total: 0 }),
            RecordTurn::Push(_) => None,
        };
        let before = g;
        if let Some(Options::Open(options)) = shortcut_options(b, &g) {
            let played = options.iter().position(|(n, _)| *n == name).unwrap_or(0);
            let options = options.into_iter().map(|(n, p)| (n, walk.add(p))).collect();
            walk.steps.push(WalkStep::Decision {
                line,
                seat,
                what: "announce".into(),
                options,
                played,
            });
        }
        g.end_turn(b, to);
        if let Some(next) = announced {
            let dice = match turn {
                RecordTurn::Main(d) => d.to_string(),
                RecordTurn::Shortcut(rolls, _) => rolls
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
                RecordTurn::Push(_) => String::new(),
            };
            let before = walk.add(ShortcutPosition { game: before, next });
            let after = walk.add(ShortcutPosition {
                game: g,
                next: Next::Announce,
            });
            walk.steps.push(WalkStep::Roll {
                line,
                seat,
                dice,
                before,
                after: vec![after],
            });
        }
    }
    Ok(walk)
}
