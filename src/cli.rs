//! The command line as typed (clap derive structs, one per subcommand) and its checks into
//! validated settings.

use crate::columns::{Edition, GameKind, Layout, Rules, Variant};
use crate::error::input;
use crate::output::provenance::Provenance;
use crate::sim::runner::MAX_THREADS;
use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

pub use crate::commands::job::ShardArgs;
pub use crate::sweep::args::SweepArgs;

/// pressluck: hard numbers for press-your-luck dice race games.
#[derive(Debug, Parser)]
#[command(
    name = "pressluck",
    version,
    about,
    propagate_version = true,
    args_override_self = true
)]
pub struct Cli {
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play every matchup of the listed policies and write win rates (CSV).
    Tournament(TournamentArgs),
    /// Replay a game record and print the position it reaches.
    Replay(ReplayArgs),
    /// Print the built-in boards in the board-file format.
    Boards(BoardsArgs),
    /// List the built-in policies and the strategy files.
    Policies(PoliciesArgs),
    /// Exact stop-or-roll odds: bust chances of sets of columns, track and reach odds (CSV).
    Odds(OddsArgs),
    /// Measure this machine: games/s, rolls/s, ns per roll and peak memory of self-play.
    Bench(BenchArgs),
    /// Add up the shards of a sharded tournament or sweep into its result CSV.
    Merge(MergeArgs),
    /// Read a game record up to the current decision and advise the player to move.
    Advise(AdviseArgs),
    /// Sweep one parameter of a policy against a field of opponents (CSV, optional SVG chart).
    Sweep(SweepArgs),
}

/// Which game, edition, variants and board: shared by every command that plays a game.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// Game: route66, cant-stop, great-races, shortcut or treasure-hunt.
    #[arg(long, default_value = "route66")]
    pub game: String,
    /// Route 66 rulebook edition: en (second place anywhere) or de (second place from * spaces).
    #[arg(long, default_value = "en")]
    pub edition: String,
    /// Variant (repeatable): leisurely, faster-gear (Route 66), jump (Can't Stop); hand-5,
    /// two-dice, solo-far, rounds, rounds:N, row-limit:N, target:N, turn-cap:N (Treasure Hunt).
    #[arg(long = "variant")]
    pub variants: Vec<String>,
    /// Board file (TOML) replacing the game's built-in board; see `pressluck boards`.
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// Can't Stop: columns a player must claim to win (3 to 5).
    #[arg(long, default_value_t = 3)]
    pub columns_to_win: u8,
    /// Treasure Hunt: deck file (TOML) replacing the built-in 54-card deck.
    #[arg(long)]
    pub deck: Option<PathBuf>,
}

/// A validated game of any family, ready to play.
#[derive(Clone, Debug)]
pub enum GameSetup {
    /// Route 66 or Can't Stop: the press-your-luck column races.
    Columns(Rules),
    /// The Great Races: one roll a turn, a pairing to choose.
    GreatRaces(Rules),
    /// Shortcut, the press-your-luck road race.
    Shortcut(crate::shortcut::ShortcutSetup),
    /// Treasure Hunt, with its rules and deck.
    TreasureHunt(crate::sim::families::TreasureFamily),
}

impl GameArgs {
    /// Validates the game settings for `players` players, whatever the family.
    pub fn setup(&self, players: u8) -> Result<GameSetup> {
        if self.game == crate::shortcut::GAME_NAME {
            return Ok(GameSetup::Shortcut(
                crate::shortcut::ShortcutSetup::from_args(self, players)?,
            ));
        }
        if self.game == crate::treasure_hunt::setup::GAME_NAME {
            return crate::treasure_hunt::setup::treasure_setup(
                players,
                &self.variants,
                self.deck.as_deref(),
                self.board.as_deref(),
            )
            .map(GameSetup::TreasureHunt);
        }
        if self.deck.is_some() {
            return Err(input("--deck applies to treasure-hunt only"));
        }
        let rules = self.rules(players)?;
        Ok(if rules.game == GameKind::GreatRaces {
            GameSetup::GreatRaces(rules)
        } else {
            GameSetup::Columns(rules)
        })
    }

    /// Validates the game settings into column-race rules for `players` players.
    pub fn rules(&self, players: u8) -> Result<Rules> {
        let game: GameKind = self
            .game
            .parse()
            .map_err(|e: String| input(format!("--game: {e}")))?;
        let edition: Edition = self
            .edition
            .parse()
            .map_err(|e: String| input(format!("--edition: {e}")))?;
        if edition == Edition::De && game != GameKind::Route66 {
            return Err(input(format!(
                "--edition de applies to route66 only, not {game}"
            )));
        }
        if !(1..=4).contains(&players) {
            return Err(input(format!(
                "--players {players}: these games take 1 to 4 players"
            )));
        }
        let mut rules = if game == GameKind::Route66 {
            Rules::route66(edition, players)
        } else {
            Rules::new(game, players)
        };
        for v in &self.variants {
            let variant: Variant = v
                .parse()
                .map_err(|e: String| input(format!("--variant: {e}")))?;
            rules
                .apply_variant(variant)
                .map_err(|e| input(format!("--variant {v}: {e}")))?;
        }
        if !(3..=5).contains(&self.columns_to_win) {
            return Err(input(format!(
                "--columns-to-win {}: must be 3, 4 or 5",
                self.columns_to_win
            )));
        }
        rules.columns_to_win = self.columns_to_win;
        if let Some(path) = &self.board {
            rules.layout = load_board(path)?;
        }
        Ok(rules)
    }
}

impl GameArgs {
    /// The provenance of a run of this game (see [`Provenance`]): `players` seats (none for a
    /// table that holds for any), `seed` where the numbers depend on one. A board or deck file
    /// is named by its bytes' digest; the file is read here once more (it is a few hundred
    /// bytes), so the label always matches what was played.
    pub fn provenance(&self, players: Option<u8>, seed: Option<u64>) -> Result<Provenance> {
        let (game, builtin) = match self.game.parse::<GameKind>() {
            Ok(GameKind::Route66) if self.edition == "de" => {
                (GameKind::Route66.name(), "route66-de")
            }
            Ok(g) => (g.name(), g.name()),
            Err(_) if self.game == crate::treasure_hunt::setup::GAME_NAME => {
                (crate::treasure_hunt::setup::GAME_NAME, "treasure-hunt-deck")
            }
            Err(_) if self.game == crate::shortcut::GAME_NAME => {
                (crate::shortcut::GAME_NAME, crate::shortcut::GAME_NAME)
            }
            Err(e) => return Err(input(format!("--game: {e}"))),
        };
        let file = self.board.as_ref().or(self.deck.as_ref());
        let board = match file {
            Some(path) => {
                let flag = if self.board.is_some() {
                    "--board"
                } else {
                    "--deck"
                };
                let bytes = std::fs::read(path)
                    .map_err(|e| input(format!("{flag} {}: {e}", path.display())))?;
                Provenance::file_label(&bytes)
            }
            None => builtin.to_string(),
        };
        let mut parts: Vec<String> = Vec::new();
        if game == GameKind::Route66.name() {
            parts.push(self.edition.clone());
        }
        // The column games' variants by their names (`1` is `leisurely`); the others' as given.
        parts.extend(self.variants.iter().map(|v| match v.parse::<Variant>() {
            Ok(v) if self.game.parse::<GameKind>().is_ok() => v.name().to_string(),
            _ => v.clone(),
        }));
        if self.columns_to_win != 3 {
            parts.push(format!("columns-to-win:{}", self.columns_to_win));
        }
        Ok(Provenance {
            game: game.to_string(),
            players,
            rules: Provenance::rules_label(&parts),
            board,
            seed,
        })
    }
}

/// Reads and checks a board file; errors name the file.
pub fn load_board(path: &std::path::Path) -> Result<Layout> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| input(format!("--board {shown}: {e}")))?;
    let text =
        String::from_utf8(bytes).map_err(|_| input(format!("--board {shown}: not UTF-8 text")))?;
    Layout::from_toml(&text).map_err(|e| input(format!("--board {shown}: {e}")))
}

/// `pressluck tournament`.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Seats at the table (1 = solitaire: turns to finish).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Policies, comma-separated specs or strategy files (see `pressluck policies`); default
    /// for the column games: ev,fixed-risk:0.3,one-roll,rule28 (each game has its own).
    #[arg(long)]
    pub policies: Option<String>,
    /// Games per matchup.
    #[arg(long, default_value_t = 100_000)]
    pub games: u64,
    /// Random seed: the same seed and arguments give the same CSV, whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output CSV.
    #[arg(long, default_value = "results/tournament.csv")]
    pub out: PathBuf,
    /// Also write the stop-probability table to this CSV.
    #[arg(long)]
    pub stop_table: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// No progress bar and no summary table.
    #[arg(long)]
    pub quiet: bool,
    /// Shard, checkpoint and resume.
    #[command(flatten)]
    pub sharding: ShardArgs,
    /// Also draw the results as an SVG chart: win rates with 95% whiskers, or (solitaire)
    /// histograms of turns to finish.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

/// `pressluck merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Shard files written by `tournament --shard K/N` or `sweep --shard K/N`.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Result CSV.
    #[arg(long)]
    pub out: PathBuf,
    /// Also write the stop-probability table (tournaments only).
    #[arg(long)]
    pub stop_table: Option<PathBuf>,
    /// Also draw the result as an SVG chart, as `tournament --svg` or `sweep --svg` would.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Merge even if shards are missing (the result is marked partial).
    #[arg(long)]
    pub allow_partial: bool,
}

/// `pressluck replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The game record.
    pub file: PathBuf,
    /// Game (overrides the record's `game` line).
    #[arg(long)]
    pub game: Option<String>,
    /// Route 66 edition (overrides the record).
    #[arg(long)]
    pub edition: Option<String>,
    /// Variant, repeatable (added to the record's).
    #[arg(long = "variant")]
    pub variants: Vec<String>,
    /// Board file replacing the built-in board.
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// Treasure Hunt: deck file (TOML) whose cards the record plays.
    #[arg(long)]
    pub deck: Option<PathBuf>,
    /// Output: json or text.
    #[arg(long, default_value = "text")]
    pub format: String,
}

/// `pressluck advise`.
#[derive(Debug, Args)]
pub struct AdviseArgs {
    /// The record and how to read it (as for `replay`).
    #[command(flatten)]
    pub record: ReplayArgs,
    /// Policies to ask, comma-separated (default: ev, optimal-turn, fixed-risk:0.3, rule28,
    /// glenn, one-roll and rolls:2; The Great Races: race-points, race-progress, race-margin).
    #[arg(long)]
    pub policies: Option<String>,
}

/// `pressluck boards`.
#[derive(Debug, Args)]
pub struct BoardsArgs {
    /// Print only this board: route66, route66-de, cant-stop, great-races, shortcut or
    /// treasure-hunt-deck.
    pub name: Option<String>,
}

/// `pressluck odds`.
#[derive(Debug, Args)]
pub struct OddsArgs {
    /// The game (its board sets the column lengths of the reach view).
    #[command(flatten)]
    pub game: GameArgs,
    /// Which table: sets (bust odds of sets of cars), tracks (one-roll view), reach (odds of
    /// climbing d more steps this turn).
    #[arg(long, default_value = "sets")]
    pub view: String,
    /// The full bust table over all 2048 usable sets (the sets view only).
    #[arg(long)]
    pub masks: bool,
    /// Columns closed (or with a car at the top): removed from every usable set, e.g. 2,12.
    #[arg(long, default_value = "")]
    pub blocked: String,
    /// Also cover states with up to K cars still free (0..3).
    #[arg(long, default_value_t = 0)]
    pub free_cars: u8,
    /// Only the rows of these cars, e.g. 4,7,11 (sets view): "how likely am I to bust with
    /// cars on 4, 7 and 11?".
    #[arg(long)]
    pub cars: Option<String>,
    /// Add a Monte Carlo check: N simulated rolls per row, with a 99.9% interval.
    #[arg(long)]
    pub samples: Option<u64>,
    /// Seed of the Monte Carlo check.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output CSV (default: stdout).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also draw the bust chances of every three cars as an SVG heat map (sets view).
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

/// `pressluck bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Seats at the table.
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// Policies by seat, comma-separated; fewer than the seats repeat the last one (default:
    /// fixed-risk:0.3 for the column games, the first of the game's default field otherwise).
    #[arg(long)]
    pub policies: Option<String>,
    /// Games to play.
    #[arg(long, default_value_t = 1_000_000)]
    pub games: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play the same games this many times (1 to 100) and report the median time, with the
    /// fastest and slowest run: one run on a shared machine can be off by 15% or more.
    #[arg(long, default_value_t = 1)]
    pub repeat: u32,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `pressluck policies`.
#[derive(Debug, Args)]
pub struct PoliciesArgs {
    /// Folder of strategy files to list.
    #[arg(long, default_value = "strategies")]
    pub strategies: PathBuf,
}

/// Parses `args` and runs the command. Help and version print and succeed; a parse error
/// becomes a one-line input error.
pub fn parse_and_run<I, T>(args: I) -> Result<ExitCode>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            e.print()?;
            return Ok(ExitCode::SUCCESS);
        }
        Err(e) => return Err(input(clap_message(&e))),
    };
    crate::engine::cpu::EngineRequest::from_env().map_err(input)?;
    crate::commands::run(cli.command)
}

/// A clap usage error as one line: its message up to the usage block, lines joined (so a
/// missing argument is named), or, when no subcommand was given, the list of subcommands.
fn clap_message(e: &clap::Error) -> String {
    use clap::CommandFactory;
    if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .filter(|n| n != "help")
            .collect();
        return format!(
            "no subcommand given: expected one of {} (see `pressluck --help`)",
            names.join(", ")
        );
    }
    let text = e.to_string();
    let parts: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty() && !l.starts_with("Usage:"))
        .map(str::trim)
        .collect();
    let line = parts.join(" ");
    let line = line.trim_start_matches("error: ");
    if line.is_empty() {
        "invalid arguments (see `pressluck --help`)".to_string()
    } else {
        line.to_string()
    }
}

/// Checks a `--threads` value: 1..=[`MAX_THREADS`], or none for all cores.
pub fn check_threads(threads: Option<usize>) -> Result<()> {
    match threads {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(input(format!(
            "--threads {t}: must be between 1 and {MAX_THREADS}"
        ))),
        _ => Ok(()),
    }
}
