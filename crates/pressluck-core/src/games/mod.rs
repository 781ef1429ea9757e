//! The games, one folder each: The Mother Road: Route 66 and Can't Stop ([`column_races`]),
//! The Great Races ([`great_races`]), Shortcut ([`shortcut`]) and Treasure Hunt
//! ([`treasure_hunt`]), each a [`Family`] the runner plays; the strategies known by name
//! (`strategy_book`) and the wrapper that lets a game's policy lists name them
//! (`with_strategies`); the seats that are asked their decisions, bots and people
//! ([`asked`]).

pub mod asked;
pub(crate) mod catalogue;
pub mod column_races;
pub(crate) mod decision;
pub(crate) mod definition;
pub(crate) mod entry;
pub(crate) mod family;
pub mod great_races;
pub(crate) mod matchup;
pub(crate) mod odds_table;
pub(crate) mod options;
pub(crate) mod record;
pub mod shortcut;
pub(crate) mod spec_list;
pub(crate) mod strategies;
pub(crate) mod strategy_book;
pub(crate) mod table_games;
pub mod treasure_hunt;
pub(crate) mod use_family;
pub(crate) mod with_strategies;

pub use catalogue::{GameId, GameSetup, GAMES};
pub use column_races::ColumnFamily;
pub use decision::{Options, Walk, WalkStep};
pub use definition::GameDefinition;
pub use entry::GameFlags;
pub use entry::{variant_word, GameEntry};
pub use family::{matchup_key, Family};
pub use family::{one_a_seat, PlayedOut, SEAT_ORDER};
pub use great_races::RacesFamily;
pub use matchup::{Matchup, Named};
pub use odds_table::{check_samples, parse_columns, OddsRequest, OddsView, UseRows};
pub use options::{read_game_file, GameOptions};
pub use record::GAME_OVER;
pub use record::{Advisable, Decided, GameRecord, RecordLabel, RecordOptions, UseRecord};
pub use shortcut::family::ShortcutFamily;
pub use spec_list::join_spec_parts;
pub use strategies::{parse_column_spec, parse_with_strategies, Strategies};
pub use strategy_book::StrategyBook;
pub use strategy_book::{Strategy, COLUMN_GAMES};
pub use treasure_hunt::family::TreasureFamily;
pub use use_family::UseFamily;
pub use with_strategies::WithStrategies;
