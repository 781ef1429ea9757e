//! A game family as the runner sees it: how to read its policy specs, how to play a chunk
//! of a matchup's games into counters, and how to play a game on from a position (what
//! rollouts, [`crate::sim::rollout`], are made of). The column races (Route 66, Can't Stop),
//! The Great Races, Shortcut and Treasure Hunt are the families ([`crate::games`]).

use super::asked::{SeatSpec, TableSink};
use super::matchup::{Matchup, Named};
use crate::counters::MatchupStats;
use crate::engine::deal::name_key;
use rand_xoshiro::Xoshiro256PlusPlus;

/// How a game played on from a position ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayedOut {
    /// The seat that won, ties broken as the game's rules break them; `None` when the game was
    /// abandoned at the turn limit.
    pub winner: Option<u8>,
    /// Turns each seat has taken at the end, counted from the game's start.
    pub turns: [u32; 4],
}

/// A game family with its rules fixed: the runner's view of it.
pub trait Family: Sync {
    /// A parsed policy spec of this family.
    type Spec: Clone + Named + SeatSpec + Send + Sync;

    /// The game's name in outputs (`route66`, `shortcut`, …).
    fn game_name(&self) -> String;

    /// Seats at the table.
    fn players(&self) -> u8;

    /// The policies a tournament plays when `--policies` is not given.
    fn default_policies(&self) -> &'static str;

    /// Its strongest shipped player at this table under these rules: the rollouts' default
    /// (the catalogue entry's `strongest_player` for the rules as written; the column races
    /// weigh their variants too).
    fn strongest_player(&self) -> &'static str;

    /// The run identity of the rules: the canonical text of the game, the seats, every rule
    /// setting and the board or deck ([`crate::identity`]); runs whose texts differ never merge.
    fn identity(&self) -> String;

    /// Parses one policy spec (or strategy file); the error says what is wrong.
    fn parse_spec(&self, text: &str) -> Result<Self::Spec, String>;

    /// Parses one policy spec whose inner specs (the base player of the column races'
    /// `rollout:BASE`) are read by `inner`, a parse that may know more names (strategies) than
    /// [`Family::parse_spec`]. Families with no spec inside a spec parse as `parse_spec` does.
    fn parse_spec_within(
        &self,
        text: &str,
        inner: &dyn Fn(&str) -> Result<Self::Spec, String>,
    ) -> Result<Self::Spec, String> {
        let _ = inner;
        self.parse_spec(text)
    }

    /// Plays games `lo..hi` of a matchup, one after another, and returns their counters; game
    /// `i` depends only on (seed, `key`, i). Runs key a matchup by its name ([`matchup_key`]);
    /// the tuner keys every candidate alike, so they play the same games.
    fn play(&self, m: &Matchup<Self::Spec>, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats;

    /// A game at a decision: the state of the game, whose turn it is and the turn in hand.
    type Position: Clone + std::fmt::Debug + Eq + std::hash::Hash + Send + Sync;

    /// One policy a seat, ready to play games on from positions; each worker thread plays with
    /// its own clone.
    type Seats: Clone + Send + Sync;

    /// The seats of `specs`, one spec per seat in turn order (as many as [`Family::players`]).
    fn seats(&self, specs: &[Self::Spec]) -> Result<Self::Seats, String>;

    /// The seat to move at `position`, or `None` once the game is over.
    fn to_move(&self, position: &Self::Position) -> Option<u8>;

    /// Turns `seat` has taken at `position`, counted from the game's start.
    fn turns_taken(&self, position: &Self::Position, seat: u8) -> u32;

    /// Plays the game on from `position` to its end: seat `s` played by the `s`-th policy of
    /// `seats`, rolls drawn from `dice` and policies' chances from `rng` (as a tournament's game
    /// is dealt them, `engine::deal::game_streams`). The column races allocate nothing
    /// per roll.
    fn play_out(
        &self,
        seats: &mut Self::Seats,
        position: &Self::Position,
        dice: Xoshiro256PlusPlus,
        rng: Xoshiro256PlusPlus,
    ) -> PlayedOut;

    /// Plays one game from the start at the game's table (`pressluck play`): seat `s` played
    /// by `specs[s]` (one a seat, or one for all), its dice dealt from `seed`, its record told
    /// to `sink` line by line as it is played (the header first). `Ok(true)` when the game was
    /// played to its end, `Ok(false)` when a seat could not answer (a person quit, a bot
    /// faulted, the run was interrupted): the record then ends at that seat's decision.
    fn play_one(
        &self,
        specs: &[Self::Spec],
        seed: u64,
        sink: &mut dyn TableSink,
    ) -> Result<bool, String>;
}

/// The slot of each seat when every seat plays its own policy, in turn order.
pub const SEAT_ORDER: [usize; 4] = [0, 1, 2, 3];

/// Checks that `specs` gives one policy a seat, or one for all (then repeated), at a table
/// of `players`: the policies in seat order.
pub fn one_a_seat<S: Clone>(specs: &[S], players: u8) -> Result<Vec<S>, String> {
    match specs.len() {
        1 => Ok(vec![specs[0].clone(); players as usize]),
        n if n == players as usize => Ok(specs.to_vec()),
        n => Err(format!(
            "{n} policies for {}: give one for every seat or one for all",
            crate::numbers::count(players.into(), "seat", "seats")
        )),
    }
}

/// The key of a matchup's games: the FNV hash of its name, so that adding a policy to a
/// tournament does not change the games of the other matchups.
pub fn matchup_key<S: Named>(m: &Matchup<S>) -> u64 {
    name_key(&m.name())
}

/// The error of a game with no searching player for a spec naming the column races' one
/// (`rollout:…`), or `None` for any other spec: `game` is the game's title.
pub fn no_search(game: &str, text: &str) -> Option<String> {
    let t = text.trim();
    (t == "rollout" || t.starts_with("rollout:")).then(|| {
        crate::error::one_line(&format!(
            "'{t}': the searching player (rollout:BASE) plays Route 66 and Can't Stop only, not {game}"
        ))
    })
}
