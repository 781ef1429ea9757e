//! `pressluck tournament`: every matchup of the listed policies, played in parallel, written as
//! CSV (and optionally the stop-probability table), with a summary on stdout.

use crate::cli::{GameSetup, TournamentArgs};
use crate::commands::job::{Control, Job};
use crate::error::input;
use crate::output::atomic::{check_writable, write_atomic};
use crate::output::counters_csv::{RunId, RunKind};
use crate::output::provenance::Provenance;
use crate::output::tournament_csv::TournamentResult;
use crate::sim::families::{ColumnFamily, RacesFamily, ShortcutFamily};
use crate::sim::family::Family;
use crate::sim::schedule::{matchups, Matchup, Named};
use crate::sim::work::Progress;
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Most games per matchup accepted (a guard against typos like an extra six zeros).
pub const MAX_GAMES: u64 = 10_000_000_000;

/// Validated tournament settings for a game family.
#[derive(Debug)]
pub struct TournamentSettings<F: Family> {
    /// The game family with its rules.
    pub family: F,
    /// The run's game, seats, rules, board and seed, as the CSVs say them.
    pub provenance: Provenance,
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
    /// Shard, checkpoint and resume.
    pub control: Control,
}

/// Splits a comma-separated policy list into spec texts. A spec's own parameters follow a colon
/// and may hold commas (`fixed-risk:0.3,ignore-top`): a part that is no spec by itself
/// continues the spec before it.
pub fn split_policies<F: Family>(family: &F, text: &str) -> Result<Vec<String>> {
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
    Ok(texts)
}

/// Parses a comma-separated policy list (see [`split_policies`]); each spec's error names it.
pub fn parse_policies<F: Family>(family: &F, text: &str) -> Result<Vec<F::Spec>> {
    let mut out: Vec<F::Spec> = Vec::new();
    for t in split_policies(family, text)? {
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

impl<F: Family> TournamentSettings<F> {
    /// Checks the raw arguments for a family.
    pub fn from_args(family: F, a: TournamentArgs) -> Result<TournamentSettings<F>> {
        let text = a
            .policies
            .clone()
            .unwrap_or_else(|| family.default_policies().to_string());
        let policies = parse_policies(&family, &text)?;
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
        crate::cli::check_threads(a.threads)?;
        if a.sharding.shard.is_some() && a.stop_table.is_some() {
            return Err(input(
                "--stop-table: a shard writes counters; ask `pressluck merge --stop-table` instead",
            ));
        }
        check_writable(&a.out, "--out")?;
        let control = a.sharding.check(&a.out)?;
        if let Some(p) = &a.stop_table {
            check_writable(p, "--stop-table")?;
            if *p == a.out {
                return Err(input("--stop-table: same file as --out"));
            }
        }
        Ok(TournamentSettings {
            provenance: a.game.provenance(Some(a.players), Some(a.seed))?,
            family,
            matchups,
            games: a.games,
            seed: a.seed,
            out: a.out,
            stop_table: a.stop_table,
            threads: a.threads,
            quiet: a.quiet,
            control,
        })
    }

    /// The run's identity, as written in counters files.
    pub fn run_id(&self) -> RunId {
        RunId {
            game: self.provenance.game.clone(),
            rules: self.provenance.rules.clone(),
            board: self.provenance.board.clone(),
            setup: self.family.fingerprint(),
            players: self.family.players(),
            matchups: self.matchups.iter().map(|m| m.name()).collect(),
            games: self.games,
            seed: self.seed,
            kind: RunKind::Tournament,
        }
    }

    /// The run to play, with its identity.
    pub fn job(&self) -> Job<'_, F> {
        Job {
            family: &self.family,
            matchups: &self.matchups,
            run: self.run_id(),
            control: &self.control,
            threads: self.threads,
            quiet: self.quiet,
        }
    }

    /// The result table of `progress`.
    pub fn result(&self, progress: &Progress, partial: bool) -> TournamentResult {
        TournamentResult {
            provenance: self.provenance.clone(),
            players: self.family.players(),
            matchups: self
                .matchups
                .iter()
                .map(|m| m.slot_names())
                .zip(progress.stats.iter().cloned())
                .collect(),
            partial,
        }
    }
}

/// Runs the command.
pub fn run(args: TournamentArgs) -> Result<ExitCode> {
    match args.game.setup(args.players)? {
        GameSetup::Columns(rules) => run_family(ColumnFamily(rules), args),
        GameSetup::GreatRaces(rules) => run_family(RacesFamily(rules), args),
        GameSetup::Shortcut(setup) => run_family(ShortcutFamily(setup), args),
        GameSetup::TreasureHunt(family) => run_family(family, args),
    }
}

/// Runs a tournament of one family: the result CSV, or a shard's counters; on an interrupt, the
/// checkpoint and a partial CSV, and exit code 130.
fn run_family<F: Family>(family: F, args: TournamentArgs) -> Result<ExitCode> {
    let svg = args.svg.clone();
    let settings = TournamentSettings::from_args(family, args)?;
    if let Some(p) = &svg {
        if settings.control.sharded_output {
            return Err(input(
                "--svg: a shard writes counters; draw the merged result instead",
            ));
        }
        check_writable(p, "--svg")?;
        if *p == settings.out {
            return Err(input("--svg: same file as --out"));
        }
    }
    let started = Instant::now();
    let job = settings.job();
    let (progress, complete) = job.play()?;
    let secs = started.elapsed().as_secs_f64();
    let interrupted = job.finish(&settings.out, &progress, complete, |partial| {
        let result = settings.result(&progress, partial);
        write_atomic(&settings.out, &result.to_csv()?)?;
        if let Some(p) = &settings.stop_table {
            write_atomic(p, &result.stop_table_csv()?)?;
        }
        if let Some(p) = &svg {
            write_atomic(
                p,
                crate::output::svg_tournament::render(&result)?.as_bytes(),
            )?;
        }
        if !settings.quiet {
            print!("{}", result.summary());
        }
        Ok(())
    })?;
    if let Some(code) = interrupted {
        return Ok(code);
    }
    let played: u64 = progress
        .stats
        .iter()
        .map(|s| (0..4).map(|k| s.slot_total(k).games).sum::<u64>())
        .sum::<u64>()
        / settings.family.players().max(1) as u64;
    if !settings.quiet {
        println!(
            "\n{played} games in {secs:.1} s ({:.0} games/s); results in {}",
            played as f64 / secs.max(1e-9),
            settings.out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
