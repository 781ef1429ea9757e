//! `pressluck sweep`: a policy template with one range, each point played against every
//! opponent (seats rotated, `--games` games each) or alone, written as CSV with the best point
//! of each series marked, and optionally drawn as an SVG chart.

use crate::cli::{GameSetup, SweepArgs};
use crate::commands::tournament::{rules_label, split_policies, MAX_GAMES};
use crate::error::input;
use crate::output::atomic::{check_writable, write_atomic};
use crate::output::progress::games_bar;
use crate::output::svg_sweep::render_sweep;
use crate::sim::family::{ColumnFamily, Family};
use crate::sim::interrupt;
use crate::sim::schedule::{Matchup, Named};
use crate::sim::work::{self, Plan, Progress, Shard};
use crate::sweep::result::{Series, SweepPoint, SweepResult, FIELD, SOLITAIRE};
use crate::sweep::template::expand;
use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;

/// Validated sweep settings for a game family.
#[derive(Debug)]
pub struct SweepSettings<F: Family> {
    /// The game family with its rules.
    pub family: F,
    /// Edition and variants label.
    pub rules_label: String,
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
        crate::sim::runner::check_threads(a.threads)?;
        check_writable(&a.out, "--out")?;
        if let Some(p) = &a.svg {
            check_writable(p, "--svg")?;
            if *p == a.out {
                return Err(input("--svg: same file as --out"));
            }
        }
        Ok(SweepSettings {
            rules_label: rules_label(&a.game),
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

    /// Plays every matchup; `None` when interrupted.
    pub fn play(&self) -> Result<Option<SweepResult>> {
        let matchups = self.matchups();
        let bar = games_bar(self.games * matchups.len() as u64, self.quiet);
        let pool = crate::sim::runner::thread_pool(self.threads)?;
        let plan = Plan {
            seed: self.seed,
            games: self.games,
            shard: Shard::WHOLE,
        };
        let start = Progress::new(matchups.len());
        let progress = pool.install(|| {
            work::run(
                &self.family,
                &matchups,
                plan,
                start,
                interrupt::flag(),
                &|_, _, s| bar.inc((0..4).map(|k| s.cells[0][k].games).sum()),
            )
        });
        bar.finish_and_clear();
        if !progress.complete(self.games, Shard::WHOLE) {
            return Ok(None);
        }
        Ok(Some(self.result(&progress)))
    }

    /// The result of a finished run.
    pub fn result(&self, progress: &Progress) -> SweepResult {
        let per = self.opponents.len().max(1);
        let series_of = |j: usize, name: &str| Series {
            opponent: name.to_string(),
            counters: (0..self.points.len())
                .map(|i| progress.stats[i * per + j].slot_total(0))
                .collect(),
        };
        let mut series: Vec<Series> = if self.opponents.is_empty() {
            vec![series_of(0, SOLITAIRE)]
        } else {
            self.opponents
                .iter()
                .enumerate()
                .map(|(j, o)| series_of(j, o.name()))
                .collect()
        };
        if !self.opponents.is_empty() {
            let mut field = series_of(0, FIELD);
            for s in &series[1..] {
                for (a, b) in field.counters.iter_mut().zip(&s.counters) {
                    *a += *b;
                }
            }
            series.push(field);
        }
        SweepResult {
            game: self.family.game_name(),
            rules: self.rules_label.clone(),
            players: self.family.players(),
            template: self.template.clone(),
            points: self
                .points
                .iter()
                .map(|(p, s)| SweepPoint {
                    parameter: p.clone(),
                    policy: s.name().to_string(),
                })
                .collect(),
            series,
        }
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
        GameSetup::Shortcut(setup) => run_family(crate::shortcut::ShortcutFamily(setup), args),
        GameSetup::TreasureHunt(family) => run_family(family, args),
    }
}

/// Runs a sweep of one family: the CSV, the chart, the best points on stdout.
fn run_family<F: Family>(family: F, args: SweepArgs) -> Result<ExitCode> {
    let settings = SweepSettings::from_args(family, args)?;
    let Some(result) = settings.play()? else {
        eprintln!("interrupted: nothing written");
        return Ok(ExitCode::from(130));
    };
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
        println!("results in {}", settings.out.display());
    }
    Ok(ExitCode::SUCCESS)
}
