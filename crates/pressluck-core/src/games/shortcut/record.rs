//! The Shortcut game record: one line per turn, replayed under the rules with line-numbered
//! errors.
//!
//! ```text
//! # a comment; blank lines are skipped
//! game shortcut           # optional: names the game for `replay` and `advise`
//! players 2               # seats (1 to 4, default 1), before any turn
//! place 2 r4              # seat 2 starts on square r4 (default: the start), before any turn
//! main 4                  # main road, rolled a 4
//! shortcut 3 2 move r9    # shortcut: rolled 3, pressed, rolled 2, moved to r9 (up to 5)
//! shortcut 3 1 4          # shortcut: 3, 1, then a 4 — the whole turn is forfeit
//! push r10                # push one square, to r10
//! ```
//!
//! Turns go round the seats from seat 1; the first car on the finish wins.

use super::board::{bit, ShortcutBoard, Square};
use super::engine::{ShortcutGame, MAX_PRESSES};
use super::rules::{blocked, main_road, push_targets, shortcut_reach, shortcut_roll_ok};

/// One turn as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordTurn {
    /// `main D`.
    Main(u8),
    /// `shortcut D D … [move SQUARE]`: the rolls, and the square moved to unless the last roll
    /// was 4–6.
    Shortcut(Vec<u8>, Option<String>),
    /// `push SQUARE`.
    Push(String),
}

/// A parsed record: the seats, the starting squares and the turns, with their line numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShortcutRecord {
    /// Seats at the table.
    pub players: u8,
    /// `(line, seat 1-based, square id)` of each `place` line.
    pub places: Vec<(usize, u8, String)>,
    /// `(line, turn)` in order.
    pub turns: Vec<(usize, RecordTurn)>,
}

/// Reads a die face 1..=6.
fn face(w: &str) -> Result<u8, String> {
    match w.parse::<u8>() {
        Ok(d) if (1..=6).contains(&d) => Ok(d),
        _ => Err(format!("'{w}' is not a die face (1 to 6)")),
    }
}

impl ShortcutRecord {
    /// Parses a record from bytes, which must be UTF-8.
    pub fn from_bytes(bytes: &[u8]) -> Result<ShortcutRecord, String> {
        let text = std::str::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())?;
        ShortcutRecord::parse(text)
    }

    /// Parses a record; the error names the line.
    pub fn parse(text: &str) -> Result<ShortcutRecord, String> {
        let mut r = ShortcutRecord {
            players: 1,
            ..ShortcutRecord::default()
        };
        let mut players_seen = false;
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let words: Vec<&str> = raw
                .split('#')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .collect();
            let Some((&head, rest)) = words.split_first() else {
                continue;
            };
            let err = |m: String| format!("line {n}: {m}");
            let before_turns = |what: &str| {
                if r.turns.is_empty() {
                    Ok(())
                } else {
                    Err(err(format!("'{what}' must come before the first turn")))
                }
            };
            match head {
                "game" => {
                    before_turns("game")?;
                    if rest != [super::rules::GAME_NAME] {
                        return Err(err(format!(
                            "a Shortcut record's game line reads 'game {}'",
                            super::rules::GAME_NAME
                        )));
                    }
                }
                "players" => {
                    before_turns("players")?;
                    if players_seen {
                        return Err(err("'players' given twice".into()));
                    }
                    players_seen = true;
                    r.players = match rest {
                        [p] => p.parse().ok().filter(|p| (1..=4).contains(p)),
                        _ => None,
                    }
                    .ok_or_else(|| err("players takes one number from 1 to 4".into()))?;
                }
                "place" => {
                    before_turns("place")?;
                    let [seat, sq] = rest else {
                        return Err(err(
                            "place takes a seat and a square, like 'place 2 r5'".into()
                        ));
                    };
                    let seat = seat
                        .parse::<u8>()
                        .ok()
                        .filter(|s| (1..=4).contains(s))
                        .ok_or_else(|| err(format!("seat '{seat}' is not 1 to 4")))?;
                    r.places.push((n, seat, sq.to_string()));
                }
                "main" => match rest {
                    [d] => r.turns.push((n, RecordTurn::Main(face(d).map_err(err)?))),
                    _ => return Err(err("main takes one die face, like 'main 4'".into())),
                },
                "push" => match rest {
                    [sq] => r.turns.push((n, RecordTurn::Push(sq.to_string()))),
                    _ => return Err(err("push takes one square, like 'push finish'".into())),
                },
                "shortcut" => {
                    let (rolls, to) = match rest {
                        [rolls @ .., "move", sq] => (rolls, Some(sq.to_string())),
                        rolls => (rolls, None),
                    };
                    let rolls = rolls
                        .iter()
                        .map(|w| face(w))
                        .collect::<Result<Vec<u8>, String>>()
                        .map_err(err)?;
                    if rolls.len() > MAX_PRESSES as usize {
                        return Err(err(format!(
                            "a shortcut turn has at most {MAX_PRESSES} rolls"
                        )));
                    }
                    let Some((&last, early)) = rolls.split_last() else {
                        return Err(err("shortcut needs at least one roll".into()));
                    };
                    if let Some(&d) = early.iter().find(|&&d| !shortcut_roll_ok(d)) {
                        return Err(err(format!(
                            "the turn ended at the roll of {d}; no roll may follow it"
                        )));
                    }
                    match (shortcut_roll_ok(last), &to) {
                        (true, None) => {
                            return Err(err(
                                "a shortcut ends with a roll of 4 to 6 or 'move SQUARE'".into(),
                            ))
                        }
                        (false, Some(_)) => {
                            return Err(err(format!(
                                "the roll of {last} forfeits the turn; the car cannot move"
                            )))
                        }
                        _ => {}
                    }
                    r.turns.push((n, RecordTurn::Shortcut(rolls, to)));
                }
                w => {
                    return Err(err(format!(
                        "unknown word '{w}' (expected players, place, main, shortcut or push)"
                    )))
                }
            }
        }
        if let Some((n, seat, _)) = r.places.iter().find(|p| p.1 > r.players) {
            return Err(format!(
                "line {n}: seat {seat} but only {}",
                crate::numbers::count(r.players.into(), "player", "players")
            ));
        }
        Ok(r)
    }
}

/// A replayed record: the game reached and one line of narration per turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortcutReplay {
    /// The position after the last turn.
    pub game: ShortcutGame,
    /// `seat N: what happened` for each turn.
    pub log: Vec<String>,
}

/// Replays a record on a board; the error names the line and the rule broken.
pub fn play(rec: &ShortcutRecord, b: &ShortcutBoard) -> Result<ShortcutReplay, String> {
    let mut g = start(rec, b)?;
    let mut log = Vec::new();
    for (n, turn) in &rec.turns {
        let seat = g.to_move as usize;
        let at = g.cars[seat];
        let (to, what) = turn_end(rec, b, &g, *n, turn)?;
        log.push(format!(
            "seat {}: {what}: {} -> {}",
            seat + 1,
            b.id(at),
            b.id(to)
        ));
        g.end_turn(b, to);
    }
    Ok(ShortcutReplay { game: g, log })
}

/// The game before the record's first turn: its seats, their cars where its `place` lines put
/// them.
pub fn start(rec: &ShortcutRecord, b: &ShortcutBoard) -> Result<ShortcutGame, String> {
    let mut g = ShortcutGame::new(b, rec.players);
    for (n, seat, id) in &rec.places {
        let s = find(b, *n, id)?;
        if s == b.finish {
            return Err(format!("line {n}: a car cannot start on the finish"));
        }
        let seat = (*seat - 1) as usize;
        if b.is_grey(s) && (0..rec.players as usize).any(|o| o != seat && g.cars[o] == s) {
            return Err(format!("line {n}: grey square '{id}' already holds a car"));
        }
        g.cars[seat] = s;
    }
    Ok(g)
}

/// The square `turn` (on line `n`) ends on for the car to move in `g`, and what it did for
/// the narration; the error names the line and the rule broken.
pub fn turn_end(
    rec: &ShortcutRecord,
    b: &ShortcutBoard,
    g: &ShortcutGame,
    n: usize,
    turn: &RecordTurn,
) -> Result<(Square, String), String> {
    if let Some(w) = g.winner {
        return Err(format!(
            "line {n}: the game is over (seat {} reached the finish)",
            w + 1
        ));
    }
    let seat = g.to_move as usize;
    let at = g.cars[seat];
    let stop = blocked(b, &g.cars[..rec.players as usize], seat);
    Ok(match turn {
        RecordTurn::Main(d) => {
            let to = main_road(b, at, *d).ok_or_else(|| {
                format!(
                    "line {n}: the main road is not open from grey square '{}' (shortcut or push only)",
                    b.id(at)
                )
            })?;
            (to, format!("main {d}"))
        }
        RecordTurn::Push(id) => {
            let to = find(b, n, id)?;
            if push_targets(b, at, stop) & bit(to) == 0 {
                return Err(format!(
                    "line {n}: cannot push from '{}' to '{id}'",
                    b.id(at)
                ));
            }
            (to, "push".to_string())
        }
        RecordTurn::Shortcut(rolls, None) => (at, format!("shortcut {rolls:?}, stuck")),
        RecordTurn::Shortcut(rolls, Some(id)) => {
            let to = find(b, n, id)?;
            let total: u32 = rolls.iter().map(|&d| d as u32).sum();
            if shortcut_reach(b, at, total, stop) & bit(to) == 0 {
                return Err(format!(
                    "line {n}: '{id}' is not within {total} squares of '{}' by shortcut moves",
                    b.id(at)
                ));
            }
            (to, format!("shortcut {rolls:?}, up to {total}"))
        }
    })
}

/// The square named `id` on line `n`.
fn find(b: &ShortcutBoard, n: usize, id: &str) -> Result<Square, String> {
    b.find(id)
        .ok_or_else(|| format!("line {n}: unknown square '{id}'"))
}

/// The position as text: each seat's square and turns, the winner or the seat to move.
pub fn position_text(b: &ShortcutBoard, r: &ShortcutReplay) -> String {
    let g = &r.game;
    let mut s = String::new();
    for line in &r.log {
        s += line;
        s.push('\n');
    }
    for seat in 0..g.players as usize {
        let at = g.cars[seat];
        s += &format!(
            "seat {}: {} ({} to the finish), {}\n",
            seat + 1,
            b.id(at),
            b.dist[at as usize],
            crate::numbers::count(g.turns[seat].into(), "turn", "turns")
        );
    }
    match g.winner {
        Some(w) => s += &format!("winner: seat {}\n", w + 1),
        None => s += &format!("to move: seat {}\n", g.to_move + 1),
    }
    s
}

/// The position `replay` reaches on `board`, as pretty-printed JSON with a final line break.
pub fn position_json(board: &ShortcutBoard, replay: &ShortcutReplay) -> String {
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
        "game": super::rules::GAME_NAME,
        "seats": seats,
        "winner": g.winner.map(|w| w + 1),
        "to_move": g.winner.is_none().then_some(g.to_move + 1),
        "log": replay.log,
    });
    serde_json::to_string_pretty(&v).expect("a JSON value serializes") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shortcut_turn_longer_than_the_engine_plays_is_refused() {
        let rolls = vec!["1"; MAX_PRESSES as usize + 1].join(" ");
        let e = ShortcutRecord::parse(&format!("shortcut {rolls} move r5\n")).unwrap_err();
        assert!(e.contains("at most 200 rolls"), "{e}");
    }
}
