//! The catalogue: every game pressluck plays, each registered by one line in the
//! `catalogue!` below, its [`GameDefinition`] implemented in the game's own folder. The
//! registration makes the game's [`GameId`] value, its line in [`GAMES`] and its arm in
//! [`GameSetup`]; what a command needs to know of a game — its names, policy families and
//! default field, how to read its specs, its flags, its setup from them and the family the
//! runner plays — comes from here, never from a match on the game elsewhere.

use super::definition::GameDefinition;
use super::entry::GameEntry;
use super::odds_table::{OddsRequest, UseRows};
use super::options::GameOptions;
use super::record::{GameRecord, RecordOptions, UseRecord};
use super::use_family::UseFamily;
use crate::columns::{GameKind, Rules};
use crate::engine::cpu::EngineRequest;

/// Makes, from one line a game (`Id => the type implementing GameDefinition`): [`GameId`],
/// [`GAMES`], [`GameSetup`], and the matches that hand each game's own types their work.
macro_rules! catalogue {
    ($($(#[doc = $doc:literal])* $id:ident => $game:ty;)*) => {
        /// The games pressluck plays: one value each, in the catalogue's order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($(#[doc = $doc])* $id,)*
        }

        /// Every game's entry, in the order listings give them.
        pub const GAMES: &[&GameEntry] = &[$(<$game as GameDefinition>::ENTRY,)*];

        impl GameId {
            /// Every game, in the catalogue's order.
            pub const ALL: &[GameId] = &[$(GameId::$id,)*];

            /// The game's entry in the catalogue.
            pub fn entry(self) -> &'static GameEntry {
                match self {
                    $(GameId::$id => <$game as GameDefinition>::ENTRY,)*
                }
            }
        }

        /// A validated game of any kind, ready to play: its rules, board or deck, and seats.
        #[derive(Clone, Debug)]
        pub enum GameSetup {
            $($(#[doc = $doc])* $id(<$game as GameDefinition>::Setup),)*
        }

        impl GameId {
            /// The game set up from the game flags `options`: flags of other games and a
            /// variant given twice are refused first; every error is one line naming the flag.
            pub fn setup(self, options: &GameOptions) -> Result<GameSetup, String> {
                options.check_applicable(self.entry())?;
                match self {
                    $(GameId::$id => <$game as GameDefinition>::setup(options).map(GameSetup::$id),)*
                }
            }

            /// Reads the record `bytes` of the file `shown` as a record of this game under the
            /// record flags `options`, and does `work` with it; errors name the file and the
            /// line, or the flag.
            pub fn read_record<W: UseRecord>(
                self,
                shown: &str,
                bytes: &[u8],
                options: &RecordOptions,
                work: W,
            ) -> Result<W::Output, String> {
                match self {
                    $(GameId::$id => Ok(work.with(
                        <<$game as GameDefinition>::Record as GameRecord>::read(shown, bytes, options)?,
                    )),)*
                }
            }

            /// The name of the built-in board (or deck) the flags `options` play on.
            pub fn builtin_board(self, options: &GameOptions) -> &'static str {
                match self {
                    $(GameId::$id => <$game as GameDefinition>::builtin_board(options),)*
                }
            }
        }

        impl GameSetup {
            /// The game.
            pub fn id(&self) -> GameId {
                match self {
                    $(GameSetup::$id(_) => GameId::$id,)*
                }
            }

            /// The table of `pressluck odds` that `request` asks, handed to `work`; errors name
            /// the flag.
            pub fn odds<U: UseRows>(
                &self,
                request: &OddsRequest,
                work: U,
            ) -> Result<U::Output, String> {
                match self {
                    $(GameSetup::$id(s) => <$game as GameDefinition>::odds(s, request, work),)*
                }
            }

            /// The column rules of Route 66, Can't Stop or The Great Races.
            pub fn column_rules(&self) -> Option<&Rules> {
                match self {
                    $(GameSetup::$id(s) => <$game as GameDefinition>::column_rules(s),)*
                }
            }

            /// Does `work` with this game's family, its column races (if any) played by the
            /// engine `engine` asks for: each arm is its own instance of the generic work. (A
            /// command's policy lists name strategies too: [`GameSetup::play_with`].)
            pub fn play_family<U: UseFamily>(self, engine: EngineRequest, work: U) -> U::Output {
                match self {
                    $(GameSetup::$id(s) => work.with(<$game as GameDefinition>::family(s, engine)),)*
                }
            }
        }
    };
}

catalogue! {
    /// The Mother Road: Route 66.
    Route66 => super::column_races::Route66;
    /// Can't Stop.
    CantStop => super::column_races::CantStop;
    /// The Great Races.
    GreatRaces => super::great_races::GreatRaces;
    /// Shortcut.
    Shortcut => super::shortcut::Shortcut;
    /// Treasure Hunt.
    TreasureHunt => super::treasure_hunt::TreasureHunt;
}

impl GameId {
    /// The game named `text` (`route66`, `cant-stop`, …), or an error listing every game.
    pub fn parse(text: &str) -> Result<GameId, String> {
        GameId::ALL
            .iter()
            .copied()
            .find(|g| g.name() == text)
            .ok_or_else(|| format!("unknown game '{text}' (expected {})", names_text()))
    }

    /// The name on the command line and in outputs.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The title, for people.
    pub fn title(self) -> &'static str {
        self.entry().title
    }

    /// The column race it is, for the three games played on the column board.
    pub fn column_kind(self) -> Option<GameKind> {
        self.entry().column_kind
    }
}

impl From<GameKind> for GameId {
    fn from(kind: GameKind) -> GameId {
        GameId::ALL
            .iter()
            .copied()
            .find(|g| g.column_kind() == Some(kind))
            .expect("every column race is registered in GAMES (a test checks it)")
    }
}

/// Every game's name, for errors: `route66, cant-stop, great-races, shortcut or treasure-hunt`.
pub fn names_text() -> String {
    let names: Vec<&str> = GAMES.iter().map(|e| e.name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_registered_once_under_its_own_id_and_name() {
        for id in [
            GameId::Route66,
            GameId::CantStop,
            GameId::GreatRaces,
            GameId::Shortcut,
            GameId::TreasureHunt,
        ] {
            assert_eq!(
                GameId::ALL.iter().filter(|&&g| g == id).count(),
                1,
                "{id:?}"
            );
            let at = GameId::ALL.iter().position(|&g| g == id).unwrap();
            assert_eq!(id.entry().name, GAMES[at].name);
            assert_eq!(GameId::parse(id.name()), Ok(id));
            if let Some(kind) = id.column_kind() {
                assert_eq!(kind.name(), id.name());
                assert_eq!(GameId::from(kind), id);
            }
        }
        assert_eq!(
            names_text(),
            "route66, cant-stop, great-races, shortcut or treasure-hunt"
        );
        assert!(GameId::parse("chess")
            .unwrap_err()
            .contains("treasure-hunt"));
    }

    #[test]
    fn every_strongest_player_is_a_spec_or_shipped_strategy_of_its_game() {
        let book = crate::games::StrategyBook::builtin();
        for e in GAMES {
            for players in 1..=4 {
                let name = (e.strongest_player)(players);
                let known = matches!(book.strategy(e.name, name), Ok(Some(_)))
                    || (e.spec_name)(name).is_ok();
                assert!(known, "{} at {players}: {name}", e.name);
            }
        }
    }

    #[test]
    fn every_variant_a_game_offers_is_one_its_setup_takes() {
        for &id in GameId::ALL {
            for &text in id.entry().variants {
                // `N` stands for a number: one of these is in its range.
                let texts: Vec<String> = match text.strip_suffix(":N") {
                    Some(word) => ["1", "2", "5", "10", "100"]
                        .iter()
                        .map(|n| format!("{word}:{n}"))
                        .collect(),
                    None => vec![text.to_string()],
                };
                let taken = texts.iter().any(|v| {
                    (1..=2).any(|players| {
                        let options = GameOptions {
                            players,
                            variants: vec![v.clone()],
                            ..GameOptions::default()
                        };
                        id.setup(&options).is_ok()
                    })
                });
                assert!(taken, "{}: --variant {text}", id.name());
            }
        }
    }

    #[test]
    fn every_default_field_is_made_of_the_games_own_specs() {
        for e in GAMES {
            for spec in e.default_policies.split(',') {
                assert!((e.spec_name)(spec).is_ok(), "{}: {spec}", e.name);
            }
        }
    }
}
