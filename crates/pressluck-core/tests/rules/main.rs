//! The rules as the rulebooks write them: every worked example and rule of Route 66, Can't
//! Stop, The Great Races, Shortcut and Treasure Hunt, played through records and positions,
//! and the rules' invariants over random games.

mod records;
mod treasure;

mod column_properties;
mod game_end;
mod identity;
mod other_games;
mod route66_cant_stop_audit;
mod rulebook_examples;
mod shortcut;
mod shortcut_board;
mod treasure_audit;
mod treasure_claims;
mod treasure_properties;
mod treasure_steal_victory;
