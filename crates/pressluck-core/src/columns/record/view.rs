//! A position as JSON or as text for a person: the board, the scores, the turn in hand and the
//! roll awaiting its use.

use super::parse::{dice_text, edition_name};
use super::play::legal_text;
use crate::columns::{
    bust_rolls, ChoiceList, Edition, Game, GameKind, Rules, Variant, MAX_COLUMN, MIN_COLUMN,
};
use crate::dice::{Roll, OUTCOMES};
use serde::Serialize;
use std::fmt::Write as _;

/// Everything needed to show a position.
#[derive(Clone, Copy, Debug)]
pub struct PositionView<'a> {
    /// The rules played.
    pub rules: &'a Rules,
    /// The Route 66 edition (shown for Route 66 only).
    pub edition: Edition,
    /// The variants in force.
    pub variants: &'a [Variant],
    /// The game.
    pub game: &'a Game,
    /// The roll awaiting its use, with its legal uses.
    pub pending: Option<(Roll, ChoiceList)>,
}

/// The JSON form; the first fields are fixed, the rest are extras.
#[derive(Serialize)]
struct PositionJson {
    game: &'static str,
    finished: bool,
    winner: Option<u8>,
    to_move: u8,
    scores: Vec<u16>,
    segments: Vec<SegmentJson>,
    cars: Vec<SpaceJson>,
    edition: Option<&'static str>,
    variants: Vec<&'static str>,
    players: u8,
    rolls_this_turn: u16,
    pending_roll: Option<[u8; 4]>,
    legal_uses: Vec<String>,
    usable: Vec<u8>,
    bust_rolls: u16,
    p_bust: f64,
    /// Whether the player to move wins the game by stopping now.
    stop_wins: bool,
}

/// One segment (column, track) in JSON.
#[derive(Serialize)]
struct SegmentJson {
    segment: u8,
    closed: bool,
    first: Option<u8>,
    second: Option<u8>,
    cubes: Vec<CubeJson>,
    length: u8,
    points: [u8; 2],
}

/// A player's cube in JSON.
#[derive(Serialize)]
struct CubeJson {
    player: u8,
    space: u8,
}

/// A car in JSON.
#[derive(Serialize)]
struct SpaceJson {
    segment: u8,
    space: u8,
}

/// Player `p` as people number players (from 1), unless `p` is the engine's "nobody".
fn who(p: u8) -> Option<u8> {
    (p != crate::columns::NOBODY).then(|| p + 1)
}

impl PositionView<'_> {
    /// The columns 2..=12.
    fn columns() -> impl Iterator<Item = u8> {
        MIN_COLUMN..=MAX_COLUMN
    }

    /// The players holding a cube in column `c`, with its space.
    fn cubes(&self, c: u8) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..self.rules.players)
            .map(move |p| (p, self.game.board.cube(p, c)))
            .filter(|&(_, s)| s > 0)
    }

    /// The position as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.json()).unwrap_or_default()
    }

    /// The position as JSON on one line (the same fields as [`PositionView::to_json`]).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(&self.json()).unwrap_or_default()
    }

    /// The JSON form.
    fn json(&self) -> PositionJson {
        let (rules, game, board) = (self.rules, self.game, &self.game.board);
        let segments = Self::columns()
            .map(|c| SegmentJson {
                segment: c,
                closed: board.closed.has(c),
                first: who(board.first[c as usize]),
                second: who(board.second[c as usize]),
                cubes: self
                    .cubes(c)
                    .map(|(player, space)| CubeJson {
                        player: player + 1,
                        space,
                    })
                    .collect(),
                length: rules.layout.len(c),
                points: [
                    rules.layout.first[c as usize],
                    rules.layout.second[c as usize],
                ],
            })
            .collect();
        let usable = game.usable(rules);
        let busts = bust_rolls(usable);
        PositionJson {
            game: rules.game.name(),
            finished: game.finished(),
            winner: game.winner.map(|w| w + 1),
            to_move: game.to_move + 1,
            scores: board.scores[..rules.players as usize].to_vec(),
            segments,
            cars: game
                .turn
                .cars
                .iter()
                .map(|c| SpaceJson {
                    segment: c,
                    space: game.turn.car(c),
                })
                .collect(),
            edition: (rules.game == GameKind::Route66).then(|| edition_name(self.edition)),
            variants: self.variants.iter().map(|&v| v.name()).collect(),
            players: rules.players,
            rolls_this_turn: game.turn.rolls,
            pending_roll: self.pending.map(|p| p.0 .0),
            legal_uses: self.pending.map_or(Vec::new(), |p| {
                p.1.as_slice().iter().map(|c| c.to_string()).collect()
            }),
            usable: usable.iter().collect(),
            bust_rolls: busts,
            p_bust: busts as f64 / OUTCOMES as f64,
            stop_wins: !game.finished() && {
                let mut stopped = *game;
                stopped.stop(rules);
                stopped.winner == Some(game.to_move)
            },
        }
    }

    /// What stands on space `s` of column `c`: player digits, `@` for the mover's car.
    fn cell(&self, c: u8, s: u8) -> String {
        let mut cell: String = self
            .cubes(c)
            .filter(|&(_, at)| at == s)
            .map(|(p, _)| char::from(b'1' + p))
            .collect();
        let turn = &self.game.turn;
        if turn.cars.has(c) && turn.car(c) == s {
            cell.push('@');
        }
        if cell.is_empty() {
            cell.push('.');
        }
        cell
    }

    /// The position drawn for a person: a row per column, then scores and the turn in hand.
    pub fn to_text(&self) -> String {
        let (rules, game, board) = (self.rules, self.game, &self.game.board);
        let mut out = String::new();
        let variants: Vec<&str> = self.variants.iter().map(|&v| v.name()).collect();
        let _ = write!(out, "{}", rules.game);
        if rules.game == GameKind::Route66 {
            let _ = write!(out, " (edition {})", edition_name(self.edition));
        }
        let _ = writeln!(
            out,
            ", {} players, variants: {}",
            rules.players,
            none_or(&variants.join(", "))
        );
        let _ = writeln!(
            out,
            "cubes are player numbers (1 moves first), @ is a car of the player to move"
        );
        let cells: Vec<Vec<String>> = Self::columns()
            .map(|c| (1..=rules.layout.len(c)).map(|s| self.cell(c, s)).collect())
            .collect();
        let width = cells
            .iter()
            .flatten()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(1);
        let longest = Self::columns()
            .map(|c| rules.layout.len(c) as usize)
            .max()
            .unwrap_or(0);
        for (c, row) in Self::columns().zip(&cells) {
            let spaces: Vec<String> = row.iter().map(|s| format!("{s:>width$}")).collect();
            let line = format!("{c:>2} ({:>2}) | {}", rules.layout.len(c), spaces.join(" "));
            let pad = 9 + longest * (width + 1);
            let _ = match self.column_note(c) {
                note if note.is_empty() => writeln!(out, "{line}"),
                note => writeln!(out, "{line:<pad$}{note}"),
            };
        }
        let scores: Vec<String> = (0..rules.players)
            .map(|p| {
                format!(
                    "player {}: {} {}",
                    p + 1,
                    board.scores[p as usize],
                    unit(rules)
                )
            })
            .collect();
        let _ = writeln!(out, "scores: {}", scores.join(", "));
        if let Some(w) = game.winner {
            let _ = writeln!(out, "game over: player {} wins", w + 1);
            return out;
        }
        let usable = game.usable(rules);
        let busts = bust_rolls(usable);
        let cars: Vec<String> = game
            .turn
            .cars
            .iter()
            .map(|c| format!("{c}@{}", game.turn.car(c)))
            .collect();
        let _ = writeln!(
            out,
            "to move: player {}, {} this turn, cars: {}",
            game.to_move + 1,
            crate::numbers::count(
                game.turn.rolls.into(),
                "successful roll",
                "successful rolls"
            ),
            none_or(&cars.join(" "))
        );
        let _ = writeln!(
            out,
            "next roll: usable {usable}, {busts}/{OUTCOMES} rolls {} ({:.1}%)",
            if rules.game == GameKind::GreatRaces {
                "pass"
            } else {
                "bust"
            },
            100.0 * busts as f64 / OUTCOMES as f64
        );
        if let Some((roll, list)) = self.pending {
            let _ = writeln!(
                out,
                "roll {} awaits its use: {}",
                dice_text(roll),
                legal_text(&list)
            );
        }
        out
    }

    /// The note after a won column's row: winner, second place and their points.
    fn column_note(&self, c: u8) -> String {
        let (b, l) = (&self.game.board, &self.rules.layout);
        let Some(first) = who(b.first[c as usize]) else {
            return String::new();
        };
        if self.rules.game == GameKind::CantStop {
            return format!("  won by player {first}");
        }
        let points = |p: u8| crate::numbers::count(p.into(), "point", "points");
        let mut note = format!("  won by player {first} (+{})", points(l.first[c as usize]));
        match who(b.second[c as usize]) {
            Some(s) => note += &format!(", second player {s} (+{})", points(l.second[c as usize])),
            None => note += ", no second",
        }
        note
    }
}

/// What scores count: points, or (Can't Stop) columns won.
fn unit(rules: &Rules) -> &'static str {
    if rules.game == GameKind::CantStop {
        "columns"
    } else {
        "points"
    }
}

/// `none` for an empty list.
fn none_or(s: &str) -> &str {
    if s.is_empty() {
        "none"
    } else {
        s
    }
}
