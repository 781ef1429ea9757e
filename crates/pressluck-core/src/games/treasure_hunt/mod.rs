//! Treasure Hunt (Michael Roop, a fan game for the Green Box of Games): a card-driven race to
//! claim face-down symbol tiles along a serpentine path. The rules as implemented, with every
//! interpretation, are in `docs/treasure-hunt.md`.
//!
//! `deck` (cards and the default deck), `grid` (tiles and paths), `combos` (claim and steal
//! combinations) and `cheapest` (a hand's cheapest one), `rules` (settings and variants),
//! `state` and `actions` (the position and the checked actions), `rounds` (round scoring),
//! `plan`, `sight` and `policy` (the policies), `play` (the game loop), `record` (replay
//! records), `odds` and `claims_table` (exact claim odds), `view` (the position as text and
//! JSON), `advice` and `played` (a record as `replay`, `advise` and `review` read it), and for
//! rollouts and reviews `position` (a position seen by one player, its unseen cards and tiles
//! dealt anew), `options` (a decision's options) and `walk` (a record as decisions and chance
//! events).
//!
//! The position (`State`) is `Copy` and holds its cards, piles and tiles in fixed arrays, so the
//! engine loop allocates nothing per action. Randomness (shuffles, dice) enters only through the
//! `Chance` trait and the game's generator, so a replay record can script it exactly.

pub(crate) mod actions;
pub(crate) mod advice;
pub(crate) mod cheapest;
pub(crate) mod claims_table;
pub(crate) mod combos;
pub(crate) mod deck;
pub(crate) mod definition;
pub(crate) mod entry;
pub(crate) mod family;
pub(crate) mod grid;
pub(crate) mod odds;
pub(crate) mod options;
pub(crate) mod plan;
pub(crate) mod play;
pub(crate) mod played;
pub(crate) mod policy;
pub(crate) mod position;
pub(crate) mod record;
pub(crate) mod rounds;
pub(crate) mod rules;
pub(crate) mod sight;
pub(crate) mod state;
pub(crate) mod table;
pub(crate) mod view;
pub(crate) mod walk;

pub use actions::StealKind;
pub use advice::{treasure_advice, treasure_advice_text};
pub use cheapest::best_combo;
pub use claims_table::{claims_table, ClaimRow};
pub use combos::{
    best_combo_search, combo_kind, ComboKind, HandMakes, HandMakesCache, HandSummary, RUN_TOPS,
};
pub use deck::{Card, Deck};
pub use deck::{COLOUR_LETTERS, COLOUR_NAMES, DEFAULT_DECK_TOML, SYMBOL_NAMES};
pub use definition::TreasureHunt;
pub use entry::ENTRY;
pub use family::TreasureSeats;
pub use grid::{cell_name, Side, CELLS, FAR_ROW, SIDE};
pub use odds::{claim_counts, sample_claims, ClaimCounts, MAX_SAMPLES};
pub use options::{cards_of, claim_options, move_options, treasure_options};
pub use plan::{Outlook, Targets};
pub use play::{deal, play_game, solitaire_stuck, RngChance};
pub use played::{TreasurePlayed, DEFAULT_ADVISE_TREASURE_POLICIES};
pub use policy::Style;
pub use policy::{Act, ThSpec};
pub use position::{deal_unseen, Pending, ThPosition};
pub use record::{mask_of, replay, with_unlisted_cards};
pub use rules::{ThRules, GAME_NAME};
pub use sight::{PathBits, Sight};
pub use state::State;
pub use state::ThPlayer;
pub use state::{Chance, NONE};
pub use table::TreasureTable;
pub use view::{position_json, position_json_seen, position_text, position_text_seen};
pub use walk::record_walk;
