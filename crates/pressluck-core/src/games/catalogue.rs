//! The catalogue: every game pressluck plays, each registered by one line in [`GAMES`], its
//! entry ([`GameEntry`]) defined in the game's own folder. What a command needs to know of a
//! game before any table is set up — its names, its policy families and default field, how to
//! read one of its policy specs, which game flags it takes — comes from here, never from a
//! match on the game elsewhere.

use super::entry::{GameEntry, GameId};
use crate::columns::GameKind;

/// Every game, one registration line each, in the order listings give them.
pub const GAMES: [&GameEntry; 5] = [
    &super::column_races::ROUTE66,
    &super::column_races::CANT_STOP,
    &super::great_races::ENTRY,
    &super::shortcut::ENTRY,
    &super::treasure_hunt::ENTRY,
];

impl GameId {
    /// The game's entry in the catalogue.
    pub fn entry(self) -> &'static GameEntry {
        GAMES
            .iter()
            .copied()
            .find(|e| e.id == self)
            .expect("every game is registered in GAMES (a test checks it)")
    }

    /// The game named `text` (`route66`, `cant-stop`, …), or an error listing every game.
    pub fn parse(text: &str) -> Result<GameId, String> {
        GAMES
            .iter()
            .find(|e| e.name == text)
            .map(|e| e.id)
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
        match self {
            GameId::Route66 => Some(GameKind::Route66),
            GameId::CantStop => Some(GameKind::CantStop),
            GameId::GreatRaces => Some(GameKind::GreatRaces),
            GameId::Shortcut | GameId::TreasureHunt => None,
        }
    }
}

impl From<GameKind> for GameId {
    fn from(kind: GameKind) -> GameId {
        match kind {
            GameKind::Route66 => GameId::Route66,
            GameKind::CantStop => GameId::CantStop,
            GameKind::GreatRaces => GameId::GreatRaces,
        }
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
            assert_eq!(GAMES.iter().filter(|e| e.id == id).count(), 1, "{id:?}");
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
    fn every_default_field_is_made_of_the_games_own_specs() {
        for e in GAMES {
            for spec in e.default_policies.split(',') {
                assert!((e.spec_name)(spec).is_ok(), "{}: {spec}", e.name);
            }
        }
    }
}
