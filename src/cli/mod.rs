//! The command line: the subcommands ([`args`]), each in its own module with its flags and
//! their checks into its settings ([`tournament`], [`sweep`], [`tune`], [`mod@bench`], [`merge`],
//! [`odds`], [`replay`], [`advise`], [`boards`], [`policies`], [`completions`], [`man`]), the
//! flag groups and checks they share ([`game`], [`mod@run`], [`outputs`], [`policy_list`],
//! [`strategies`], [`record`], [`position`], the values flags offer to completions:
//! [`values`]), and each subcommand run with its settings.
//! Nothing below this module imports it.

pub mod advise;
pub mod args;
pub mod bench;
pub mod boards;
pub mod bots;
pub mod completions;
pub mod game;
pub mod man;
pub mod merge;
pub mod odds;
pub mod outputs;
pub mod play;
pub mod policies;
pub mod policy_list;
pub mod position;
pub mod record;
pub mod replay;
pub mod review;
pub mod run;
pub mod strategies;
pub mod sweep;
pub mod tournament;
pub mod tune;
pub mod values;

use crate::commands;
use crate::error::input;
use anyhow::Result;
use args::{Cli, Command};
use clap::FromArgMatches;
use pressluck_core::engine::EngineRequest;
use pressluck_core::games::{Family, StrategyBook, UseFamily};
use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::Arc;
use strategies::warn_unnamed;

/// Parses `args` and runs the command. Help and version print and succeed; a parse error
/// becomes a one-line input error.
pub fn parse_and_run<I, T>(args: I) -> Result<ExitCode>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match command_line().try_get_matches_from(args) {
        Ok(matches) => Cli::from_arg_matches(&matches).map_err(|e| input(clap_message(&e)))?,
        Err(e) if !e.use_stderr() => {
            e.print()?;
            return Ok(ExitCode::SUCCESS);
        }
        Err(e) => return Err(input(clap_message(&e))),
    };
    let engine = EngineRequest::from_env().map_err(input)?;
    run(cli.command, engine)
}

/// The command line's definition: clap's, with every flag that takes a value taking a negative
/// number as its value (`--games -5` is refused by the flag's own check, naming it, instead of
/// being read as an unknown flag `-5`).
fn command_line() -> clap::Command {
    use clap::CommandFactory;
    Cli::command().mut_subcommands(|sub| {
        sub.mut_args(|a| {
            if a.get_action().takes_values() && !a.is_positional() {
                a.allow_negative_numbers(true)
            } else {
                a
            }
        })
    })
}

/// Checks a parsed subcommand into its settings and runs it, its games played by the engine
/// `engine` asks for; the processes of any bot it started are ended after it, whatever its
/// end.
fn run(command: Command, engine: EngineRequest) -> Result<ExitCode> {
    let done = run_command(command, engine);
    crate::players::session().end_bots();
    done
}

/// [`run()`] of the command, its bots' flags given to the run's session first.
fn run_command(command: Command, engine: EngineRequest) -> Result<ExitCode> {
    match &command {
        Command::Tournament(a) => a.bots.configure()?,
        Command::Sweep(a) => a.bots.configure()?,
        Command::Tune(a) => a.bots.configure()?,
        Command::Advise(a) => a.bots.configure()?,
        Command::Review(a) => a.bots.configure()?,
        Command::Play(a) => a.bots.configure()?,
        _ => {}
    }
    match command {
        Command::Tournament(a) => {
            let book = Arc::new(a.strategies.book()?);
            let setup = a.game.setup(a.players)?;
            setup.play_with(book.clone(), engine, Play { args: a, book })
        }
        Command::Sweep(a) => {
            a.check_players()?;
            let book = Arc::new(strategies::strategies(a.strategies.as_deref())?);
            let setup = a.game.setup(a.players)?;
            setup.play_with(book.clone(), engine, Play { args: a, book })
        }
        Command::Tune(a) => {
            let book = Arc::new(strategies::strategies(a.strategies.as_deref())?);
            let setup = a.game.setup(a.players)?;
            setup.play_with(book.clone(), engine, Play { args: a, book })
        }
        Command::Bench(a) => {
            a.check_limits()?;
            let book = Arc::new(a.strategies.book()?);
            let setup = a.game.setup(a.players)?;
            setup.play_with(book.clone(), engine, Play { args: a, book })
        }
        Command::Play(a) => {
            let book = Arc::new(a.strategies.book()?);
            let setup = a.game.setup(a.players)?;
            setup.play_with(
                book.clone(),
                engine,
                PlayGame {
                    args: a,
                    book,
                    engine,
                },
            )
        }
        Command::Merge(a) => commands::merge::run(a.settings()?),
        Command::Odds(a) => commands::odds::run(a.settings()?),
        Command::Replay(a) => commands::replay::run(a.settings()?),
        Command::Advise(a) => commands::advise::run(a.settings(engine)?),
        Command::Review(a) => commands::review::run(a.settings(engine)?),
        Command::Boards(a) => commands::boards::run(a.settings()?),
        Command::Policies(a) => commands::policies::run(a.settings()?),
        Command::Completions(a) => {
            use clap::CommandFactory;
            let out = a.out.destination()?;
            commands::completions::run(Cli::command(), a.shell, &out)
        }
        Command::Man(a) => {
            use clap::CommandFactory;
            let out = a.out.destination()?;
            commands::man::run(Cli::command(), a.subcommand.as_deref(), &out)
        }
    }
}

/// A command that plays games, with its arguments and the strategies its policy lists may
/// name: checked into its settings once its game's family is known, then run.
struct Play<A> {
    /// The command's arguments.
    args: A,
    /// The strategies known by name (refused files not named are warned of once checked).
    book: Arc<StrategyBook>,
}

/// Each command that plays games: its arguments checked into settings for a family, and run.
macro_rules! play_command {
    ($args:ty, $command:path) => {
        impl UseFamily for Play<$args> {
            type Output = Result<ExitCode>;

            fn with<F: Family>(self, family: F) -> Result<ExitCode> {
                let settings = self.args.settings(family)?;
                warn_unnamed(&self.book);
                $command(settings)
            }
        }
    };
}

/// `pressluck play` with its arguments, the strategies its seats may name and the engine its
/// hints are played by.
struct PlayGame {
    /// The command's arguments.
    args: play::PlayArgs,
    /// The strategies known by name.
    book: Arc<StrategyBook>,
    /// Which engine plays the hints' rollouts.
    engine: EngineRequest,
}

impl UseFamily for PlayGame {
    type Output = Result<ExitCode>;

    fn with<F: Family>(self, family: F) -> Result<ExitCode> {
        let settings = self.args.settings(family, self.book.clone(), self.engine)?;
        warn_unnamed(&self.book);
        commands::play::run(settings)
    }
}

play_command!(tournament::TournamentArgs, commands::tournament::run);
play_command!(sweep::SweepArgs, commands::sweep::run);
play_command!(tune::TuneArgs, commands::tune::run);
play_command!(bench::BenchArgs, commands::bench::run);

/// A clap usage error as one line: its message and tips up to the usage block, joined by `; `
/// (so a missing argument is named and a misspelling gets its suggestion), or, when no
/// subcommand was given, the list of subcommands.
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
    // Clap's text: the message, a blank line, tips (`tip: a similar subcommand exists: …`),
    // then the usage block and a pointer to --help. One line keeps the message and the tips.
    let text = e.to_string();
    let parts: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:"))
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .collect();
    // A part ending in a colon introduces the next (`not provided:` / `<SHARDS>...`).
    let mut line = String::new();
    for part in parts {
        if !line.is_empty() {
            line.push_str(if line.ends_with(':') { " " } else { "; " });
        }
        line.push_str(part);
    }
    let line = line.trim_start_matches("error: ");
    if line.is_empty() {
        "invalid arguments (see `pressluck --help`)".to_string()
    } else {
        line.to_string()
    }
}
