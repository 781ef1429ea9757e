//! A Shortcut record read as the decisions and rolls a review plays out ([`record_walk`]).
//!
//! Each turn opens with a decision (main road, shortcut, or a push: [`shortcut_options`]).
//! The main road is one roll. A shortcut turn is a roll at a time: after each roll of 1 to 3
//! the car decides to press on or to stop, and where to stop among the squares the total
//! reaches (`stop at SQUARE`, the square it stands on included); a roll of 4 to 6 ends the
//! turn where the car stands. The record says which: every roll but the last was pressed on,
//! and the last was followed by its `move`.

use super::board::{squares, ShortcutBoard, Square};
use super::engine::{Next, ShortcutGame, ShortcutPosition, MAX_PRESSES};
use super::options::shortcut_options;
use super::record::{start, turn_end, RecordTurn, ShortcutRecord};
use super::rules::{blocked, shortcut_reach, shortcut_roll_ok};
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
        // The position of the option played, when it was one of several: the roll's before.
        let mut announced = None;
        if let Some(Options::Open(options)) = shortcut_options(b, &g) {
            let played = options.iter().position(|(n, _)| *n == name).unwrap_or(0);
            let options: Vec<(String, usize)> =
                options.into_iter().map(|(n, p)| (n, walk.add(p))).collect();
            announced = Some(options[played].1);
            walk.steps.push(WalkStep::Decision {
                line,
                seat,
                what: "announce".into(),
                options,
                played,
            });
        }
        let mut after = g;
        after.end_turn(b, to);
        match turn {
            RecordTurn::Main(d) => {
                let before = announced.unwrap_or_else(|| {
                    walk.add(ShortcutPosition {
                        game: g,
                        next: Next::MainRoll,
                    })
                });
                let after = walk.add(announce(after));
                walk.steps.push(WalkStep::Roll {
                    line,
                    seat,
                    dice: d.to_string(),
                    before,
                    after: vec![after],
                });
            }
            RecordTurn::Shortcut(rolls, _) => {
                shortcut_turn(&mut walk, b, &g, line, rolls, to, announced)
            }
            RecordTurn::Push(_) => {}
        }
        g = after;
    }
    Ok(walk)
}

/// The position of the next turn's start in `game`.
fn announce(game: ShortcutGame) -> ShortcutPosition {
    ShortcutPosition {
        game,
        next: Next::Announce,
    }
}

/// The rolls and the press-or-stop decisions of a shortcut turn of the car to move in `g`,
/// which rolled `rolls` and ended on `to`; `announced` is the position of the shortcut
/// announced, when the walk has it already.
fn shortcut_turn(
    walk: &mut Walk<ShortcutPosition>,
    b: &ShortcutBoard,
    g: &ShortcutGame,
    line: usize,
    rolls: &[u8],
    to: Square,
    announced: Option<usize>,
) {
    let seat = g.to_move;
    let at = g.cars[seat as usize];
    let stop = blocked(b, &g.cars[..g.players as usize], seat as usize);
    let (mut pressed, mut total) = (0u32, 0u32);
    let mut before = announced.unwrap_or_else(|| {
        walk.add(ShortcutPosition {
            game: *g,
            next: Next::Press { rolls: 0, total: 0 },
        })
    });
    for (k, &d) in rolls.iter().enumerate() {
        let last = k + 1 == rolls.len();
        if !shortcut_roll_ok(d) {
            let mut stuck = *g;
            stuck.end_turn(b, at);
            let after = walk.add(announce(stuck));
            walk.steps.push(WalkStep::Roll {
                line,
                seat,
                dice: d.to_string(),
                before,
                after: vec![after],
            });
            return;
        }
        pressed += 1;
        total += d as u32;
        // The options after the roll: press on (while presses are left), or stop on a square
        // the total reaches.
        let mut options: Vec<(String, usize)> = Vec::new();
        if pressed < MAX_PRESSES {
            let press = walk.add(ShortcutPosition {
                game: *g,
                next: Next::Press {
                    rolls: pressed,
                    total,
                },
            });
            options.push(("press".into(), press));
        }
        for u in squares(shortcut_reach(b, at, total, stop)) {
            let mut moved = *g;
            moved.end_turn(b, u);
            options.push((format!("stop at {}", b.id(u)), walk.add(announce(moved))));
        }
        walk.steps.push(WalkStep::Roll {
            line,
            seat,
            dice: d.to_string(),
            before,
            after: options.iter().map(|o| o.1).collect(),
        });
        let played = if last {
            format!("stop at {}", b.id(to))
        } else {
            "press".to_string()
        };
        let played = options.iter().position(|o| o.0 == played).unwrap_or(0);
        if !last {
            before = options[played].1;
        }
        if options.len() >= 2 {
            walk.steps.push(WalkStep::Decision {
                line,
                seat,
                what: format!("press or stop, {total} rolled"),
                options,
                played,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shortcut_turn_is_a_decision_after_each_roll() {
        let b = ShortcutBoard::default_board();
        let rec =
            ShortcutRecord::parse("players 2\nmain 6\nshortcut 3 2 move r5\nshortcut 3 1 4\n")
                .unwrap();
        let walk = record_walk(&rec, &b).unwrap();
        let steps: Vec<String> = walk
            .steps
            .iter()
            .map(|s| match s {
                WalkStep::Decision {
                    line,
                    what,
                    options,
                    played,
                    ..
                } => format!("{line} {what}: {}", options[*played].0),
                WalkStep::Roll {
                    line, dice, after, ..
                } => format!("{line} roll {dice} -> {}", after.len() > 1),
            })
            .collect();
        assert_eq!(
            steps,
            [
                "2 announce: main road",
                "2 roll 6 -> false",
                "3 announce: shortcut",
                "3 roll 3 -> true",
                "3 press or stop, 3 rolled: press",
                "3 roll 2 -> true",
                "3 press or stop, 5 rolled: stop at r5",
                "4 announce: shortcut",
                "4 roll 3 -> true",
                "4 press or stop, 3 rolled: press",
                "4 roll 1 -> true",
                "4 press or stop, 4 rolled: press",
                "4 roll 4 -> false",
            ]
        );
    }
}
