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
