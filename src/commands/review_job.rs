//! How a review's play-outs are run ([`ReviewJob`]): a progress bar, Ctrl-C, the checkpoint
//! saved as chunks finish (`--checkpoint`), a checkpoint resumed once its identity is found to
//! be this review's (`--resume`), and the end of an interrupted review: what was reviewed
//! written as partial, the checkpoint, a message saying what was kept and how to finish, exit
//! code 130 — as `tournament` and `sweep` end ([`super::job`]).

use super::interrupt::{self, TestHook};
use super::job::{checkpoint_path, CHECKPOINT_EVERY_SECS};
use crate::error::input;
use crate::output::destination::Destination;
use crate::output::progress::games_bar;
use crate::output::review_checkpoint::ReviewCheckpoint;
use crate::output::run_id::RunId;
use anyhow::{Context, Result};
use pressluck_core::games::Family;
use pressluck_core::sim::{play_outs, thread_pool, PlayOuts};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The run of one review's play-outs.
pub struct ReviewJob<'a> {
    /// The review's identity, as its checkpoint holds it.
    pub run: RunId,
    /// Positions of the walk.
    pub positions: usize,
    /// Whether the table has one player.
    pub alone: bool,
    /// `--checkpoint`.
    pub checkpoint: Option<&'a Destination>,
    /// `--resume`.
    pub resume: Option<&'a PathBuf>,
    /// `--out`, when the table goes somewhere.
    pub out: Option<&'a Destination>,
    /// Threads (None = all cores).
    pub threads: Option<usize>,
    /// No progress bar.
    pub quiet: bool,
}

impl ReviewJob<'_> {
    /// The checkpoint of `outs`.
    fn checkpoint_of(&self, outs: &PlayOuts) -> ReviewCheckpoint {
        ReviewCheckpoint {
            run: self.run.clone(),
            outs: outs.clone(),
        }
    }

    /// Loads and checks a checkpoint to resume from: the same review, or a one-line error
    /// naming the first difference.
    fn load_resume(&self, path: &Path) -> Result<PlayOuts> {
        let shown = path.display();
        let bytes = std::fs::read(path).map_err(|e| input(format!("--resume {shown}: {e}")))?;
        let file = ReviewCheckpoint::from_csv(&bytes)
            .map_err(|e| input(format!("--resume {shown}: {e}")))?;
        if let Some(d) = self.run.first_difference(&file.run) {
            return Err(input(format!(
                "--resume {shown}: the checkpoint is of another run (different {}: {} in the checkpoint, {} in this run)",
                d.what, d.theirs, d.ours
            )));
        }
        if file.outs.positions() != self.positions {
            return Err(input(format!(
                "--resume {shown}: the checkpoint is of another run (different positions: {} in the checkpoint, {} in this run)",
                file.outs.positions(),
                self.positions
            )));
        }
        Ok(file.outs)
    }

    /// Plays out `positions` in `family` with `seats` (what a resumed checkpoint does not hold
    /// yet), saving the checkpoint as chunks finish; stops early on Ctrl-C. Returns the
    /// play-outs done.
    pub fn play<F: Family>(
        &self,
        family: &F,
        seats: &F::Seats,
        positions: &[F::Position],
        seed: u64,
    ) -> Result<PlayOuts> {
        let start = match self.resume {
            Some(p) => self.load_resume(p)?,
            None => PlayOuts::new(self.positions, self.run.games, self.alone),
        };
        let left: u64 = (0..start.positions())
            .flat_map(|p| (0..start.chunks()).map(move |c| (p, c)))
            .filter(|&(p, c)| !start.is_done(p, c))
            .map(|(_, c)| start.chunk_range(c).count() as u64)
            .sum();
        let bar = games_bar(left, self.quiet);
        let saved = Mutex::new((start.clone(), Instant::now()));
        let stop = interrupt::flag();
        let hook = TestHook::from_env();
        let finished = AtomicU64::new(0);
        let on_chunk = |p: usize, c: u64, results: &[u32]| {
            bar.inc(results.len() as u64);
            let n = finished.fetch_add(1, Ordering::SeqCst) + 1;
            let hooked = match hook {
                Some(TestHook::InterruptAfter(at) | TestHook::HoldAfter(at)) => n >= at,
                None => false,
            };
            if let Some(path) = self.checkpoint {
                let mut guard = saved.lock().unwrap_or_else(|e| e.into_inner());
                let _ = guard.0.set(p, c, results);
                if hooked || guard.1.elapsed().as_secs_f64() >= CHECKPOINT_EVERY_SECS {
                    if let Ok(bytes) = self.checkpoint_of(&guard.0).to_csv() {
                        let _ = path.write(&bytes);
                    }
                    guard.1 = Instant::now();
                }
            }
            match hook {
                Some(TestHook::InterruptAfter(_)) if hooked => stop.store(true, Ordering::SeqCst),
                Some(TestHook::HoldAfter(_)) if hooked => {
                    while !stop.load(Ordering::SeqCst) {
                        std::thread::sleep(std::time::Duration::from_millis(5));
                    }
                }
                _ => {}
            }
        };
        let pool = thread_pool(self.threads).map_err(|e| anyhow::anyhow!("thread pool: {e}"))?;
        let outs =
            pool.install(|| play_outs(family, seats, positions, start, seed, stop, &on_chunk));
        bar.finish_and_clear();
        if let Some(path) = self.checkpoint {
            path.write(&self.checkpoint_of(&outs).to_csv()?)?;
        }
        Ok(outs)
    }

    /// Writes what the play-outs `outs` leave, through `write_result(partial)`; when they
    /// stopped short, the checkpoint first (`--checkpoint`, else `OUT.checkpoint` beside a
    /// table file), then the message saying what was `kept` (`12 of 30 decisions and 20 of 41
    /// rolls`) and how to finish. A resumed review that completes removes its checkpoint.
    /// Returns exit code 130 for an interrupted review, `None` for a complete one.
    pub fn finish(
        &self,
        outs: &PlayOuts,
        kept: &str,
        write_result: impl FnOnce(bool) -> Result<()>,
    ) -> Result<Option<ExitCode>> {
        let complete = outs.complete();
        let checkpoint = match self.out {
            Some(out) if !complete => checkpoint_path(self.checkpoint, out),
            None if !complete => self.checkpoint.cloned(),
            _ => None,
        };
        if let Some(path) = &checkpoint {
            path.write(&self.checkpoint_of(outs).to_csv()?)?;
        }
        write_result(!complete)?;
        if complete {
            if let Some(p) = self.resume {
                std::fs::remove_file(p).with_context(|| {
                    format!("cannot remove the finished checkpoint {}", p.display())
                })?;
            }
            return Ok(None);
        }
        let place = match self.out {
            Some(out) => format!("in {out} (partial)"),
            None => "in the text review (partial)".to_string(),
        };
        match &checkpoint {
            Some(path) => eprintln!(
                "interrupted: kept the review of {kept} {place}; checkpoint written to {path}; \
                 finish with --resume {path}"
            ),
            None => eprintln!(
                "interrupted: kept the review of {kept} {place}; a review to finish needs \
                 --checkpoint FILE"
            ),
        }
        Ok(Some(ExitCode::from(130)))
    }
}
