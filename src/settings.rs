//! Validated settings: what each command runs with once [`crate::cli`] has checked the command
//! line. A value here is always valid (games in range, output paths writable, policy specs
//! parsed for their game, files read), so a command does its work without checking flags.

use crate::output::destination::Destination;
use crate::output::provenance::Provenance;
use crate::output::table::TableFormat;
use pressluck_core::columns::ColumnSet;
use pressluck_core::dice::Roll;
use pressluck_core::games::column_races::HandPosition;
use pressluck_core::games::great_races::RacePosition;
use pressluck_core::games::StrategyBook;
use pressluck_core::games::{
    Family, GameId, GameRecord, GameSetup, Matchup, OddsRequest, RecordOptions, UseRecord,
};
use pressluck_core::sim::Shard;
use pressluck_core::template::SearchSpace;
use std::io::Write;
use std::path::PathBuf;

/// How a run is split and saved: the shard it plays, and its checkpoint files.
#[derive(Clone, Debug)]
pub struct Control {
    /// The shard played.
    pub shard: Shard,
    /// Whether `--out` gets raw counters (a `--shard` run) rather than the result table.
    pub sharded_output: bool,
    /// Where to save checkpoints.
    pub checkpoint: Option<Destination>,
    /// The checkpoint to resume from.
    pub resume: Option<PathBuf>,
}

/// What every run of many games shares: its family, identity, size, threads and files.
#[derive(Clone, Debug)]
pub struct RunSettings<F: Family> {
    /// The game family with its rules.
    pub family: F,
    /// The run's game, seats, rules, board and seed, as the CSVs say them.
    pub provenance: Provenance,
    /// Games per matchup.
    pub games: u64,
    /// Seed.
    pub seed: u64,
    /// Result table (a shard's counters under `--shard`).
    pub out: Destination,
    /// The result table's format.
    pub format: TableFormat,
    /// Threads (None = all cores).
    pub threads: Option<usize>,
    /// No progress bar or summary.
    pub quiet: bool,
    /// Shard, checkpoint and resume.
    pub control: Control,
}

/// `pressluck tournament`.
#[derive(Clone, Debug)]
pub struct TournamentSettings<F: Family> {
    /// The run.
    pub run: RunSettings<F>,
    /// The matchups.
    pub matchups: Vec<Matchup<F::Spec>>,
    /// Stop-table CSV.
    pub stop_table: Option<Destination>,
    /// Chart.
    pub svg: Option<Destination>,
}

/// `pressluck play`.
pub struct PlaySettings<F: Family> {
    /// The game's family.
    pub family: F,
    /// Each seat's player, in seat order (a person is an asked seat).
    pub seats: Vec<F::Spec>,
    /// The seed of the game's dice.
    pub seed: u64,
    /// Whether the seed was drawn (no `--seed`): then it is printed.
    pub seed_drawn: bool,
    /// Where the record goes as it is written, if anywhere.
    pub out: Option<RecordOut>,
    /// The game, as the board and hints read its record.
    pub table: TableGame,
    /// The person at the table, if any.
    pub person: Option<std::sync::Arc<dyn Person>>,
    /// Where the words for people go.
    pub screen: Screen,
    /// The command line, for the record's first comment.
    pub command: String,
}

/// What `play` asks of the person at its table (`crate::players::human::Human`) once the
/// game is over or stopped.
pub trait Person: Send + Sync {
    /// Whether the person quit (or their input ended).
    fn quit(&self) -> bool;
}

/// Where the table's words for people go: standard output, or standard error when the record
/// goes to standard output.
#[derive(Clone, Copy, Debug)]
pub struct Screen {
    /// Whether to standard error.
    pub to_stderr: bool,
}

impl Screen {
    /// Prints `text` (its own line breaks included) and flushes.
    pub fn print(self, text: &str) {
        if self.to_stderr {
            let mut e = std::io::stderr().lock();
            let _ = e.write_all(text.as_bytes());
            let _ = e.flush();
        } else {
            let mut o = std::io::stdout().lock();
            let _ = o.write_all(text.as_bytes());
            let _ = o.flush();
        }
    }
}

/// The game at the table, as a person's board and hints read it: the game, the record flags
/// its record is read under, the hints' rollouts.
#[derive(Clone, Debug)]
pub struct TableGame {
    /// The game.
    pub game: GameId,
    /// The flags its record is read under (a board or deck file).
    pub options: RecordOptions,
    /// The hints' rollouts (their number, seed, threads, policies and strategies).
    pub hint: RolloutSettings,
}

impl TableGame {
    /// The board the record `record` reaches, drawn as `replay` draws it (as seat `seat`, from
    /// 0, may see it; all of it when `None`).
    pub fn board(&self, record: &str, seat: Option<u8>) -> String {
        struct Board(Option<u8>);
        impl UseRecord for Board {
            type Output = String;
            fn with<R: GameRecord>(self, record: R) -> String {
                match self.0 {
                    Some(seat) => record.position_text_for(seat),
                    None => record.position_text(),
                }
            }
        }
        self.game
            .read_record("the game", record.as_bytes(), &self.options, Board(seat))
            .unwrap_or_else(|e| format!("(the board cannot be drawn: {e})\n"))
    }
}

/// Where `pressluck play` writes its record, line by line as the game goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordOut {
    /// Standard output (`--out -`).
    Stdout,
    /// A file: created, or (`--force`) replaced.
    File {
        /// The file.
        path: PathBuf,
        /// Whether an existing file is replaced.
        force: bool,
    },
}

/// `pressluck sweep`.
#[derive(Clone, Debug)]
pub struct SweepSettings<F: Family> {
    /// The run.
    pub run: RunSettings<F>,
    /// The template as given.
    pub template: String,
    /// The points: parameter text and the parsed spec.
    pub points: Vec<(String, F::Spec)>,
    /// The opponents (empty for solitaire).
    pub opponents: Vec<F::Spec>,
    /// Chart.
    pub svg: Option<Destination>,
}

/// `pressluck tune`.
#[derive(Clone, Debug)]
pub struct TuneSettings<F: Family> {
    /// The game family with its rules.
    pub family: F,
    /// The run's game, seats, rules, board and seed.
    pub provenance: Provenance,
    /// The template as given.
    pub template: String,
    /// Its box.
    pub space: SearchSpace,
    /// The opponents (empty for solitaire).
    pub field: Vec<F::Spec>,
    /// Games a candidate plays at each table (against each opponent at two players).
    pub games: u64,
    /// Candidate evaluations.
    pub budget: usize,
    /// Candidates a generation.
    pub population: Option<usize>,
    /// The search's first step, in unit coordinates.
    pub step: f64,
    /// Games of the validation at each table (against each opponent at two players).
    pub validate: u64,
    /// Seed.
    pub seed: u64,
    /// Threads (None = all cores).
    pub threads: Option<usize>,
    /// No progress bar or summary.
    pub quiet: bool,
    /// The evaluations table.
    pub out: Destination,
    /// Its format.
    pub format: TableFormat,
    /// The curve.
    pub svg: Option<Destination>,
    /// The strategy file of the tuned spec.
    pub save: Option<Destination>,
    /// Where to save checkpoints (each finished generation).
    pub checkpoint: Option<Destination>,
    /// The checkpoint to resume from.
    pub resume: Option<PathBuf>,
}

/// `pressluck bench`.
#[derive(Clone, Debug)]
pub struct BenchSettings<F: Family> {
    /// The game family with its rules.
    pub family: F,
    /// The matchup played, one policy a seat.
    pub matchup: Matchup<F::Spec>,
    /// Games to play.
    pub games: u64,
    /// Seed.
    pub seed: u64,
    /// Threads (None = all cores).
    pub threads: Option<usize>,
    /// Runs to time.
    pub repeat: u32,
    /// One JSON object instead of text.
    pub json: bool,
}

/// `pressluck merge`.
#[derive(Clone, Debug)]
pub struct MergeSettings {
    /// The shard files.
    pub shards: Vec<PathBuf>,
    /// Result table.
    pub out: Destination,
    /// The format of the result and stop tables.
    pub format: TableFormat,
    /// Stop table (tournaments only).
    pub stop_table: Option<Destination>,
    /// Chart.
    pub svg: Option<Destination>,
    /// Merge even if shards are missing.
    pub allow_partial: bool,
}

/// `pressluck odds`: the table, where it goes and what the CSV says it is.
#[derive(Clone, Debug)]
pub struct OddsSettings {
    /// The game, set up.
    pub setup: GameSetup,
    /// The table and the flags that shape it.
    pub request: OddsRequest,
    /// The CSV's game, rules, board and seed.
    pub provenance: Provenance,
    /// Output table.
    pub out: Destination,
    /// The heat map of the sets view (`--svg`), and the columns it takes as blocked.
    pub heat_map: Option<(Destination, ColumnSet)>,
    /// Its format.
    pub format: TableFormat,
}

/// `pressluck policies`: which game's policies, and the strategies known by name.
#[derive(Clone, Debug)]
pub struct PoliciesSettings {
    /// Only this game's (all five when `None`).
    pub game: Option<GameId>,
    /// The strategies.
    pub strategies: StrategyBook,
}

/// How a position or advice is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Pretty-printed JSON.
    Json,
    /// Text for a person.
    Text,
}

impl Format {
    /// The formats' names, as `--format` takes them.
    pub const NAMES: [&'static str; 2] = ["json", "text"];
}

/// A game record to replay: its bytes, and how to read them.
#[derive(Clone, Debug)]
pub struct RecordSettings {
    /// The file, as named on the command line (errors name it).
    pub file: PathBuf,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// The record's game (as `--game` or its `game` line names it).
    pub game: GameId,
    /// The flags that override or extend its header.
    pub options: RecordOptions,
    /// Output format.
    pub format: Format,
}

/// `pressluck advise`.
#[derive(Clone, Debug)]
pub struct AdviseSettings {
    /// The position to advise on.
    pub source: AdviseSource,
    /// The policies to ask (`--policies`), or the game's own choice.
    pub policies: Option<String>,
    /// The strategies the policies may name.
    pub book: std::sync::Arc<StrategyBook>,
    /// Output format.
    pub format: Format,
    /// Rollouts of the decision's options (`--rollouts`), if asked for.
    pub rollouts: Option<RolloutSettings>,
}

/// `advise --rollouts`: how many rollouts an option, by which policies, on which streams.
#[derive(Clone, Debug)]
pub struct RolloutSettings {
    /// Rollouts an option (at least one).
    pub rollouts: u64,
    /// `--rollout-policies`, one spec text a seat or one for all, or `None` for the game's
    /// strongest shipped player; parsed once the position's game is known.
    pub policies: Option<Vec<String>>,
    /// The seed of the rollouts' dice.
    pub seed: u64,
    /// Worker threads (all cores when `None`).
    pub threads: Option<usize>,
    /// The strategies the policies may name.
    pub book: std::sync::Arc<StrategyBook>,
    /// Which engine plays the column races.
    pub engine: pressluck_core::engine::EngineRequest,
}

/// `pressluck review`.
#[derive(Clone, Debug)]
pub struct ReviewSettings {
    /// The record reviewed.
    pub record: RecordSettings,
    /// How its positions are played out.
    pub rollouts: RolloutSettings,
    /// The `sha256:` label of the `--board` or `--deck` file, when one replaces the built-in.
    pub board_file: Option<String>,
    /// The table's destination, if one was asked for.
    pub out: Option<Destination>,
    /// The table's format.
    pub format: TableFormat,
    /// The chart of the game's course (`--svg`), if one was asked for.
    pub svg: Option<Destination>,
    /// Where the play-outs done are saved as they go (`--checkpoint`).
    pub checkpoint: Option<Destination>,
    /// The checkpoint of an interrupted review of the same arguments to finish (`--resume`).
    pub resume: Option<PathBuf>,
    /// No progress bar.
    pub quiet: bool,
}

/// Where `advise` finds its position.
#[derive(Clone, Debug)]
pub enum AdviseSource {
    /// A game record, played up to its current decision.
    Record {
        /// The record.
        record: RecordSettings,
        /// A roll to consider at the record's end (`--roll`), where the turn awaits a roll.
        roll: Option<Roll>,
    },
    /// A position set up on the command line (Route 66, Can't Stop), with the roll to use if
    /// one is in hand.
    Position(HandPosition),
    /// A Great Races position set up on the command line, with the roll to pair.
    Race(RacePosition),
}
