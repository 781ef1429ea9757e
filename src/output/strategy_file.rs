//! A tuned strategy as a strategy file: its description, its game, its spec, and where it came
//! from — the command, the run's game and seed, the search's size and the validation figures.
//! It holds what a strategy file is read with (`description`, `game`, `policy`) and a
//! `[provenance]` table kept for people.

use serde::Serialize;

/// The file as written.
#[derive(Debug, Serialize)]
pub struct StrategyFile {
    /// One line on what it is.
    pub description: String,
    /// The game its spec is for (the spec is in that game's language).
    pub game: String,
    /// The spec.
    pub policy: String,
    /// Where it came from.
    pub provenance: TuneProvenance,
}

/// How a tuned strategy was found and checked.
#[derive(Debug, Serialize)]
pub struct TuneProvenance {
    /// The command line that found it.
    pub command: String,
    /// The game, seats, rules and board.
    pub game: String,
    /// Seats.
    pub players: u8,
    /// The rules label.
    pub rules: String,
    /// The board label.
    pub board: String,
    /// The template searched.
    pub template: String,
    /// The opponents (none alone).
    pub against: Vec<String>,
    /// Games a candidate played against each opponent.
    pub games: u64,
    /// Candidate evaluations spent.
    pub evaluations: usize,
    /// Generations.
    pub generations: usize,
    /// The run's seed.
    pub seed: u64,
    /// The figures on fresh games.
    pub validation: Vec<ValidationFigure>,
}

/// The tuned spec's figure against one opponent (or alone), on games the search never saw.
#[derive(Debug, Serialize)]
pub struct ValidationFigure {
    /// The opponent (empty alone).
    pub opponent: String,
    /// Games.
    pub games: u64,
    /// The objective: the win rate, or alone the mean turns.
    pub objective: f64,
    /// Its 95% interval.
    pub ci95_low: f64,
    /// Its 95% interval.
    pub ci95_high: f64,
}

impl StrategyFile {
    /// The TOML text.
    pub fn to_toml(&self) -> anyhow::Result<String> {
        Ok(toml::to_string(self)?)
    }
}
