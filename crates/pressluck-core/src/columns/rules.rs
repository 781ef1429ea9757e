//! `Rules`: which column-race game is played, in which edition, with which variants, on which
//! board, by how many players.

use super::layout::Layout;
use super::set::{MAX_COLUMN, MIN_COLUMN};
use crate::identity::Identity;
use std::fmt;
use std::str::FromStr;

/// The column-race games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// The Mother Road: Route 66 (Can't Stop with cars, cubes, jumping and points).
    Route66,
    /// Sid Sackson's Can't Stop.
    CantStop,
    /// Sid Sackson's The Great Races: one roll a turn, markers on every track.
    GreatRaces,
}

impl GameKind {
    /// The name used on the command line and in records.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Route66 => "route66",
            GameKind::CantStop => "cant-stop",
            GameKind::GreatRaces => "great-races",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "route66" | "route-66" | "mother-road" => Ok(GameKind::Route66),
            "cant-stop" | "cantstop" => Ok(GameKind::CantStop),
            "great-races" | "greatraces" => Ok(GameKind::GreatRaces),
            "shortcut" | "treasure-hunt" => Err(format!(
                "{s} is not a column race (expected route66, cant-stop or great-races here)"
            )),
            _ => Err(format!(
                "unknown game '{s}' (expected route66, cant-stop, great-races, shortcut or treasure-hunt)"
            )),
        }
    }
}

/// Route 66 rulebook edition: they differ in who may take second place and in segment 2's points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edition {
    /// English: second place to the furthest opponent cube anywhere on the segment.
    En,
    /// German: second place only from spaces marked `*`.
    De,
}

impl Edition {
    /// The editions' names, as `--edition` and records write them.
    pub const NAMES: [&'static str; 2] = ["en", "de"];
}

impl FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "en" => Ok(Edition::En),
            "de" => Ok(Edition::De),
            _ => Err(format!(
                "unknown edition '{s}' (expected {})",
                Edition::NAMES.join(" or ")
            )),
        }
    }
}

/// An optional rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Route 66 variant #1, A More Leisurely Drive: play until all 11 segments are won.
    Leisurely,
    /// Variant #1 read by its token count (`leisurely:10`): "finish all 11 segments instead of
    /// just 8 (ten tokens placed)", played to ten segments won.
    LeisurelyTen,
    /// Route 66 variant #2, A Faster Gear: bring in as many new cars as each roll allows until
    /// all three are in.
    FasterGear,
    /// Can't Stop with Route 66's jump rule: markers jump over spaces holding other players'
    /// markers.
    Jump,
}

impl Variant {
    /// The name used on the command line, in records and in CSV rules labels.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Leisurely => "leisurely",
            Variant::LeisurelyTen => "leisurely:10",
            Variant::FasterGear => "faster-gear",
            Variant::Jump => "jump",
        }
    }

    /// The rule it changes, for telling two readings of one variant apart from two variants:
    /// `leisurely` and `leisurely:10` both read variant #1, so a game takes only one of them.
    pub fn rule(self) -> &'static str {
        match self {
            Variant::Leisurely | Variant::LeisurelyTen => "leisurely",
            v => v.name(),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "leisurely" | "leisurely:11" | "1" => Ok(Variant::Leisurely),
            "leisurely:10" => Ok(Variant::LeisurelyTen),
            "faster-gear" | "2" => Ok(Variant::FasterGear),
            "jump" => Ok(Variant::Jump),
            _ if s.starts_with("leisurely:") => Err(format!(
                "unknown variant '{s}' (A More Leisurely Drive plays to all 11 segments, \
                 leisurely, or to ten tokens placed, leisurely:10)"
            )),
            _ => Err(format!(
                "unknown variant '{s}' (expected leisurely, leisurely:10, faster-gear or jump)"
            )),
        }
    }
}

/// Everything that fixes the game being played. `Copy`, a hundred-odd bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The game.
    pub game: GameKind,
    /// Number of players, 1..=4 (1 = solitaire).
    pub players: u8,
    /// The board.
    pub layout: Layout,
    /// Whether moving or entering jumps over spaces holding other players' cubes.
    pub jump: bool,
    /// Whether A Faster Gear is in force.
    pub faster_gear: bool,
    /// Route 66: the game ends after a stop that leaves this many columns won (The Great Races:
    /// after the turn that wins the last of them).
    pub columns_to_end: u8,
    /// Can't Stop: a player wins on claiming this many columns.
    pub columns_to_win: u8,
    /// Cars (neutral markers) per turn.
    pub cars: u8,
}

impl Rules {
    /// The rules of `game` with its default board and no variants, for `players` players.
    pub fn new(game: GameKind, players: u8) -> Rules {
        let layout = match game {
            GameKind::Route66 => Layout::route66_en(),
            GameKind::CantStop => Layout::cant_stop(),
            GameKind::GreatRaces => Layout::great_races(),
        };
        Rules {
            game,
            players,
            layout,
            jump: game == GameKind::Route66,
            faster_gear: false,
            columns_to_end: if game == GameKind::Route66 { 8 } else { 11 },
            columns_to_win: 3,
            cars: 3,
        }
    }

    /// The Route 66 rules of an edition (its default board).
    pub fn route66(edition: Edition, players: u8) -> Rules {
        let mut r = Rules::new(GameKind::Route66, players);
        if edition == Edition::De {
            r.layout = Layout::route66_de();
        }
        r
    }

    /// The Route 66 edition whose board these rules play (`En` for the other games and for a
    /// board file of another layout).
    pub fn edition(&self) -> Edition {
        if self.game == GameKind::Route66 && self.layout == Layout::route66_de() {
            Edition::De
        } else {
            Edition::En
        }
    }

    /// The variants in force, as the rules' settings show them (their order in records).
    pub fn variants(&self) -> Vec<Variant> {
        let mut v = Vec::new();
        match self.game {
            GameKind::Route66 => {
                match self.columns_to_end {
                    11 => v.push(Variant::Leisurely),
                    10 => v.push(Variant::LeisurelyTen),
                    _ => {}
                }
                if self.faster_gear {
                    v.push(Variant::FasterGear);
                }
            }
            GameKind::CantStop if self.jump => v.push(Variant::Jump),
            _ => {}
        }
        v
    }

    /// Applies a variant, or says why it does not belong to this game.
    pub fn apply_variant(&mut self, v: Variant) -> Result<(), String> {
        match (v, self.game) {
            (Variant::Leisurely, GameKind::Route66) => self.columns_to_end = 11,
            (Variant::LeisurelyTen, GameKind::Route66) => self.columns_to_end = 10,
            (Variant::FasterGear, GameKind::Route66) => self.faster_gear = true,
            (Variant::Jump, GameKind::CantStop) => self.jump = true,
            (v, g) => {
                let only = match v {
                    Variant::Jump => GameKind::CantStop,
                    _ => GameKind::Route66,
                };
                let name = v.name();
                return Err(format!(
                    "variant {name} does not apply to {g} (it is a {only} variant)"
                ));
            }
        }
        Ok(())
    }

    /// The run identity of these rules ([`crate::identity`]): the game, the seats, every rule
    /// setting and the board column by column (2 to 12), so that an edition, a variant or a
    /// board file shows as the settings it changes.
    pub fn identity(&self) -> String {
        let l = &self.layout;
        let columns = MIN_COLUMN as usize..=MAX_COLUMN as usize;
        Identity::of_game(self.game.name())
            .field("players", self.players)
            .field("cars", self.cars)
            .flag("jump", self.jump)
            .flag("faster-gear", self.faster_gear)
            .field("columns-to-end", self.columns_to_end)
            .field("columns-to-win", self.columns_to_win)
            .list("length", columns.clone().map(|c| l.length[c]))
            .list("first", columns.clone().map(|c| l.first[c]))
            .list("second", columns.clone().map(|c| l.second[c]))
            .list("second-spaces", columns.map(|c| l.second_spaces[c]))
            .text()
    }

    /// Whether the game has a stopping decision (all but The Great Races).
    pub fn has_turns_of_many_rolls(&self) -> bool {
        self.game != GameKind::GreatRaces
    }

    /// Whether another player's cube on space `s` of column `c` can take second place when the
    /// column is won: never in Can't Stop, else from the layout's second-place spaces.
    #[inline]
    pub fn takes_second(&self, c: u8, s: u8) -> bool {
        self.game != GameKind::CantStop
            && s > 0
            && self.layout.second_spaces[c as usize] & (1 << s) != 0
    }
}
