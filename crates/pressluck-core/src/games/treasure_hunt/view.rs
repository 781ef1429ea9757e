//! A Treasure Hunt position as JSON or as text for a person: the grid (each tile's symbol,
//! owner and cubes), every seat's marker, cubes, hand and symbols held, and whose turn it is.
//! Seats are numbered from 1, as in records. Seen by one seat (a bot's question, a person's
//! board at `pressluck play`), the other seats' hands are their sizes alone; the face-down
//! tiles and the draw pile's order are never shown either way.

use super::deck::{COLOUR_NAMES, SYMBOL_NAMES};
use super::grid::{cell_name, CELLS, FAR_ROW, SIDE};
use super::state::{State, NONE};
use serde::Serialize;
use std::fmt::Write as _;

/// The names of the sides, by [`super::Side`] number.
const SIDE_NAMES: [&str; 4] = ["south", "west", "north", "east"];

/// The JSON form.
#[derive(Serialize)]
struct PositionJson {
    game: &'static str,
    players: u8,
    finished: bool,
    winner: Option<u8>,
    to_move: Option<u8>,
    actions_used: u8,
    moved: bool,
    claimed: bool,
    target: u8,
    row_limit: u8,
    seats: Vec<SeatJson>,
    tiles: Vec<TileJson>,
    draw_pile: u8,
    discard_pile: u8,
}

/// One seat in JSON.
#[derive(Serialize)]
struct SeatJson {
    seat: u8,
    side: &'static str,
    colour: &'static str,
    step: u8,
    cell: String,
    far_row: bool,
    cubes_left: u8,
    /// The hand, unless hidden from the viewer.
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<Vec<String>>,
    /// The hand's size, when the hand is hidden from the viewer.
    #[serde(skip_serializing_if = "Option::is_none")]
    hand_size: Option<u8>,
    held: Vec<u8>,
    turns: u32,
}

/// One tile in JSON: its symbol once revealed, its owner (seat) and cubes.
#[derive(Serialize)]
struct TileJson {
    cell: String,
    symbol: Option<&'static str>,
    owner: Option<u8>,
    cubes: u8,
}

/// The seat (from 1) of player `p`, unless `p` is nobody.
fn seat(p: u8) -> Option<u8> {
    (p != NONE).then(|| p + 1)
}

/// The position as pretty-printed JSON.
pub fn position_json(s: &State) -> String {
    serde_json::to_string_pretty(&json(s, None)).unwrap_or_default()
}

/// The position as seat `viewer` (from 0) may see it, as JSON on one line: the other seats'
/// hands as their sizes.
pub fn position_json_seen(s: &State, viewer: u8) -> String {
    serde_json::to_string(&json(s, Some(viewer))).unwrap_or_default()
}

/// The JSON form, every hand shown or (`viewer`) only the viewer's.
fn json(s: &State, viewer: Option<u8>) -> PositionJson {
    let n = s.rules.players as usize;
    let seats = (0..n)
        .map(|p| {
            let pl = &s.players[p];
            SeatJson {
                seat: p as u8 + 1,
                side: SIDE_NAMES[pl.side.0 as usize & 3],
                colour: COLOUR_NAMES[pl.colour as usize],
                step: pl.step + 1,
                cell: cell_name(s.cell_of(p)),
                far_row: pl.step >= FAR_ROW,
                cubes_left: pl.supply,
                hand: viewer
                    .is_none_or(|v| v as usize == p)
                    .then(|| pl.cards().iter().map(|c| c.to_string()).collect()),
                hand_size: viewer
                    .is_some_and(|v| v as usize != p)
                    .then_some(pl.hand_len),
                held: s.held(p).to_vec(),
                turns: pl.turns,
            }
        })
        .collect();
    let tiles = (0..CELLS as u8)
        .map(|c| TileJson {
            cell: cell_name(c),
            symbol: s.visible(c).map(|k| SYMBOL_NAMES[k as usize]),
            owner: seat(s.owner[c as usize]),
            cubes: s.cubes[c as usize],
        })
        .collect();
    PositionJson {
        game: super::rules::GAME_NAME,
        players: s.rules.players,
        finished: s.finished,
        winner: seat(s.winner),
        to_move: (!s.finished).then_some(s.current + 1),
        actions_used: s.actions,
        moved: s.moved,
        claimed: s.claimed,
        target: s.rules.target,
        row_limit: s.rules.row_limit,
        seats,
        tiles,
        draw_pile: s.pile_len,
        discard_pile: s.discard_len,
    }
}

/// The position drawn for a person: the grid north row first, each tile as its symbol letter
/// (`?` face down), the owning seat (`.` none) and its cubes; then each seat.
pub fn position_text(s: &State) -> String {
    text(s, None)
}

/// [`position_text`] as seat `viewer` (from 0) may see it: the other seats' hands as their
/// sizes.
pub fn position_text_seen(s: &State, viewer: u8) -> String {
    text(s, Some(viewer))
}

/// The position drawn for a person, every hand shown or (`viewer`) only the viewer's.
fn text(s: &State, viewer: Option<u8>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "treasure-hunt, {}: {}",
        crate::numbers::count(s.rules.players.into(), "player", "players"),
        match (s.finished, seat(s.winner)) {
            (true, Some(w)) => format!("seat {w} won"),
            (true, None) => "over, no winner".to_string(),
            _ => format!(
                "seat {} to act ({} of 2 actions used)",
                s.current + 1,
                s.actions
            ),
        }
    );
    let markers = |c: u8| -> String {
        (0..s.rules.players as usize)
            .filter(|&p| s.cell_of(p) == c)
            .map(|p| (b'1' + p as u8) as char)
            .collect()
    };
    for row in (0..SIDE).rev() {
        let _ = write!(out, "{}", row + 1);
        for col in 0..SIDE {
            let c = row * SIDE + col;
            let sym = s.visible(c).map_or('?', |k| (b'A' + k) as char);
            let owner = seat(s.owner[c as usize]).map_or('.', |w| (b'0' + w) as char);
            let cubes = match s.cubes[c as usize] {
                0 => ' ',
                k => (b'0' + k) as char,
            };
            let here = markers(c);
            let at = if here.is_empty() {
                String::new()
            } else {
                format!("@{here}")
            };
            let _ = write!(out, "  {sym}{owner}{cubes}{at:<5}");
        }
        out.push('\n');
    }
    out += " ";
    for col in 0..SIDE {
        let _ = write!(out, "  {:<8}", (b'a' + col) as char);
    }
    out.push('\n');
    out += "tiles: symbol (A anchor, B bell, C crown, D diamond, E eye, F flame; ? face down), owning seat, cubes; @ markers\n";
    for p in 0..s.rules.players as usize {
        let pl = &s.players[p];
        let held: Vec<String> = s
            .held(p)
            .iter()
            .zip(SYMBOL_NAMES)
            .map(|(h, name)| format!("{name} {h}"))
            .collect();
        let hand: Vec<String> = pl.cards().iter().map(|c| c.to_string()).collect();
        let _ = writeln!(
            out,
            "seat {} ({}, {}): step {} of 36 on {}{}, {} left; holds {}; hand {}",
            p + 1,
            SIDE_NAMES[pl.side.0 as usize & 3],
            COLOUR_NAMES[pl.colour as usize],
            pl.step + 1,
            cell_name(s.cell_of(p)),
            if pl.step >= FAR_ROW { " (far row)" } else { "" },
            crate::numbers::count(pl.supply.into(), "cube", "cubes"),
            held.join(", "),
            if viewer.is_some_and(|v| v as usize != p) {
                format!("of {} cards", hand.len())
            } else if hand.is_empty() {
                "empty".to_string()
            } else {
                hand.join(" ")
            }
        );
    }
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}
