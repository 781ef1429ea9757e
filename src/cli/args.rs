//! The command line as typed: the top level ([`Cli`]) and its subcommands ([`Command`]), each
//! with its help examples. Each subcommand's flags, and their checks into its settings, are in
//! the subcommand's own module.

use super::advise::AdviseArgs;
use super::bench::BenchArgs;
use super::boards::BoardsArgs;
use super::completions::CompletionsArgs;
use super::man::ManArgs;
use super::merge::MergeArgs;
use super::odds::OddsArgs;
use super::play::PlayArgs;
use super::policies::PoliciesArgs;
use super::replay::ReplayArgs;
use super::review::ReviewArgs;
use super::sweep::SweepArgs;
use super::tournament::TournamentArgs;
use super::tune::TuneArgs;
use clap::{Parser, Subcommand};

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
  pressluck tournament --games 2000
  pressluck odds --game cant-stop --cars 4,7,11
  pressluck advise --game cant-stop --cars 6@3,8@2,7@4
  pressluck policies --game shortcut";

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play every matchup of the listed policies and write win rates (CSV or JSON Lines).
    #[command(after_help = "Examples:
  pressluck tournament --policies ev,rule28 --games 10000
  pressluck tournament --game cant-stop --players 1 --policies glenn,rule28,cautious --games 10000
  pressluck tournament --game route66 --variant faster-gear --policies ev,rule28 --games 3000 --svg chart.svg
  pressluck tournament --game shortcut --games 20000 --format json --out - | jq -c 'select(.seat == \"all\")'")]
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
  pressluck bench --games 50000
  pressluck bench --game cant-stop --games 50000 --repeat 3
  pressluck bench --game route66 --policies rule28,fixed-risk:0.3 --games 50000 --json")]
    Bench(BenchArgs),
    /// Add up the shards of a sharded tournament or sweep into its result table.
    #[command(after_help = "Examples:
  pressluck tournament --game cant-stop --policies glenn,rule28 --games 20000 --shard 1/2 --out s1.csv
  pressluck tournament --game cant-stop --policies glenn,rule28 --games 20000 --shard 2/2 --out s2.csv
  pressluck merge s1.csv s2.csv --out tournament.csv --svg chart.svg
  pressluck merge s1.csv s2.csv --out tournament.jsonl --format json")]
    Merge(MergeArgs),
    /// Advise the player to move, on a game record's current decision or a position set up
    /// with flags.
    #[command(after_help = "Examples:
  pressluck advise --game cant-stop --cars 6@3,8@2,7@4
  pressluck advise --game cant-stop --cubes 1:7@5 --cubes 2:7@8 --cars 6@2 --roll 3,4,4,6
  pressluck advise --game route66 --cubes 2:5@3 --won 1:9 --cars 8@2,6@1 --format json
  pressluck advise --game great-races --cubes 1:7@4,8@2 --cubes 2:8@3 --roll 3,4,4,5 --rollouts 400
  pressluck advise examples/records/anna-decides.rec --policies ev,rule28")]
    Advise(AdviseArgs),
    /// Review a played game: each decision against the best option by rollouts (the chance it
    /// gave away, flagged doubtful, error or blunder), each roll's luck, and a summary a player.
    #[command(after_help = "Examples:
  pressluck review examples/records/anna-decides.rec
  pressluck review examples/records/cant-stop-game.rec --rollouts 100 --out review.csv
  pressluck review examples/records/anna-decides.rec --rollouts 300 --format json | jq -c 'select(.kind == \"decision\")'")]
    Review(ReviewArgs),
    /// Play one game with any seats — you (`human`), policies, strategies, bots — writing its
    /// record as it goes.
    #[command(after_help = "Examples:
  pressluck play --game cant-stop --policies human,tuned-cant-stop-duel --out game.rec
  pressluck play --game cant-stop --seed 7 --policies glenn,tuned-cant-stop-duel --out g.rec
  pressluck play --game treasure-hunt --players 3 --policies human,greedy,thief")]
    Play(PlayArgs),
    /// Search a policy template's parameters for the best play (CMA-ES): win rate against a
    /// field, or alone the fewest turns; validated on fresh games.
    #[command(after_help = "Examples:
  pressluck tune --game cant-stop --players 1 --policy 'rule-of-n:{20..40 from 29}' --games 1000 --budget 16 --validate 10000
  pressluck tune --game cant-stop --policy 'fixed-risk:{0.1..0.6}' --against glenn --games 1000 --budget 16 --validate 10000
  pressluck tune --game shortcut --players 1 --policy 'threshold:{1..12}' --budget 40 --svg curve.svg")]
    Tune(TuneArgs),
    /// Sweep one parameter of a policy against a field of opponents (CSV or JSON Lines,
    /// optional SVG chart).
    #[command(after_help = "Examples:
  pressluck sweep --game cant-stop --policy 'fixed-risk:{0.1..0.5 step 0.05}' --games 1000 --svg sweep.svg
  pressluck sweep --game cant-stop --players 1 --policy 'rule-of-n:{20..36 step 2}' --games 2000
  pressluck sweep --game route66 --policy 'rolls:{1..5}' --against rule28 --games 2000")]
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

#[cfg(test)]
mod tests {
    use crate::cli::args::Cli;
    use clap::CommandFactory;

    /// Clap's own checks of the definition hold: no flag declared twice in a subcommand (as a
    /// flattened group and a field of its own), every default a valid value.
    #[test]
    fn the_command_line_definition_passes_clap_checks() {
        Cli::command().debug_assert();
    }
}
