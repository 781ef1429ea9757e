//! `pressluck sweep`: a policy template with one range, each point played against every
//! opponent (seats rotated, `--games` games each) or alone, written as CSV with the best point
//! of each series marked, and optionally drawn as an SVG chart. `--shard`, `--checkpoint`,
//! `--resume` and Ctrl-C work as for `tournament` (see [`crate::commands::job`]).

use crate::cli::{GameSetup, SweepArgs};
use crate::commands::job::{Control, Job};
use crate::commands::tournament::{split_policies, MAX_GAMES};
use crate::error::input;
use crate::output::atomic::{check_writable, write_atomic};
use crate::output::counters_csv::{RunId, RunKind};
use crate::output::provenance::Provenance;
use crate::output::svg_sweep::render_sweep;
use crate::sim::families::{ColumnFamily, RacesFamily, ShortcutFamily};
use crate::sim::family::Family;
use crate::sim::schedule::{Matchup, Named};
use crate::sim::work::Progress;
use crate::sweep::result::SweepResult;
use crate::sweep::template::expand;
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

/// Validated sweep settings for a game family.
#[derive(Debug)]
pub struct SweepSettings<F: Family> {
    /// The game family with its rules.
    pub family: F,
    /// The run's game, seats, rules, board and seed, as the CSV says them.
    pub provenance: Provenance,
    /// The template as given.
    pub template: String,
    /// The points: parameter text and the parsed spec.
    pub points: Vec<(String, F::Spec)>,
    /// The opponents (empty for solitaire).
    pub opponents: Vec<F::Spec>,
    /// Games per point and opponent.
    pub games: u64,
    /// Seed.
    pub seed: u64,
    /// Result CSV.
    pub out: PathBuf,
    /// Chart.
    pub svg: Option<PathBuf>,
    /// Threads (None = all cores).
    pub threads: Option<usize>,
    /// No progress bar or summary.
    pub quiet: bool,
    /// Shard, checkpoint and resume.
    pub control: Control,
}

/// Parses `text` as a list of distinct specs for the flag `flag`.
fn parse_list<F: Family>(family: &F, text: &str, flag: &str) -> Result<Vec<F::Spec>> {
    let parts =
        split_policies(family, text).map_err(|_| input(format!("{flag} '{text}': empty entry")))?;
    let mut out: Vec<F::Spec> = Vec::new();
    for t in parts {
        let spec = family
            .parse_spec(&t)
            .map_err(|e| input(format!("{flag}: {e}")))?;
        if out.iter().any(|s| s.name() == spec.name()) {
            return Err(input(format!("{flag}: '{}' is listed twice", spec.name())));
        }
        out.push(spec);
    }
    Ok(out)
}

impl<F: Family> SweepSettings<F> {
    /// Checks the raw arguments for a family.
    pub fn from_args(family: F, a: SweepArgs) -> Result<SweepSettings<F>> {
        let expanded = expand(&a.policy).map_err(|e| input(format!("--policy {e}")))?;
        let mut points: Vec<(String, F::Spec)> = Vec::new();
        for p in expanded {
            let spec = family
                .parse_spec(&p.spec)
                .map_err(|e| input(format!("--policy: at {}: {e}", p.parameter)))?;
            if let Some((q, _)) = points.iter().find(|(_, s)| s.name() == spec.name()) {
                return Err(input(format!(
                    "--policy: {q} and {} make the same policy '{}'",
                    p.parameter,
                    spec.name()
                )));
            }
            points.push((p.parameter, spec));
        }
        let opponents = match (a.players, &a.against) {
            (1, None) => Vec::new(),
            (1, Some(_)) => {
                return Err(input("--against: a solitaire sweep (--players 1) has none"))
            }
            (2, text) => {
                let text = text.as_deref().unwrap_or(family.default_policies());
                parse_list(&family, text, "--against")?
            }
            (n, _) => {
                return Err(input(format!(
                    "--players {n}: a sweep takes 1 (solitaire) or 2 players"
                )))
            }
        };
        let per_point = opponents.len().max(1) as u64;
        let total = (points.len() as u64).saturating_mul(per_point);
        if a.games == 0 || a.games.saturating_mul(total) > MAX_GAMES {
            return Err(input(format!(
                "--games {}: must be at least 1, and {} points × {per_point} opponents × games at most {MAX_GAMES}",
                a.games,
                points.len()
            )));
        }
        crate::cli::check_threads(a.threads)?;
        check_writable(&a.out, "--out")?;
        if a.svg.is_some() && a.sharding.shard.is_some() {
            return Err(input(
                "--svg: a shard writes counters; draw the merged result instead",
            ));
        }
        let control = a.sharding.check(&a.out)?;
        if let Some(p) = &a.svg {
            check_writable(p, "--svg")?;
            if *p == a.out {
                return Err(input("--svg: same file as --out"));
            }
        }
        Ok(SweepSettings {
            provenance: a.game.provenance(Some(a.players), Some(a.seed))?,
            family,
            template: a.policy,
            points,
            opponents,
            games: a.games,
            seed: a.seed,
            out: a.out,
            svg: a.svg,
            threads: a.threads,
            quiet: a.quiet,
            control,
        })
    }

    /// The matchups, point by point, then opponent by opponent (the swept policy in slot 0).
    pub fn matchups(&self) -> Vec<Matchup<F::Spec>> {
        let mut out = Vec::new();
        for (_, p) in &self.points {
            if self.opponents.is_empty() {
                out.push(Matchup {
                    slots: vec![p.clone()],
                });
            }
            for o in &self.opponents {
                out.push(Matchup {
                    slots: vec![p.clone(), o.clone()],
                });
            }
        }
        out
    }

    /// The run's identity, as written in counters files.
    pub fn run_id(&self) -> RunId {
        RunId {
            game: self.provenance.game.clone(),
            rules: self.provenance.rules.clone(),
            board: self.provenance.board.clone(),
            setup: self.family.fingerprint(),
            players: self.family.players(),
            matchups: self.matchups().iter().map(|m| m.name()).collect(),
            games: self.games,
            seed: self.seed,
            kind: RunKind::Sweep {
                template: self.template.clone(),
                points: self.points.iter().map(|(p, _)| p.clone()).collect(),
            },
        }
    }

    /// The run to play: `matchups` are [`SweepSettings::matchups`].
    pub fn job<'a>(&'a self, matchups: &'a [Matchup<F::Spec>]) -> Job<'a, F> {
        Job {
            family: &self.family,
            matchups,
            run: self.run_id(),
            control: &self.control,
            threads: self.threads,
            quiet: self.quiet,
        }
    }

    /// The result of `progress`, marked `partial` when games are missing; built as `merge`
    /// builds it from shards.
    pub fn result(&self, progress: &Progress, partial: bool) -> Result<SweepResult> {
        crate::sweep::shard::result(&self.run_id(), &progress.stats, partial)
            .map_err(anyhow::Error::msg)
    }
}

/// Runs the command.
pub fn run(args: SweepArgs) -> Result<ExitCode> {
    if !(1..=2).contains(&args.players) {
        return Err(input(format!(
            "--players {}: a sweep takes 1 (solitaire) or 2 players",
            args.players
        )));
    }
    match args.game.setup(args.players)? {
        GameSetup::Columns(rules) => run_family(ColumnFamily(rules), args),
        GameSetup::GreatRaces(rules) => run_family(RacesFamily(rules), args),
        GameSetup::Shortcut(setup) => run_family(ShortcutFamily(setup), args),
        GameSetup::TreasureHunt(family) => run_family(family, args),
    }
}

/// Runs a sweep of one family: the CSV, the chart, the best points on stdout; or a shard's
/// counters; on an interrupt, the checkpoint and a partial CSV, and exit code 130.
fn run_family<F: Family>(family: F, args: SweepArgs) -> Result<ExitCode> {
    let settings = SweepSettings::from_args(family, args)?;
    let matchups = settings.matchups();
    let job = settings.job(&matchups);
    let (progress, complete) = job.play()?;
    let interrupted = job.finish(&settings.out, &progress, complete, |partial| {
        let result = settings.result(&progress, partial)?;
        let svg = settings
            .svg
            .as_ref()
            .map(|_| render_sweep(&result))
            .transpose()?;
        write_atomic(&settings.out, &result.to_csv()?)?;
        if let (Some(path), Some(svg)) = (&settings.svg, svg) {
            write_atomic(path, svg.as_bytes())?;
        }
        if !settings.quiet {
            print!("{}", result.summary());
        }
        Ok(())
    })?;
    if let Some(code) = interrupted {
        return Ok(code);
    }
    if !settings.quiet {
        println!("results in {}", settings.out.display());
    }
    Ok(ExitCode::SUCCESS)
}
