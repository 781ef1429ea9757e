//! `pressluck tournament`: every matchup of the listed policies, played in parallel, written as
//! CSV (and optionally the stop-probability table), with a summary on stdout.

use crate::cli::{GameArgs, GameSetup, TournamentArgs};
use crate::error::input;
use crate::output::atomic::{check_writable, write_atomic};
use crate::output::progress::games_bar;
use crate::output::tournament_csv::TournamentResult;
use crate::sim::family::{ColumnFamily, Family};
use crate::sim::schedule::{matchups, Matchup, Named};
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

/// Most games per matchup accepted (a guard against typos like an extra six zeros).
pub const MAX_GAMES: u64 = 10_000_000_000;

/// Validated tournament settings for a game family.
#[derive(Debug)]
pub struct TournamentSettings<F: Family> {
    /// The game family with its rules.
    pub family: F,
    /// Edition and variants label for the CSV.
    pub rules_label: String,
    /// The matchups.
    pub matchups: Vec<Matchup<F::Spec>>,
    /// Games per matchup.
    pub games: u64,
    /// Seed.
    pub seed: u64,
    /// Result CSV.
    pub out: PathBuf,
    /// Stop-table CSV.
    pub stop_table: Option<PathBuf>,
    /// Threads (None = all cores).
    pub threads: Option<usize>,
    /// No progress bar or summary.
    pub quiet: bool,
}

/// Parses a comma-separated policy list; each spec's error names it. A spec's own parameters
/// follow a colon and may hold commas (`fixed-risk:0.3,ignore-top`): a part that is no spec by
/// itself continues the spec before it.
pub fn parse_policies<F: Family>(family: &F, text: &str) -> Result<Vec<F::Spec>> {
    let mut texts: Vec<String> = Vec::new();
    for part in text.split(',').map(str::trim) {
        if part.is_empty() {
            return Err(input(format!("--policies '{text}': empty entry")));
        }
        match texts.last_mut() {
            Some(prev)
                if prev.contains(':')
                    && !part.contains(':')
                    && family.parse_spec(part).is_err() =>
            {
                prev.push(',');
                prev.push_str(part);
            }
            _ => texts.push(part.to_string()),
        }
    }
    let mut out: Vec<F::Spec> = Vec::new();
    for t in texts {
        let spec = family
            .parse_spec(&t)
            .map_err(|e| input(format!("--policies: {e}")))?;
        if out.iter().any(|s| s.name() == spec.name()) {
            return Err(input(format!(
                "--policies: '{}' is listed twice",
                spec.name()
            )));
        }
        out.push(spec);
    }
    Ok(out)
}

/// The edition/variant label of the game arguments, like `en` or `de+faster-gear`.
pub fn rules_label(g: &GameArgs) -> String {
    let mut parts = vec![g.edition.clone()];
    parts.extend(g.variants.iter().cloned());
    if g.board.is_some() {
        parts.push("custom-board".into());
    }
    parts.join("+")
}

impl<F: Family> TournamentSettings<F> {
    /// Checks the raw arguments for a family.
    pub fn from_args(family: F, a: TournamentArgs) -> Result<TournamentSettings<F>> {
        let policies = parse_policies(&family, &a.policies)?;
        let matchups = matchups(&policies, a.players as usize);
        if matchups.is_empty() {
            return Err(input(format!(
                "--policies: {} policy for {} players makes no matchup; list at least two",
                policies.len(),
                a.players
            )));
        }
        if a.games == 0 || a.games > MAX_GAMES {
            return Err(input(format!(
                "--games {}: must be between 1 and {MAX_GAMES}",
                a.games
            )));
        }
        if a.threads == Some(0) || a.threads.is_some_and(|t| t > 1024) {
            return Err(input(format!(
                "--threads {}: must be between 1 and 1024",
                a.threads.unwrap_or(0)
            )));
        }
        check_writable(&a.out, "--out")?;
        if let Some(p) = &a.stop_table {
            check_writable(p, "--stop-table")?;
            if *p == a.out {
                return Err(input("--stop-table: same file as --out"));
            }
        }
        Ok(TournamentSettings {
            family,
            rules_label: rules_label(&a.game),
            matchups,
            games: a.games,
            seed: a.seed,
            out: a.out,
            stop_table: a.stop_table,
            threads: a.threads,
            quiet: a.quiet,
        })
    }

    /// Plays every matchup.
    pub fn play(&self) -> Result<TournamentResult> {
        let total = self.games * self.matchups.len() as u64;
        let bar = games_bar(total, self.quiet);
        let tick = |n: u64| bar.inc(n);
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = self.threads {
            pool = pool.num_threads(t);
        }
        let pool = pool.build()?;
        let matchups = pool.install(|| {
            self.matchups
                .iter()
                .map(|m| {
                    let stats = self.family.run_matchup(m, self.seed, 0, self.games, &tick);
                    (m.slot_names(), stats)
                })
                .collect()
        });
        bar.finish_and_clear();
        Ok(TournamentResult {
            game: self.family.game_name(),
            rules: self.rules_label.clone(),
            players: self.family.players(),
            matchups,
        })
    }
}

/// Runs the command.
pub fn run(args: TournamentArgs) -> Result<ExitCode> {
    match args.game.setup(args.players)? {
        GameSetup::Columns(rules) => run_family(ColumnFamily(rules), args),
        GameSetup::TreasureHunt(family) => run_family(family, args),
    }
}

/// Runs a tournament of one family.
fn run_family<F: Family>(family: F, args: TournamentArgs) -> Result<ExitCode> {
    let settings = TournamentSettings::from_args(family, args)?;
    let started = std::time::Instant::now();
    let result = settings.play()?;
    let secs = started.elapsed().as_secs_f64();
    write_atomic(&settings.out, &result.to_csv()?)?;
    if let Some(p) = &settings.stop_table {
        write_atomic(p, &result.stop_table_csv()?)?;
    }
    if !settings.quiet {
        print!("{}", result.summary());
        let games = settings.games * settings.matchups.len() as u64;
        println!(
            "\n{games} games in {secs:.1} s ({:.0} games/s); results in {}",
            games as f64 / secs.max(1e-9),
            settings.out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
