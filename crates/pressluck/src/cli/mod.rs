//! The command line: the subcommands ([`args`]), each in its own module with its flags and
//! their checks into its settings ([`tournament`], [`sweep`], [`tune`], [`bench`], [`merge`],
//! [`odds`], [`replay`], [`advise`], [`boards`], [`policies`], [`completions`], [`man`]), the
//! flag groups and checks they share ([`game`], [`run`], [`outputs`], [`policy_list`],
//! [`strategies`], [`record`], [`position`]), and each subcommand run with its settings.
//! Nothing below this module imports it.

pub mod advise;
pub mod args;
pub mod bench;
pub mod boards;
pub mod completions;
pub mod game;
pub mod man;
pub mod merge;
pub mod odds;
pub mod outputs;
pub mod policies;
pub mod policy_list;
pub mod position;
pub mod record;
pub mod replay;
pub mod run;
pub mod strategies;
pub mod sweep;
pub mod tournament;
pub mod tune;

use crate::commands;
use crate::error::input;
use crate::settings::GameSetup;
use anyhow::Result;
use args::{Cli, Command};
use clap::FromArgMatches;
use pressluck_core::engine::cpu::EngineRequest;
use pressluck_core::games::strategy_book::StrategyBook;
use pressluck_core::games::{ColumnFamily, RacesFamily, ShortcutFamily, WithStrategies};
use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::Arc;

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

/// Picks the family of a game setup, knowing the strategies `$strategies` (an
/// `Arc<StrategyBook>`) and the engine request `$engine` (the column races'), and evaluates
/// `$body` with it bound to `$family`: the family is a type, so each arm is its own instance
/// of the generic code in `$body`.
macro_rules! with_family {
    ($setup:expr, $strategies:expr, $engine:expr, $family:ident => $body:expr) => {
        match $setup {
            GameSetup::Columns(rules) => {
                let $family = ColumnFamily::with_strategies(rules, $strategies, $engine);
                $body
            }
            GameSetup::GreatRaces(rules) => {
                let $family = WithStrategies {
                    family: RacesFamily(rules),
                    strategies: $strategies,
                };
                $body
            }
            GameSetup::Shortcut(setup) => {
                let $family = WithStrategies {
                    family: ShortcutFamily(setup),
                    strategies: $strategies,
                };
                $body
            }
            GameSetup::TreasureHunt(family) => {
                let $family = WithStrategies {
                    family,
                    strategies: $strategies,
                };
                $body
            }
        }
    };
}

/// Prints a warning on standard error for each refused strategy file the command's checks
/// did not name (a file named is an error instead).
pub(crate) fn warn_unnamed(book: &StrategyBook) {
    for line in book.warnings() {
        eprintln!("{line}");
    }
}

/// Checks a parsed subcommand into its settings and runs it, its games played by the engine
/// `engine` asks for.
fn run(command: Command, engine: EngineRequest) -> Result<ExitCode> {
    match command {
        Command::Tournament(a) => {
            let book = Arc::new(a.strategies.book()?);
            with_family!(a.game.setup(a.players)?, book.clone(), engine, family => {
                let settings = a.settings(family)?;
                warn_unnamed(&book);
                commands::tournament::run(settings)
            })
        }
        Command::Sweep(a) => {
            a.check_players()?;
            let book = Arc::new(strategies::strategies(a.strategies.as_deref())?);
            with_family!(a.game.setup(a.players)?, book.clone(), engine, family => {
                let settings = a.settings(family)?;
                warn_unnamed(&book);
                commands::sweep::run(settings)
            })
        }
        Command::Tune(a) => {
            let book = Arc::new(strategies::strategies(a.strategies.as_deref())?);
            with_family!(a.game.setup(a.players)?, book.clone(), engine, family => {
                let settings = a.settings(family)?;
                warn_unnamed(&book);
                commands::tune::run(settings)
            })
        }
        Command::Bench(a) => {
            a.check_limits()?;
            let book = Arc::new(a.strategies.book()?);
            with_family!(a.game.setup(a.players)?, book.clone(), engine, family => {
                let settings = a.settings(family)?;
                warn_unnamed(&book);
                commands::bench::run(settings)
            })
        }
        Command::Merge(a) => commands::merge::run(a.settings()?),
        Command::Odds(a) => commands::odds::run(a.settings()?),
        Command::Replay(a) => commands::replay::run(a.settings()?),
        Command::Advise(a) => commands::advise::run(a.settings(engine)?),
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
