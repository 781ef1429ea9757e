//! The Shortcut board file (TOML): a list of squares, each with an id, a colour and the squares
//! it leads to, plus the `[rules]` readings. Reading checks the graph and names the line and
//! square of every problem.

use super::board::{
    bit, Colour, ShortcutBoard, ShortcutRules, Square, SquareSet, DEFAULT_BOARD, MAX_SQUARES,
};
use crate::error::toml_error;
use serde::Deserialize;
use std::collections::HashMap;
use toml::Spanned;

impl ShortcutBoard {
    /// The built-in default board.
    pub fn default_board() -> ShortcutBoard {
        match parse(DEFAULT_BOARD) {
            Ok(b) => b,
            Err(e) => panic!("the built-in board is broken: {e}"),
        }
    }

    /// Reads and checks a board file's text; the error names the line and square.
    pub fn from_toml(text: &str) -> Result<ShortcutBoard, String> {
        parse(text)
    }
}

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    name: String,
    start: Spanned<String>,
    squares: Vec<Entry>,
    #[serde(default)]
    rules: ShortcutRules,
}

/// One square as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: Spanned<String>,
    colour: Spanned<String>,
    #[serde(default)]
    to: Vec<Spanned<String>>,
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// Reads and checks a board file.
pub fn parse(text: &str) -> Result<ShortcutBoard, String> {
    let file: File = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
    let line = |s: &Spanned<String>| line_of(text, s.span().start);
    let n = file.squares.len();
    if n == 0 {
        return Err("no squares: list them in `squares = [...]`".into());
    }
    if n > MAX_SQUARES {
        return Err(format!("{n} squares: a board holds at most {MAX_SQUARES}"));
    }
    // Ids and colours.
    let mut index: HashMap<&str, Square> = HashMap::new();
    let mut colours = Vec::with_capacity(n);
    let mut lines = Vec::with_capacity(n);
    for (i, e) in file.squares.iter().enumerate() {
        let id = e.id.get_ref().as_str();
        let at = line(&e.id);
        lines.push(at);
        if id.trim().is_empty() {
            return Err(format!("line {at}: a square has an empty id"));
        }
        if let Some(&first) = index.get(id) {
            return Err(format!(
                "line {at}: square '{id}': duplicate id (first at line {})",
                lines[first as usize]
            ));
        }
        index.insert(id, i as Square);
        let c = Colour::parse(e.colour.get_ref()).ok_or_else(|| {
            format!(
                "line {}: square '{id}': bad colour '{}' (expected white, grey or finish)",
                line(&e.colour),
                e.colour.get_ref()
            )
        })?;
        colours.push(c);
    }
    let ids: Vec<String> = file
        .squares
        .iter()
        .map(|e| e.id.get_ref().clone())
        .collect();
    let here = |s: usize| format!("line {}: square '{}'", lines[s], ids[s]);
    // The finish.
    let finishes: Vec<usize> = (0..n).filter(|&s| colours[s] == Colour::Finish).collect();
    let finish = match finishes.as_slice() {
        [] => return Err("no finish square: give one square colour = \"finish\"".into()),
        [f] => *f,
        [f, g, ..] => {
            return Err(format!(
                "{}: a second finish square (the first is '{}' at line {})",
                here(*g),
                ids[*f],
                lines[*f]
            ))
        }
    };
    // Edges.
    let mut road_next: Vec<SquareSet> = vec![0; n];
    let mut grey_adj: Vec<SquareSet> = vec![0; n];
    for (s, e) in file.squares.iter().enumerate() {
        if s == finish && !e.to.is_empty() {
            return Err(format!(
                "{}: the finish leads nowhere; `to` must be empty",
                here(s)
            ));
        }
        for t in &e.to {
            let name = t.get_ref().as_str();
            let &u = index.get(name).ok_or_else(|| {
                format!(
                    "line {}: square '{}': unknown square '{name}' in `to`",
                    line(t),
                    ids[s]
                )
            })?;
            let u = u as usize;
            if u == s {
                return Err(format!("{}: leads to itself", here(s)));
            }
            if colours[s] == Colour::Grey || colours[u] == Colour::Grey {
                grey_adj[s] |= bit(u as Square);
                if u != finish {
                    grey_adj[u] |= bit(s as Square);
                }
            } else {
                road_next[s] |= bit(u as Square);
            }
        }
        if colours[s] == Colour::White && road_next[s].count_ones() != 1 {
            return Err(format!(
                "{}: a white square needs exactly one white or finish square in `to` (its next \
                 main-road square), found {}",
                here(s),
                road_next[s].count_ones()
            ));
        }
    }
    // The start and the main road.
    let start_id = file.start.get_ref().as_str();
    let start = *index.get(start_id).ok_or_else(|| {
        format!(
            "line {}: start: unknown square '{start_id}'",
            line(&file.start)
        )
    })? as usize;
    if colours[start] != Colour::White {
        return Err(format!("{}: the start must be a white square", here(start)));
    }
    let mut road = vec![start as Square];
    let mut on_road: SquareSet = bit(start as Square);
    let mut s = start;
    while s != finish {
        let next = road_next[s].trailing_zeros() as usize;
        if on_road & bit(next as Square) != 0 {
            return Err(format!(
                "{}: the main road loops back to '{}' and never reaches the finish",
                here(s),
                ids[next]
            ));
        }
        road.push(next as Square);
        on_road |= bit(next as Square);
        s = next;
    }
    if road.len() > u8::MAX as usize {
        return Err("the main road is too long".into());
    }
    if let Some(w) =
        (0..n).find(|&s| colours[s] == Colour::White && on_road & bit(s as Square) == 0)
    {
        return Err(format!(
            "{}: a white square off the main road from the start",
            here(w)
        ));
    }
    let mut road_index = vec![u8::MAX; n];
    for (i, &s) in road.iter().enumerate() {
        road_index[s as usize] = i as u8;
    }
    // Reachability both ways over every kind of step.
    let step = |s: usize| road_next[s] | if s == finish { 0 } else { grey_adj[s] };
    let mut seen: SquareSet = bit(start as Square);
    let mut frontier = seen;
    while frontier != 0 {
        let mut next = 0;
        for s in super::board::squares(frontier) {
            next |= step(s as usize);
        }
        frontier = next & !seen;
        seen |= next;
    }
    if let Some(s) = (0..n).find(|&s| seen & bit(s as Square) == 0) {
        return Err(format!("{}: cannot be reached from the start", here(s)));
    }
    let mut dist = vec![u8::MAX; n];
    dist[finish] = 0;
    for d in 1..=n as u8 {
        let mut changed = false;
        for s in 0..n {
            if dist[s] == u8::MAX
                && super::board::squares(step(s)).any(|u| dist[u as usize] == d - 1)
            {
                dist[s] = d;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if let Some(s) = (0..n).find(|&s| dist[s] == u8::MAX) {
        return Err(format!("{}: the finish cannot be reached from it", here(s)));
    }
    let set_of = |c: Colour| {
        (0..n)
            .filter(|&s| colours[s] == c)
            .fold(0, |m, s| m | bit(s as Square))
    };
    Ok(ShortcutBoard {
        name: file.name,
        grey: set_of(Colour::Grey),
        white: set_of(Colour::White),
        ids,
        colours,
        start: start as Square,
        finish: finish as Square,
        rules: file.rules,
        road,
        road_index,
        road_next,
        grey_adj,
        dist,
    })
}
