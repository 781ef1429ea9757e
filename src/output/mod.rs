//! Exporters, one per format, and the shared pieces: atomic file writes, the progress bar.

pub mod position;
