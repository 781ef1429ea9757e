//! The command line as typed: clap derive structs, one per subcommand, and the flag groups
//! they share ([`GameArgs`], [`RunArgs`]). Nothing here is checked: [`super::validate`]
//! turns these into settings.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// pressluck: hard numbers for press-your-luck dice race games.
#[derive(Debug, Parser)]
#[command(
    name = "pressluck",
    version,
    about = "Hard numbers for press-your-luck dice race games: The Mother Road: Route 66 \
             (route66), Can't Stop (cant-stop), The Great Races (great-races), Shortcut \
             (shortcut) and Treasure Hunt (treasure-hunt).",
    after_help = TOP_EXAMPLES,
    propagate_version = true,
    args_override_self = true
)]
pub struct Cli {
    /// The subcommand.
    #[command(subcommand)]
    pub command: Command,
}

/// The examples under `pressluck --help`.
const TOP_EXAMPLES: &str = "Examples:
  pressluck tournament --games 20000
  pressluck odds --game cant-stop --cars 4,7,11
  pressluck advise --game cant-stop --cars 6@3,8@2,7@4
  pressluck policies --game shortcut";

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play every matchup of the listed policies and write win rates (CSV or JSON Lines).
    #[command(after_help = "Examples:
  pressluck tournament
  pressluck tournament --game cant-stop --players 1 --policies glenn,rule28,cautious
  pressluck tournament --game route66 --variant faster-gear --games 50000 --svg chart.svg
  pressluck tournament --game shortcut --format json --out - | jq -c 'select(.seat == \"all\")'")]
    Tournament(TournamentArgs),
    /// Replay a game record and print the position it reaches.
    #[command(after_help = "Examples:
  pressluck replay examples/records/anna-turn.rec
  pressluck replay examples/records/claudia-faster-gear.rec --format json
  pressluck replay examples/records/treasure-hunt.rec")]
    Replay(ReplayArgs),
    /// Print the built-in boards in the board-file format.
    #[command(after_help = "Examples:
  pressluck boards
  pressluck boards cant-stop > my-board.toml
  pressluck boards shortcut")]
    Boards(BoardsArgs),
    /// List every game's built-in policies and the strategies known by name.
    #[command(after_help = "Examples:
  pressluck policies
  pressluck policies --game treasure-hunt
  pressluck policies --strategies ~/my-strategies")]
    Policies(PoliciesArgs),
    /// Exact stop-or-roll odds: bust chances of sets of columns, track and reach odds (CSV or
    /// JSON Lines).
    #[command(after_help = "Examples:
  pressluck odds --game cant-stop --free-cars 1 --blocked 2,12 --out odds.csv
  pressluck odds --view reach --game route66
  pressluck odds --game shortcut --view policy --players 2
  pressluck odds --game cant-stop --cars 4,7,11 --format json | jq .p_bust")]
    Odds(OddsArgs),
    /// Measure this machine: games/s, rolls/s, ns per roll and peak memory of self-play.
    #[command(after_help = "Examples:
  pressluck bench
  pressluck bench --game cant-stop --games 4000000 --repeat 5
  pressluck bench --game route66 --policies rule28,fixed-risk:0.3 --json")]
    Bench(BenchArgs),
    /// Add up the shards of a sharded tournament or sweep into its result table.
    #[command(after_help = "Examples:
  pressluck tournament --game cant-stop --shard 1/2 --out s1.csv
  pressluck tournament --game cant-stop --shard 2/2 --out s2.csv
  pressluck merge s1.csv s2.csv --out tournament.csv --svg chart.svg
  pressluck merge s1.csv s2.csv --out tournament.jsonl --format json")]
    Merge(MergeArgs),
    /// Advise the player to move, on a game record's current decision or a position set up
    /// with flags.
    #[command(after_help = "Examples:
  pressluck advise --game cant-stop --cars 6@3,8@2,7@4
  pressluck advise --game cant-stop --cubes 1:7@5 --cubes 2:7@8 --cars 6@2 --roll 3,4,4,6
  pressluck advise --game route66 --cubes 2:5@3 --won 1:9 --cars 8@2,6@1 --format json
  pressluck advise examples/records/anna-turn.rec --policies ev,rule28")]
    Advise(AdviseArgs),
    /// Search a policy template's parameters for the best play (CMA-ES): win rate against a
    /// field, or alone the fewest turns; validated on fresh games.
    #[command(after_help = "Examples:
  pressluck tune --game cant-stop --players 1 --policy 'rule-of-n:{20..40 from 29}' --budget 60
  pressluck tune --game cant-stop --policy 'fixed-risk:{0.1..0.6}' --against glenn --games 4000
  pressluck tune --game shortcut --players 1 --policy 'threshold:{1..12}' --budget 40 --svg curve.svg")]
    Tune(TuneArgs),
    /// Sweep one parameter of a policy against a field of opponents (CSV or JSON Lines,
    /// optional SVG chart).
    #[command(after_help = "Examples:
  pressluck sweep --game cant-stop --policy 'fixed-risk:{0.1..0.5 step 0.05}' --svg sweep.svg
  pressluck sweep --game cant-stop --players 1 --policy 'rule-of-n:{20..36 step 2}'
  pressluck sweep --game route66 --policy 'rolls:{1..6}' --against ev,rule28")]
    Sweep(SweepArgs),
    /// Print the completion script of a shell (bash, zsh, fish, powershell or elvish).
    #[command(after_help = "Examples:
  pressluck completions bash > ~/.local/share/bash-completion/completions/pressluck
  pressluck completions zsh --out _pressluck
  pressluck completions fish > ~/.config/fish/completions/pressluck.fish")]
    Completions(CompletionsArgs),
    /// Print the man page (roff) of pressluck, whose SUBCOMMANDS section names each
    /// subcommand's page, or the page of one subcommand.
    #[command(after_help = "Examples:
  pressluck man > pressluck.1
  pressluck man tune --out pressluck-tune.1
  pressluck man | man -l -")]
    Man(ManArgs),
}

/// `pressluck completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
    /// Output file (default and `-`: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// `pressluck man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Print this subcommand's page (pressluck-NAME(1)) instead, e.g. tune.
    pub subcommand: Option<String>,
    /// Output file (default and `-`: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Which game, edition, variants and board: shared by every command that plays a game.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// Game: route66, cant-stop, great-races, shortcut or treasure-hunt.
    #[arg(long, default_value = "route66")]
    pub game: String,
    /// Route 66 rulebook edition: en (the default: second place anywhere) or de (second place
    /// from * spaces).
    #[arg(long)]
    pub edition: Option<String>,
    /// Variant (repeatable): leisurely, faster-gear (Route 66), jump (Can't Stop); hand-5,
    /// two-dice, solo-far, rounds, rounds:N, row-limit:N, target:N, turn-cap:N (Treasure Hunt).
    #[arg(long = "variant")]
    pub variants: Vec<String>,
    /// Board file (TOML) replacing the game's built-in board; see `pressluck boards`.
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// Can't Stop: columns a player must claim to win (3 to 5; the rule is 3).
    #[arg(long)]
    pub columns_to_win: Option<u8>,
    /// Treasure Hunt: deck file (TOML) replacing the built-in 54-card deck.
    #[arg(long)]
    pub deck: Option<PathBuf>,
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
    /// Policies, comma-separated: specs, strategy names or strategy files (see `pressluck
    /// policies`); default for the column games: ev,fixed-risk:0.3,one-roll,rule28 (each game
    /// has its own).
    #[arg(long)]
    pub policies: Option<String>,
    /// Folder of your own strategy files, found by name in --policies (default: ./strategies
    /// when it exists; the built-in ones are always there).
    #[arg(long, env = "PRESSLUCK_STRATEGIES")]
    pub strategies: Option<PathBuf>,
    /// Games per matchup.
    #[arg(long, default_value_t = 100_000)]
    pub games: u64,
    /// Output table (`-`: standard output; default tournament.csv, or tournament.jsonl with
    /// --format json).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write the stop-probability table to this file (in --format).
    #[arg(long)]
    pub stop_table: Option<PathBuf>,
    /// Table format: csv, or json (JSON Lines: one object per CSV row, keys the CSV header's
    /// names, numbers as numbers, an empty field as null).
    #[arg(long, default_value = "csv")]
    pub format: String,

    /// Seed, threads, progress; shard, checkpoint and resume.
    #[command(flatten)]
    pub run: RunArgs,
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
    /// Result table (`-`: standard output).
    #[arg(long)]
    pub out: PathBuf,
    /// Also write the stop-probability table (tournaments only).
    #[arg(long)]
    pub stop_table: Option<PathBuf>,
    /// Table format: csv, or json (JSON Lines: one object per CSV row, keys the CSV header's
    /// names, numbers as numbers, an empty field as null).
    #[arg(long, default_value = "csv")]
    pub format: String,

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
    /// How to read it.
    #[command(flatten)]
    pub reading: RecordArgs,
}

/// How to read a game record: flags that override or extend its header, and the output format.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// Game (overrides the record's `game` line; with no record, the game of the position).
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
    /// The game record; without one, the position is the one the flags below set up (Route 66
    /// and Can't Stop).
    pub file: Option<PathBuf>,
    /// How to read the record (or, without one, the game and the output format).
    #[command(flatten)]
    pub reading: RecordArgs,
    /// The position, without a record.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Policies to ask, comma-separated (default: ev, optimal-turn, fixed-risk:0.3, rule28,
    /// glenn, one-roll and rolls:2; The Great Races: race-points, race-progress, race-margin).
    #[arg(long)]
    pub policies: Option<String>,
    /// Folder of your own strategy files, found by name in --policies (default: ./strategies
    /// when it exists; the built-in ones are always there).
    #[arg(long, env = "PRESSLUCK_STRATEGIES")]
    pub strategies: Option<PathBuf>,
}

/// A position by hand for `advise` (Route 66 and Can't Stop): columns are 2 to 12, spaces count
/// from 1 at the bottom, players from 1. `--roll` also goes with a record.
#[derive(Clone, Debug, Default, Args)]
pub struct PositionArgs {
    /// Seats at the table (default: 2, or more when the flags name a higher player).
    #[arg(long)]
    pub players: Option<u8>,
    /// The player to move (default 1).
    #[arg(long)]
    pub to_move: Option<u8>,
    /// Cubes of player P, repeatable: P:COLUMN@SPACE,… (e.g. --cubes 1:7@3,4@2 --cubes 2:7@5).
    #[arg(long = "cubes")]
    pub cubes: Vec<String>,
    /// Columns won by player P, repeatable, in the order they were won: P:COLUMN,… (Route 66:
    /// second place goes by the cubes in the column, as when it was won).
    #[arg(long = "won")]
    pub won: Vec<String>,
    /// The cars of the turn in hand: COLUMN@SPACE,… (Can't Stop's neutral markers).
    #[arg(long)]
    pub cars: Option<String>,
    /// Successful rolls so far this turn (default: the fewest that make the cars' steps, two a
    /// roll; fewer is an error).
    #[arg(long)]
    pub rolls: Option<u16>,
    /// The roll to use: four dice, e.g. 3,4,4,6 (without it: roll on or stop); with a record,
    /// a roll to consider where the record awaits one.
    #[arg(long)]
    pub roll: Option<String>,
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
    /// Players of Shortcut's policy view: 1 (the solitaire table, the default) or 2 (the
    /// two-player table: per position, the chance that the player to move wins).
    #[arg(long)]
    pub players: Option<u8>,
    /// The full bust table over all 2048 usable sets (the sets view only).
    #[arg(long)]
    pub masks: bool,
    /// Columns closed (or with a car at the top): removed from every usable set, e.g. 2,12
    /// (the sets view).
    #[arg(long)]
    pub blocked: Option<String>,
    /// Also cover states with up to K cars still free, 0 to 3 (the sets view without --masks;
    /// default 0: the cars listed are all the turn has).
    #[arg(long)]
    pub free_cars: Option<u8>,
    /// Only the rows of these cars, e.g. 4,7,11 (sets view): "how likely am I to bust with
    /// cars on 4, 7 and 11?".
    #[arg(long)]
    pub cars: Option<String>,
    /// Add a Monte Carlo check: N simulated rolls per row, with a 99.9% interval (the sets
    /// view; Treasure Hunt's claims).
    #[arg(long)]
    pub samples: Option<u64>,
    /// Seed of the Monte Carlo check (with --samples; default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Output table (default and `-`: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Table format: csv, or json (JSON Lines: one object per CSV row, keys the CSV header's
    /// names, numbers as numbers, an empty field as null).
    #[arg(long, default_value = "csv")]
    pub format: String,

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
    /// Folder of your own strategy files, found by name in --policies (default: ./strategies
    /// when it exists; the built-in ones are always there).
    #[arg(long, env = "PRESSLUCK_STRATEGIES")]
    pub strategies: Option<PathBuf>,
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
    /// Only this game's policies: route66, cant-stop, great-races, shortcut or treasure-hunt.
    #[arg(long)]
    pub game: Option<String>,
    /// Folder of your own strategy files, listed beside the built-in ones (default: ./strategies
    /// when it exists; the built-in ones are always there).
    #[arg(long, env = "PRESSLUCK_STRATEGIES")]
    pub strategies: Option<PathBuf>,
}

/// `pressluck sweep`.
#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Seats at the table: 2 (the swept policy against each opponent) or 1 (solitaire).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// The swept policy: a spec with one range, like 'fixed-risk:{0.05..0.6 step 0.05}',
    /// 'rolls:{1..8}' (step 1 by default: whole bounds; decimal bounds need a step) or
    /// 'rule-of-n:{20..36 step 2}'.
    #[arg(long)]
    pub policy: String,
    /// Opponents, comma-separated specs or strategies (two players; default: the game's
    /// tournament field).
    #[arg(long)]
    pub against: Option<String>,
    /// Folder of your own strategy files, found by name in --against (default: ./strategies
    /// when it exists; the built-in ones are always there).
    #[arg(long, env = "PRESSLUCK_STRATEGIES")]
    pub strategies: Option<PathBuf>,
    /// Games per point and opponent.
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// Output table (`-`: standard output; default sweep.csv, or sweep.jsonl with --format
    /// json).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Table format: csv, or json (JSON Lines: one object per CSV row, keys the CSV header's
    /// names, numbers as numbers, an empty field as null).
    #[arg(long, default_value = "csv")]
    pub format: String,

    /// Also draw the sweep as an SVG chart.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Seed, threads, progress; shard, checkpoint and resume.
    #[command(flatten)]
    pub run: RunArgs,
}

/// What every run of many games takes (`tournament`, `sweep`): the seed, threads and progress
/// flags, and `--shard`, `--checkpoint` and `--resume`.
#[derive(Debug, Default, Args)]
pub struct RunArgs {
    /// Random seed: the same seed and arguments give the same table, whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// No progress bar and no summary.
    #[arg(long)]
    pub quiet: bool,
    /// Play only shard K of N (chunks k with k % N = K-1); --out then holds raw counters for
    /// `pressluck merge`.
    #[arg(long)]
    pub shard: Option<String>,
    /// Save the counters of finished chunks here as the run goes (and on Ctrl-C).
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Continue the run saved in this checkpoint (same arguments).
    #[arg(long)]
    pub resume: Option<PathBuf>,
}

impl PositionArgs {
    /// The first position flag given, if any.
    pub fn first_given(&self) -> Option<&'static str> {
        [
            (self.players.is_some(), "--players"),
            (self.to_move.is_some(), "--to-move"),
            (!self.cubes.is_empty(), "--cubes"),
            (!self.won.is_empty(), "--won"),
            (self.cars.is_some(), "--cars"),
            (self.rolls.is_some(), "--rolls"),
            (self.roll.is_some(), "--roll"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// `pressluck tune`.
#[derive(Debug, Args)]
pub struct TuneArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Seats at the table: 2 (win rate against each opponent, seats rotating) or 1 (solitaire:
    /// fewest mean turns).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// The template: a policy spec with one or more ranges, {a..b} (whole values, or real ones
    /// when a bound has a decimal point: {-6.0..6.0}), {a..b step s} (that grid), each
    /// optionally ending 'from x' (where the search starts), e.g. 'rule-of-n:{20..40 from
    /// 29},odd={0..10 from 7}'.
    #[arg(long)]
    pub policy: String,
    /// Opponents, comma-separated (two players; default: the game's tournament field).
    #[arg(long)]
    pub against: Option<String>,
    /// Games a candidate plays against each opponent (or alone).
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// Candidate evaluations the search spends, at most: whole generations while they fit,
    /// then a last, smaller generation of the evaluations left (the first candidates CMA-ES
    /// draws for it).
    #[arg(long, default_value_t = 200)]
    pub budget: u64,
    /// Candidates a generation (default: CMA-ES's, 4 + 3 ln(parameters)).
    #[arg(long)]
    pub population: Option<u64>,
    /// Games of the final validation against each opponent (or alone), on games the search
    /// never played.
    #[arg(long, default_value_t = 100_000)]
    pub validate: u64,
    /// Output table: every evaluation, then the validation (default tune.csv, or tune.jsonl
    /// with --format json).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Table format: csv, or json (JSON Lines: one object per CSV row, keys the CSV header's
    /// names, numbers as numbers, an empty field as null).
    #[arg(long, default_value = "csv")]
    pub format: String,

    /// Also draw the objective by generation as an SVG chart.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Also write the tuned spec as a strategy file, with its provenance.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Folder of your own strategy files, found by name in --against (default: ./strategies
    /// when it exists).
    #[arg(long, env = "PRESSLUCK_STRATEGIES")]
    pub strategies: Option<PathBuf>,
    /// Seed, threads, progress; checkpoint and resume (tune is not sharded).
    #[command(flatten)]
    pub run: RunArgs,
}
