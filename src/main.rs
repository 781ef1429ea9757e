//! The `pressluck` command: parse, run, report.

use std::process::ExitCode;

fn main() -> ExitCode {
    end_quietly_on_a_closed_pipe();
    match pressluck::cli::parse_and_run(std::env::args_os()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", pressluck::error::one_line(&format!("{e:#}")));
            ExitCode::from(pressluck::error::exit_code(&e))
        }
    }
}

/// A reader that closes its end of the pipe (`pressluck boards | head`) ends this process as
/// it ends any Unix filter: by SIGPIPE, quietly (exit status 141 in a shell). Rust ignores
/// SIGPIPE by default, which turns the next write into an error and `print!` into a panic.
#[cfg(unix)]
fn end_quietly_on_a_closed_pipe() {
    // SAFETY: signal(2) with SIG_DFL restores the default action and installs no handler code;
    // it is called first thing in main, before any other thread exists, and reads or writes no
    // memory of this program.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Elsewhere a closed pipe is a write error, reported in one line.
#[cfg(not(unix))]
fn end_quietly_on_a_closed_pipe() {}
