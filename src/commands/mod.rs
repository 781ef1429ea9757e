//! One file per subcommand: validated settings ([`crate::settings`]) in, exporters out.
//! `job` is what `tournament` and `sweep` share to play a run of many games; `review_job` is
//! its counterpart for a review's play-outs.

pub mod advise;
pub mod bench;
pub mod boards;
pub mod completions;
pub mod game_review;
pub mod interrupt;
pub mod job;
pub mod man;
pub mod merge;
pub mod odds;
pub mod play;
pub mod policies;
pub mod replay;
pub mod review;
pub mod review_job;
pub mod rollouts;
pub mod sweep;
pub mod tournament;
pub mod tune;
