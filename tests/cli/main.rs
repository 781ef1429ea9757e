//! The command line end to end: every subcommand run as a user runs it, its CSVs, charts and
//! one-line errors; hostile input files, mutated at random; and scale-out (shards, merge,
//! interrupt and resume).

/// The repository's root: the folder the README's commands run in, holding `examples/`,
/// `boards/`, `docs/` and `strategies/`. Every run of the binary starts there unless a test
/// gives it a folder of its own.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `path` under the repository's root.
pub fn repo(path: &str) -> std::path::PathBuf {
    std::path::Path::new(ROOT).join(path)
}

/// The binary under test, run in the repository's root.
pub fn pressluck_cmd() -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("pressluck").unwrap();
    c.current_dir(ROOT);
    c
}

mod fixture;
mod fuzz;
mod run;
mod scale_out;

mod advise;
mod bad_input;
mod bench;
mod closed_pipe;
mod counters_files;
mod help_and_listings;
mod json_lines;
mod odds;
mod outputs;
mod parsers;
mod play;
mod players;
mod provenance;
mod replay;
mod review;
mod shards;
mod shortcut;
mod strategies;
mod svg_charts;
mod sweep;
mod sweep_shards;
mod tournament;
mod treasure_hunt;
mod tune;
