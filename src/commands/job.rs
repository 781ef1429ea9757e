//! What `tournament` and `sweep` share to scale out: the `--shard`, `--checkpoint` and
//! `--resume` flags, playing a shard's chunks with checkpoints saved as they finish, and the end
//! of a run: a shard's counters file, or on an interrupt the checkpoint, a result marked
//! partial and exit code 130; on a bot's fault the same, then its one-line error (exit 2) and
//! the game's record up to the faulty decision beside the result ([`bot_fault`]).

use crate::commands::interrupt::{self, TestHook};
use crate::error::input;
use crate::output::counters_csv::{CountersFile, RunId, RunKind};
use crate::output::destination::Destination;
use crate::output::progress::games_bar;
use crate::output::run_id::{definitions, setup_digest, Difference};
use crate::players::{session, Fault};
use crate::settings::{Control, RunSettings};
use anyhow::{Context, Result};
use pressluck_core::counters::MatchupStats;
use pressluck_core::games::{Family, Matchup};
use pressluck_core::sim::{chunk_count, Plan, Progress, CHUNK};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Least seconds between two checkpoint saves while running.
pub(crate) const CHECKPOINT_EVERY_SECS: f64 = 1.0;

/// One run to play: the family, its matchups, its identity (which holds the seed and the games
/// per matchup) and its flags.
pub struct Job<'a, F: Family> {
    /// The game family with its rules.
    pub family: &'a F,
    /// The matchups, in the order of `run.matchups`.
    pub matchups: &'a [Matchup<F::Spec>],
    /// The run's identity, as written in counters files.
    pub run: RunId,
    /// Shard, checkpoint and resume.
    pub control: &'a Control,
    /// Where the result (or a shard's counters) goes.
    pub out: &'a Destination,
    /// Threads (None = all cores).
    pub threads: Option<usize>,
    /// No progress bar.
    pub quiet: bool,
}

impl<'a, F: Family> Job<'a, F> {
    /// The job of `run` playing `matchups`, a run of `kind`.
    pub fn new(run: &'a RunSettings<F>, matchups: &'a [Matchup<F::Spec>], kind: RunKind) -> Self {
        session().set_rules(&run.provenance.rules);
        session().set_seed(run.seed);
        Job {
            family: &run.family,
            matchups,
            run: RunId {
                game: run.provenance.game.clone(),
                rules: run.provenance.rules.clone(),
                board: run.provenance.board.clone(),
                setup: setup_digest(&run.family.identity()),
                players: run.family.players(),
                matchups: matchups.iter().map(|m| m.name()).collect(),
                policies: definitions(matchups),
                games: run.games,
                seed: run.seed,
                kind,
            },
            control: &run.control,
            out: &run.out,
            threads: run.threads,
            quiet: run.quiet,
        }
    }

    /// The counters file of `progress`.
    pub fn counters(&self, progress: &Progress) -> CountersFile {
        CountersFile {
            run: self.run.clone(),
            shard: self.control.shard,
            progress: progress.clone(),
        }
    }

    /// Where this run saves its checkpoint ([`checkpoint_path`]).
    fn checkpoint(&self) -> Option<Destination> {
        checkpoint_path(self.control.checkpoint.as_ref(), self.out)
    }

    /// Says on stderr when this run's checkpoint file already holds an interrupted run of the
    /// same arguments (which this run would overwrite): resume it with `--resume`.
    fn mention_old_checkpoint(&self) {
        let Some(Destination::File(path)) = self.checkpoint() else {
            return;
        };
        let same = std::fs::read(&path)
            .ok()
            .and_then(|bytes| CountersFile::from_csv(&bytes).ok())
            .is_some_and(|f| {
                f.shard == self.control.shard
                    && self.run.first_difference(&f.run).is_none()
                    && !f.progress.complete(self.run.games, f.shard)
            });
        if same {
            eprintln!(
                "note: {} holds an interrupted run of these arguments; this run starts afresh \
                 (to continue that one instead, add --resume {})",
                path.display(),
                path.display()
            );
        }
    }

    /// Loads and checks a checkpoint to resume from.
    fn load_resume(&self, path: &Path) -> Result<Progress> {
        let shown = path.display();
        let bytes = std::fs::read(path).map_err(|e| input(format!("--resume {shown}: {e}")))?;
        let file =
            CountersFile::from_csv(&bytes).map_err(|e| input(format!("--resume {shown}: {e}")))?;
        let shard = (file.shard != self.control.shard).then(|| Difference {
            what: "shard",
            ours: self.control.shard.to_string(),
            theirs: file.shard.to_string(),
        });
        if let Some(d) = self.run.first_difference(&file.run).or(shard) {
            return Err(input(format!(
                "--resume {shown}: the checkpoint is of another run (different {}: {} in the checkpoint, {} in this run)",
                d.what, d.theirs, d.ours
            )));
        }
        Ok(file.progress)
    }

    /// Plays the run (or what is left of it), saving checkpoints as chunks finish. Returns the
    /// progress and whether every chunk is done.
    pub fn play(&self) -> Result<(Progress, bool)> {
        let (games, shard) = (self.run.games, self.control.shard);
        let start = match &self.control.resume {
            Some(p) => self.load_resume(p)?,
            None => {
                self.mention_old_checkpoint();
                Progress::new(self.matchups.len())
            }
        };
        let chunk_games = |k: u64| (games - k * CHUNK).min(CHUNK);
        let left: u64 = (0..chunk_count(games))
            .filter(|&k| shard.owns(k))
            .map(|k| chunk_games(k) * start.done.iter().filter(|d| !d.contains(&k)).count() as u64)
            .sum();
        let bar = games_bar(left, self.quiet);
        let saved = Mutex::new((start.clone(), Instant::now()));
        let interrupt = interrupt::flag();
        let hook = TestHook::from_env();
        let finished = AtomicU64::new(0);
        let on_chunk = |m: usize, k: u64, stats: &MatchupStats| {
            bar.inc(chunk_games(k));
            let n = finished.fetch_add(1, Ordering::SeqCst) + 1;
            let hooked = match hook {
                Some(TestHook::InterruptAfter(at) | TestHook::HoldAfter(at)) => n >= at,
                None => false,
            };
            if let Some(path) = &self.control.checkpoint {
                let mut guard = saved.lock().unwrap_or_else(|e| e.into_inner());
                guard.0.add(m, k, stats);
                if hooked || guard.1.elapsed().as_secs_f64() >= CHECKPOINT_EVERY_SECS {
                    if let Ok(bytes) = self.counters(&guard.0).to_csv() {
                        let _ = path.write(&bytes);
                    }
                    guard.1 = Instant::now();
                }
            }
            match hook {
                Some(TestHook::InterruptAfter(_)) if hooked => {
                    interrupt.store(true, Ordering::SeqCst);
                }
                Some(TestHook::HoldAfter(_)) if hooked => {
                    while !interrupt.load(Ordering::SeqCst) {
                        std::thread::sleep(std::time::Duration::from_millis(5));
                    }
                }
                _ => {}
            }
        };
        let pool = pressluck_core::sim::thread_pool(self.threads)?;
        let plan = Plan {
            seed: self.run.seed,
            games,
            shard,
        };
        let progress = pool.install(|| {
            pressluck_core::sim::run(
                self.family,
                self.matchups,
                plan,
                start,
                interrupt,
                &on_chunk,
            )
        });
        bar.finish_and_clear();
        let complete = progress.complete(games, shard);
        if let Some(path) = &self.control.checkpoint {
            path.write(&self.counters(&progress).to_csv()?)?;
        }
        Ok((progress, complete))
    }

    /// Writes what a played run leaves: a shard's counters to `--out`, or else the result
    /// through `write_result(partial)`. When the run was interrupted, the checkpoint first
    /// (`--checkpoint`, else `OUT.checkpoint`), then the message telling how to resume; when a
    /// resumed run completes, its checkpoint is removed. Returns exit code 130 for an
    /// interrupted run, `None` for a complete one.
    pub fn finish(
        &self,
        progress: &Progress,
        complete: bool,
        write_result: impl FnOnce(bool) -> Result<()>,
    ) -> Result<Option<ExitCode>> {
        let checkpoint = match self.checkpoint() {
            Some(path) if !complete => {
                path.write(&self.counters(progress).to_csv()?)?;
                Some(path)
            }
            _ => None,
        };
        if self.control.sharded_output {
            self.out.write(&self.counters(progress).to_csv()?)?;
        } else {
            write_result(!complete)?;
        }
        if let Some(fault) = session().fault() {
            return Err(bot_fault(self.out, checkpoint.as_ref(), &fault));
        }
        if complete {
            if let Some(p) = &self.control.resume {
                std::fs::remove_file(p).with_context(|| {
                    format!("cannot remove the finished checkpoint {}", p.display())
                })?;
            }
            return Ok(None);
        }
        Ok(Some(interrupted(self.out, checkpoint.as_ref())))
    }
}

/// Where a run whose result goes to `out` saves its checkpoint: `checkpoint` (the
/// `--checkpoint` flag), else `OUT.checkpoint` beside a regular output file (none when the
/// result goes to standard output or a device).
pub fn checkpoint_path(checkpoint: Option<&Destination>, out: &Destination) -> Option<Destination> {
    match (checkpoint, out) {
        (Some(c), _) => Some(c.clone()),
        (None, Destination::File(p)) => {
            let mut name = p.clone().into_os_string();
            name.push(".checkpoint");
            Some(Destination::File(PathBuf::from(name)))
        }
        (None, _) => None,
    }
}

/// Tells on stderr that a run was interrupted, its result `out` written as partial, and how to
/// resume it from `checkpoint`; returns the exit code of an interrupted run, 130.
pub fn interrupted(out: &Destination, checkpoint: Option<&Destination>) -> ExitCode {
    match checkpoint {
        Some(path) => {
            eprintln!("interrupted: {out} written as partial; resume with --resume {path}")
        }
        None => eprintln!(
            "interrupted: {out} written as partial; a run to resume needs --checkpoint FILE"
        ),
    }
    ExitCode::from(130)
}

/// The error of a run ended by a bot's fault, its result `out` written (as partial unless
/// complete) and its checkpoint at `checkpoint`: the fault's one line, then how to resume, then
/// where the game's record up to the faulty decision was written (beside `out`:
/// `OUT.fault.rec`, or `bot-fault.rec` when the result went to standard output) for `advise`.
pub fn bot_fault(
    out: &Destination,
    checkpoint: Option<&Destination>,
    fault: &Fault,
) -> anyhow::Error {
    let mut text = fault.message();
    match checkpoint {
        Some(path) => text += &format!("; {out} written as partial: resume with --resume {path}"),
        None => text += &format!("; {out} written"),
    }
    if let Some(record) = &fault.record {
        let path = match out {
            Destination::File(p) => {
                let mut name = p.clone().into_os_string();
                name.push(".fault.rec");
                PathBuf::from(name)
            }
            _ => PathBuf::from("bot-fault.rec"),
        };
        let written = Destination::check(&path, "the fault's record")
            .and_then(|d| d.write(record.as_bytes()));
        match written {
            Ok(()) => {
                text += &format!(
                    "; the game up to that decision: {} (pressluck advise {})",
                    path.display(),
                    path.display()
                )
            }
            Err(e) => text += &format!("; the game's record could not be written: {e:#}"),
        }
    }
    input(text)
}

/// Where a run's words for people go: stdout, or stderr when a result goes to stdout (so a
/// pipe gets the CSV alone); nowhere under `--quiet`.
#[derive(Clone, Copy, Debug)]
pub struct Say {
    quiet: bool,
    to_stderr: bool,
}

impl Say {
    /// For a run with these outputs.
    pub fn new(quiet: bool, outputs: &[Option<&Destination>]) -> Say {
        let to_stderr = outputs.iter().flatten().any(|d| d.is_stdout());
        Say { quiet, to_stderr }
    }

    /// Prints `text` (its own line breaks included).
    pub fn text(self, text: &str) {
        match (self.quiet, self.to_stderr) {
            (true, _) => {}
            (false, true) => eprint!("{text}"),
            (false, false) => print!("{text}"),
        }
    }
}
