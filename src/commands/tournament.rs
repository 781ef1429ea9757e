//! `pressluck tournament`: every matchup of the listed policies, played in parallel, written as
//! CSV (and optionally the stop-probability table), with a summary on stdout.

use crate::cli::{GameArgs, GameSetup, TournamentArgs};
use crate::error::input;
use crate::output::atomic::{check_writable, write_atomic};
use crate::output::counters_csv::{CountersFile, RunId};
use crate::output::progress::games_bar;
use crate::output::tournament_csv::TournamentResult;
use crate::sim::family::{ColumnFamily, Family};
use crate::sim::interrupt;
use crate::sim::runner::CHUNK;
use crate::sim::schedule::{matchups, Matchup, Named};
use crate::sim::stats::MatchupStats;
use crate::sim::work::{self, chunk_count, Plan, Progress, Shard};
use anyhow::Result;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

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
    /// The shard played.
    pub shard: Shard,
    /// Whether `--out` gets raw counters (a `--shard` run) rather than the result table.
    pub sharded_output: bool,
    /// Where to save checkpoints.
    pub checkpoint: Option<PathBuf>,
    /// The checkpoint to resume from.
    pub resume: Option<PathBuf>,
}

/// Least seconds between two checkpoint saves while running.
const CHECKPOINT_EVERY_SECS: f64 = 1.0;

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

/// The edition/variant label of the game arguments, like `en` or `de+faster-gear`.
pub fn rules_label(g: &GameArgs) -> String {
    let mut parts = Vec::new();
    if matches!(g.game.as_str(), "route66" | "route-66" | "mother-road") {
        parts.push(g.edition.clone());
    }
    parts.extend(g.variants.iter().cloned());
    if g.board.is_some() {
        parts.push("custom-board".into());
    }
    if parts.is_empty() {
        "standard".into()
    } else {
        parts.join("+")
    }
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
        crate::sim::runner::check_threads(a.threads)?;
        let shard = match &a.shard {
            Some(t) => Shard::parse(t).map_err(|e| input(format!("--shard {e}")))?,
            None => Shard::WHOLE,
        };
        if a.shard.is_some() && a.stop_table.is_some() {
            return Err(input(
                "--stop-table: a shard writes counters; ask `pressluck merge --stop-table` instead",
            ));
        }
        check_writable(&a.out, "--out")?;
        if let Some(p) = &a.checkpoint {
            check_writable(p, "--checkpoint")?;
            if *p == a.out {
                return Err(input("--checkpoint: same file as --out"));
            }
        }
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
            shard,
            sharded_output: a.shard.is_some(),
            checkpoint: a.checkpoint,
            resume: a.resume,
        })
    }

    /// The run's identity, as written in counters files.
    pub fn run_id(&self) -> RunId {
        RunId {
            game: self.family.game_name(),
            rules: self.rules_label.clone(),
            setup: self.family.fingerprint(),
            players: self.family.players(),
            matchups: self.matchups.iter().map(|m| m.name()).collect(),
            games: self.games,
            seed: self.seed,
        }
    }

    /// The counters file of `progress`.
    pub fn counters(&self, progress: &Progress) -> CountersFile {
        CountersFile {
            run: self.run_id(),
            shard: self.shard,
            progress: progress.clone(),
        }
    }

    /// Loads and checks a checkpoint to resume from.
    fn load_resume(&self, path: &Path) -> Result<Progress> {
        let shown = path.display();
        let bytes = std::fs::read(path).map_err(|e| input(format!("--resume {shown}: {e}")))?;
        let file =
            CountersFile::from_csv(&bytes).map_err(|e| input(format!("--resume {shown}: {e}")))?;
        if file.run != self.run_id() || file.shard != self.shard {
            return Err(input(format!(
                "--resume {shown}: the checkpoint is of another run (seed, arguments or shard differ)"
            )));
        }
        Ok(file.progress)
    }

    /// Plays the run (or what is left of it), saving checkpoints as chunks finish. Returns the
    /// progress and whether every chunk is done.
    pub fn play(&self) -> Result<(Progress, bool)> {
        let start = match &self.resume {
            Some(p) => self.load_resume(p)?,
            None => Progress::new(self.matchups.len()),
        };
        let owned = (0..chunk_count(self.games))
            .filter(|&k| self.shard.owns(k))
            .count() as u64;
        let chunk_games = |k: u64| (self.games - k * CHUNK).min(CHUNK);
        let left: u64 = (0..chunk_count(self.games))
            .filter(|&k| self.shard.owns(k))
            .map(|k| chunk_games(k) * start.done.iter().filter(|d| !d.contains(&k)).count() as u64)
            .sum();
        let bar = games_bar(left, self.quiet);
        let saved = Mutex::new((start.clone(), Instant::now()));
        let on_chunk = |m: usize, k: u64, stats: &MatchupStats| {
            bar.inc(chunk_games(k));
            if let Some(path) = &self.checkpoint {
                let mut guard = saved.lock().unwrap_or_else(|e| e.into_inner());
                guard.0.add(m, k, stats);
                if guard.1.elapsed().as_secs_f64() >= CHECKPOINT_EVERY_SECS {
                    if let Ok(bytes) = self.counters(&guard.0).to_csv() {
                        let _ = write_atomic(path, &bytes);
                    }
                    guard.1 = Instant::now();
                }
            }
        };
        let pool = crate::sim::runner::thread_pool(self.threads)?;
        let interrupt = interrupt::flag();
        let progress = pool.install(|| {
            work::run(
                &self.family,
                &self.matchups,
                Plan {
                    seed: self.seed,
                    games: self.games,
                    shard: self.shard,
                },
                start,
                interrupt,
                &on_chunk,
            )
        });
        bar.finish_and_clear();
        let complete = progress.done.iter().all(|d| d.len() as u64 == owned);
        if let Some(path) = &self.checkpoint {
            write_atomic(path, &self.counters(&progress).to_csv()?)?;
        }
        Ok((progress, complete))
    }

    /// The result table of `progress`.
    pub fn result(&self, progress: &Progress, partial: bool) -> TournamentResult {
        TournamentResult {
            game: self.family.game_name(),
            rules: self.rules_label.clone(),
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
        GameSetup::Shortcut(setup) => run_family(crate::shortcut::ShortcutFamily(setup), args),
        GameSetup::TreasureHunt(family) => run_family(family, args),
    }
}

/// Runs a tournament of one family: the result CSV, or a shard's counters; on an interrupt, the
/// checkpoint and a partial CSV, and exit code 130.
fn run_family<F: Family>(family: F, args: TournamentArgs) -> Result<ExitCode> {
    let svg = args.svg.clone();
    let mut settings = TournamentSettings::from_args(family, args)?;
    if let Some(p) = &svg {
        if settings.sharded_output {
            return Err(input(
                "--svg: a shard writes counters; draw the merged result instead",
            ));
        }
        check_writable(p, "--svg")?;
        if *p == settings.out {
            return Err(input("--svg: same file as --out"));
        }
    }
    let interrupted_checkpoint = settings.checkpoint.is_none().then(|| {
        let mut p = settings.out.clone().into_os_string();
        p.push(".checkpoint");
        PathBuf::from(p)
    });
    let started = Instant::now();
    let (progress, complete) = settings.play()?;
    let secs = started.elapsed().as_secs_f64();
    if !complete {
        if let Some(p) = interrupted_checkpoint {
            settings.checkpoint = Some(p);
        }
        let checkpoint = settings.checkpoint.clone().unwrap_or_default();
        write_atomic(&checkpoint, &settings.counters(&progress).to_csv()?)?;
    }
    if !settings.sharded_output {
        let result = settings.result(&progress, !complete);
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
    } else {
        write_atomic(&settings.out, &settings.counters(&progress).to_csv()?)?;
    }
    let played: u64 = progress
        .stats
        .iter()
        .map(|s| (0..4).map(|k| s.slot_total(k).games).sum::<u64>())
        .sum::<u64>()
        / settings.family.players().max(1) as u64;
    if !complete {
        eprintln!(
            "interrupted: {} written as partial; resume with --resume {}",
            settings.out.display(),
            settings
                .checkpoint
                .as_ref()
                .map(|p| p.display().to_string())
                .unwrap_or_default()
        );
        return Ok(ExitCode::from(130));
    }
    if !settings.quiet {
        println!(
            "\n{played} games in {secs:.1} s ({:.0} games/s); results in {}",
            played as f64 / secs.max(1e-9),
            settings.out.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
