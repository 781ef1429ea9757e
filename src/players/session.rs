//! What the seats from outside share in one run of pressluck ([`Session`]): the bot timeout,
//! where bots' standard error goes, the rules label they are greeted with, the run's first
//! fault, and every bot, so that their processes are ended when the run ends.

use super::fault::Fault;
use crate::commands::interrupt;
use std::fs::File;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;

/// The bot timeout when `--bot-timeout` is not given.
pub const DEFAULT_BOT_TIMEOUT_SECS: f64 = 5.0;

/// The run's seats from outside.
#[derive(Debug)]
pub struct Session {
    /// How long a bot may take to answer.
    timeout: Mutex<Duration>,
    /// Where bots' standard error goes (none: the terminal's).
    log: Mutex<Option<File>>,
    /// The rules label bots are greeted with.
    rules: Mutex<String>,
    /// The run's seed, for faults' messages.
    seed: Mutex<Option<u64>>,
    /// The run's first fault.
    fault: Mutex<Option<Fault>>,
    /// Whether a fault was recorded (read on every question).
    failed: AtomicBool,
    /// Every bot made, to end their processes.
    bots: Mutex<Vec<Weak<dyn Processes>>>,
}

/// What runs processes for the session to end with the run: a bot.
pub trait Processes: Send + Sync {
    /// Ends every process (killed and reaped).
    fn end_all(&self);
}

static SESSION: OnceLock<Session> = OnceLock::new();

/// The run's session.
pub fn session() -> &'static Session {
    SESSION.get_or_init(|| Session {
        timeout: Mutex::new(Duration::from_secs_f64(DEFAULT_BOT_TIMEOUT_SECS)),
        log: Mutex::new(None),
        rules: Mutex::new("standard".into()),
        seed: Mutex::new(None),
        fault: Mutex::new(None),
        failed: AtomicBool::new(false),
        bots: Mutex::new(Vec::new()),
    })
}

/// Locks `m`, a poisoned lock taken as it is.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Session {
    /// Sets the bot timeout and where bots' standard error goes.
    pub fn configure(&self, timeout: Duration, log: Option<File>) {
        *lock(&self.timeout) = timeout;
        *lock(&self.log) = log;
    }

    /// Sets the rules label bots are greeted with.
    pub fn set_rules(&self, rules: &str) {
        *lock(&self.rules) = rules.to_string();
    }

    /// Sets the run's seed, which a fault's message names.
    pub fn set_seed(&self, seed: u64) {
        *lock(&self.seed) = Some(seed);
    }

    /// The bot timeout.
    pub fn timeout(&self) -> Duration {
        *lock(&self.timeout)
    }

    /// Where bots' standard error goes, if not the terminal.
    pub fn log(&self) -> Option<File> {
        lock(&self.log).as_ref().and_then(|f| f.try_clone().ok())
    }

    /// The rules label.
    pub fn rules(&self) -> String {
        lock(&self.rules).clone()
    }

    /// The run's interrupt flag (Ctrl-C's).
    pub fn interrupt(&self) -> &'static AtomicBool {
        interrupt::flag()
    }

    /// Whether the run is ending (a fault, or Ctrl-C): asked seats answer nothing more.
    pub fn stopping(&self) -> bool {
        self.failed.load(Ordering::Relaxed) || interrupt::flag().load(Ordering::Relaxed)
    }

    /// Records `fault` (the first of the run is kept) and stops the run as Ctrl-C does.
    pub fn fail(&self, mut fault: Fault) {
        let mut first = lock(&self.fault);
        if first.is_none() {
            fault.seed = *lock(&self.seed);
            *first = Some(fault);
        }
        self.failed.store(true, Ordering::SeqCst);
        interrupt::flag().store(true, Ordering::SeqCst);
    }

    /// The run's first fault, if any.
    pub fn fault(&self) -> Option<Fault> {
        lock(&self.fault).clone()
    }

    /// Notes a bot, to end its processes with the run.
    pub fn register(&self, bot: &Arc<impl Processes + 'static>) {
        let bot: Arc<dyn Processes> = bot.clone();
        lock(&self.bots).push(Arc::downgrade(&bot));
    }

    /// Ends every bot's processes (killed and reaped).
    pub fn end_bots(&self) {
        let bots: Vec<Arc<dyn Processes>> =
            lock(&self.bots).iter().filter_map(Weak::upgrade).collect();
        for b in bots {
            b.end_all();
        }
    }
}
