//! The `pressluck` command: parse, run, report.

use std::process::ExitCode;

fn main() -> ExitCode {
    match pressluck::cli::parse_and_run(std::env::args_os()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", pressluck::error::one_line(&format!("{e:#}")));
            ExitCode::from(pressluck::error::exit_code(&e))
        }
    }
}
