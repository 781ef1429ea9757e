//! Shortcut policies: the specs users name (`main-road`, `press:N`, `threshold:T`, `optimal`)
//! and the policies built from them, which answer the three questions of a turn — what to
//! announce, whether to press on, and where to move.

use super::board::{bit, ShortcutBoard, Square, SquareSet};
use super::duel::Duel;
use super::rules::{closest, push_targets};
use super::setup::ShortcutSetup;
use super::solver::{ShortcutChoice, Solution};
use crate::games::asked::{AskedSeat, SeatSpec};
use std::sync::Arc;

/// Most successful rolls a `press:N` policy may plan, and the largest `threshold:T`.
pub const MAX_PARAM: u32 = 60;

/// The Shortcut policies for `pressluck policies`: spec syntax and one line each.
pub const SHORTCUT_FAMILIES: [(&str, &str); 4] = [
    ("main-road", "always the main road (pushing over the finish when one square away)"),
    ("press:N", "always the shortcut, stopping after N successful rolls or once the finish is in reach"),
    ("threshold:T", "the main road, but the shortcut on grey squares, at entrances and within T squares of the finish; presses until the total is T or the finish is in reach"),
    ("optimal", "solved exactly by value iteration: alone the fewest expected turns, at 2 players the highest chance to win; at 3-4 players the solitaire optimum, steering round blocked grey squares"),
];

/// The Shortcut policies a tournament plays when `--policies` is not given.
pub const DEFAULT_SHORTCUT_POLICIES: &str = "optimal,threshold:3,main-road,press:1";

/// The kinds of built-in Shortcut policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Always the main road (pushing over the finish when one square away).
    MainRoad,
    /// Always the shortcut, stopping after N successful rolls or once the finish is in reach.
    Press(u32),
    /// The main road, except the shortcut on grey squares, at shortcut entrances and within T
    /// squares of the finish; presses until the total is T or the finish is in reach.
    Threshold(u32),
    /// The exact optimum (value iteration): alone the fewest expected turns, at two players
    /// the highest chance to win; at three or four players the solitaire optimum.
    Optimal,
}

/// A parsed Shortcut policy spec with its canonical name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortcutSpec {
    /// The canonical name, like `press:2`.
    pub name: String,
    /// What it does (unused when the seat is asked).
    pub kind: Kind,
    /// The seat's asker, when a bot or a person takes it: then it plays at the table
    /// (`super::table`).
    pub asked: Option<AskedSeat>,
}

impl SeatSpec for ShortcutSpec {
    fn asked(seat: AskedSeat) -> ShortcutSpec {
        ShortcutSpec {
            name: seat.name.clone(),
            kind: Kind::MainRoad,
            asked: Some(seat),
        }
    }

    fn asked_seat(&self) -> Option<&AskedSeat> {
        self.asked.as_ref()
    }
}

impl ShortcutSpec {
    /// The spec names, one line each, for error messages and listings.
    pub const HELP: &'static str = "main-road, press:N, threshold:T or optimal";

    /// Parses `main-road`, `press:N`, `threshold:T` or `optimal`.
    pub fn parse(text: &str) -> Result<ShortcutSpec, String> {
        if let Some(e) = crate::games::family::no_search("Shortcut", text) {
            return Err(e);
        }
        let text = text.trim();
        let (head, param) = match text.split_once(':') {
            Some((h, p)) => (h, Some(p.trim())),
            None => (text, None),
        };
        let number = |what: &str| -> Result<u32, String> {
            let p = param.ok_or_else(|| format!("'{text}': {head} needs {what}, like {head}:3"))?;
            match p.parse::<u32>() {
                Ok(n) if (1..=MAX_PARAM).contains(&n) => Ok(n),
                _ => Err(format!(
                    "'{text}': {what} must be a whole number from 1 to {MAX_PARAM}"
                )),
            }
        };
        let kind = match head {
            "main-road" | "main" if param.is_none() => Kind::MainRoad,
            "optimal" if param.is_none() => Kind::Optimal,
            "press" => Kind::Press(number("a press limit")?),
            "threshold" => Kind::Threshold(number("a total")?),
            "main-road" | "main" | "optimal" => {
                return Err(format!("'{text}': {head} takes no parameter"))
            }
            _ => {
                return Err(format!(
                    "unknown Shortcut policy '{text}' (expected {})",
                    Self::HELP
                ))
            }
        };
        let name = kind.spec_text();
        Ok(ShortcutSpec {
            name,
            kind,
            asked: None,
        })
    }

    /// The canonical spec of what it plays (`press:2`), whatever name it reports under (an
    /// asked seat: its definition).
    pub fn spec_text(&self) -> String {
        match &self.asked {
            Some(seat) => seat.definition(),
            None => self.kind.spec_text(),
        }
    }
}

impl Kind {
    /// The canonical spec of the policy: `main-road`, `optimal`, `press:N` or `threshold:T`.
    fn spec_text(self) -> String {
        match self {
            Kind::MainRoad => "main-road".to_string(),
            Kind::Optimal => "optimal".to_string(),
            Kind::Press(n) => format!("press:{n}"),
            Kind::Threshold(t) => format!("threshold:{t}"),
        }
    }
}

/// What a car does with its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Announce {
    /// Roll for the main road.
    Main,
    /// Roll for the shortcut.
    Shortcut,
    /// Push one square, to this square.
    Push(Square),
}

/// The position as a policy sees it: the board, every car's square, the car's seat and square
/// and the grey squares other cars block.
#[derive(Clone, Copy, Debug)]
pub struct Ctx<'a> {
    /// The board.
    pub board: &'a ShortcutBoard,
    /// Every seat's square, in seat order.
    pub cars: &'a [Square],
    /// The seat of the car to move.
    pub seat: usize,
    /// The car's square.
    pub at: Square,
    /// Squares the car may not enter or pass.
    pub blocked: SquareSet,
}

impl Ctx<'_> {
    /// The square of the next seat's car (the other car of a two-player game).
    #[inline]
    pub fn next_car(&self) -> Square {
        self.cars
            .get((self.seat + 1) % self.cars.len().max(1))
            .copied()
            .unwrap_or(self.at)
    }
}

/// A policy ready to play (the optimal one shares its board's solution).
#[derive(Clone, Debug)]
pub enum ShortcutPolicy {
    /// See `Kind::MainRoad`.
    MainRoad,
    /// See `Kind::Press`.
    Press(u32),
    /// See `Kind::Threshold`.
    Threshold(u32),
    /// See `Kind::Optimal`, played alone or by three or four.
    Optimal(Arc<Solution>),
    /// See `Kind::Optimal`, played by two: the two-player solution.
    Duel(Arc<Duel>),
}

impl ShortcutPolicy {
    /// Builds the policy of a spec; `solution` is asked for only by `optimal`.
    pub fn build(spec: &ShortcutSpec, solution: impl FnOnce() -> Arc<Solution>) -> ShortcutPolicy {
        match spec.kind {
            Kind::MainRoad => ShortcutPolicy::MainRoad,
            Kind::Press(n) => ShortcutPolicy::Press(n),
            Kind::Threshold(t) => ShortcutPolicy::Threshold(t),
            Kind::Optimal => ShortcutPolicy::Optimal(solution()),
        }
    }

    /// The policy of a spec in `setup`: `optimal` plays the two-player solution at two seats
    /// and the solitaire one otherwise; the error says if the solution could not be found.
    pub fn for_setup(spec: &ShortcutSpec, setup: &ShortcutSetup) -> Result<ShortcutPolicy, String> {
        Ok(match spec.kind {
            Kind::MainRoad => ShortcutPolicy::MainRoad,
            Kind::Press(n) => ShortcutPolicy::Press(n),
            Kind::Threshold(t) => ShortcutPolicy::Threshold(t),
            Kind::Optimal if setup.players == 2 => ShortcutPolicy::Duel(setup.duel()?),
            Kind::Optimal => ShortcutPolicy::Optimal(setup.solution()?),
        })
    }

    /// The announcement at the start of a turn.
    // Kept in the game loop: with the table also calling it, the compiler left it out of line
    // and Shortcut lost 6% of its speed.
    #[inline(always)]
    pub fn announce(&self, c: &Ctx) -> Announce {
        let b = c.board;
        let pushes = push_targets(b, c.at, c.blocked);
        let choice = match self {
            ShortcutPolicy::Optimal(sol) => Some(sol.choose(c.at, pushes)),
            ShortcutPolicy::Duel(duel) => Some(duel.choose(c.at, c.next_car(), pushes)),
            _ => None,
        };
        if let Some(choice) = choice {
            return match choice {
                ShortcutChoice::Main => Announce::Main,
                ShortcutChoice::Push(u) => Announce::Push(u),
                ShortcutChoice::Shortcut => Announce::Shortcut,
            };
        }
        if pushes & bit(b.finish) != 0 {
            return Announce::Push(b.finish);
        }
        let on_road = b.is_white(c.at);
        match self {
            ShortcutPolicy::MainRoad if on_road => Announce::Main,
            ShortcutPolicy::Threshold(t) if on_road => {
                let entrance = b.grey_adj[c.at as usize] != 0;
                if entrance || u32::from(b.dist[c.at as usize]) <= *t {
                    Announce::Shortcut
                } else {
                    Announce::Main
                }
            }
            _ => Announce::Shortcut,
        }
    }

    /// After `rolls` successful shortcut rolls totalling `total`, with `reach` the squares a
    /// move may now end on: whether to roll again.
    pub fn keep_pressing(&self, c: &Ctx, rolls: u32, total: u32, reach: SquareSet) -> bool {
        let finish_in_reach = reach & bit(c.board.finish) != 0;
        match self {
            ShortcutPolicy::MainRoad => false,
            ShortcutPolicy::Press(n) => rolls < *n && !finish_in_reach,
            ShortcutPolicy::Threshold(t) => total < *t && !finish_in_reach,
            ShortcutPolicy::Optimal(sol) => sol.press_on(c.at, total) < sol.best(reach),
            ShortcutPolicy::Duel(duel) => {
                let y = c.next_car();
                let stop = duel
                    .best_square(y, reach)
                    .map_or(f64::NEG_INFINITY, |(_, a)| a);
                duel.press_on(c.at, y, total) > stop
            }
        }
    }

    /// Where to move at the end of a successful shortcut, among `reach` (which holds `c.at`).
    // Kept in the game loop: with the table also calling it, the compiler left it out of line
    // and Shortcut lost 6% of its speed.
    #[inline(always)]
    pub fn choose_move(&self, c: &Ctx, reach: SquareSet) -> Square {
        let pick = match self {
            ShortcutPolicy::Optimal(sol) => sol.best_square(reach),
            ShortcutPolicy::Duel(duel) => duel.best_square(c.next_car(), reach).map(|(u, _)| u),
            _ => closest(c.board, reach),
        };
        pick.unwrap_or(c.at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_to_canonical_names() {
        for (t, n) in [
            ("main-road", "main-road"),
            ("main", "main-road"),
            ("press:2", "press:2"),
            (" threshold: 6", "threshold:6"),
            ("optimal", "optimal"),
        ] {
            assert_eq!(ShortcutSpec::parse(t).unwrap().name, n);
        }
        for bad in [
            "press",
            "press:0",
            "press:x",
            "optimal:3",
            "ev",
            "threshold:99",
        ] {
            assert!(ShortcutSpec::parse(bad).is_err(), "{bad}");
        }
    }
}
