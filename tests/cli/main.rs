//! The command line end to end: every subcommand run as a user runs it, its CSVs, charts and
//! one-line errors; hostile input files, mutated at random; and scale-out (shards, merge,
//! interrupt and resume).

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
mod provenance;
mod replay;
mod shards;
mod shortcut;
mod strategies;
mod svg_charts;
mod sweep;
mod sweep_shards;
mod tournament;
mod treasure_hunt;
mod tune;
