//! Exporters, one per format, and the shared pieces: where outputs go and how they are written
//! ([`destination`]), the progress bar.

pub mod counters_csv;
pub mod destination;
pub mod memory;
pub mod progress;
pub mod provenance;
pub mod review_checkpoint;
pub mod run_id;
pub mod strategy_file;
pub mod svg_chart;
pub mod svg_odds;
pub mod svg_review;
pub mod svg_sweep;
pub mod svg_tournament;
pub mod svg_tune;
pub mod svg_turns;
pub mod sweep_csv;
pub mod table;
pub mod tournament_csv;
pub mod tune_csv;
