//! Ctrl-C and SIGTERM: the first asks the run to finish the chunks in hand and save; a second
//! ends the process at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static INSTALLED: OnceLock<bool> = OnceLock::new();

/// The interrupt flag, with the signal handler installed on first use (if the system allows).
pub fn flag() -> &'static AtomicBool {
    INSTALLED.get_or_init(|| {
        ctrlc::set_handler(|| {
            if INTERRUPTED.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            eprintln!("\ninterrupted: finishing the chunks in hand and saving (Ctrl-C again to quit at once)");
        })
        .is_ok()
    });
    &INTERRUPTED
}

/// A test hook that interrupts a run at a chosen point, so that tests of interrupted runs
/// neither race a timer nor need a long run. Read from the environment, and only in debug
/// builds (the binary `cargo test` runs); a release build has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestHook {
    /// `PRESSLUCK_TEST_INTERRUPT_AFTER=K`: once K chunks have finished (a tuner: K
    /// generations), raise the flag as a first Ctrl-C would.
    InterruptAfter(u64),
    /// `PRESSLUCK_TEST_HOLD_AFTER=K`: once K chunks have finished, save the checkpoint and
    /// start nothing more until a real signal raises the flag.
    HoldAfter(u64),
}

impl TestHook {
    /// The hook the environment asks for, in a debug build.
    pub fn from_env() -> Option<TestHook> {
        if !cfg!(debug_assertions) {
            return None;
        }
        let read = |name: &str| std::env::var(name).ok()?.parse::<u64>().ok();
        read("PRESSLUCK_TEST_INTERRUPT_AFTER")
            .map(TestHook::InterruptAfter)
            .or_else(|| read("PRESSLUCK_TEST_HOLD_AFTER").map(TestHook::HoldAfter))
    }
}
