//! The runner: a run's matchups (`schedule`) split into fixed chunks of games, played over
//! rayon by each game ([`crate::games`]), shards, interrupts and resumption (`work`), and
//! integer counters added up — the same answer on one thread or many.

pub(crate) mod interval;
pub(crate) mod pieces;
pub(crate) mod play_outs;
pub(crate) mod repeats;
pub(crate) mod review;
pub(crate) mod rollout;
pub(crate) mod runner;
pub(crate) mod schedule;
pub(crate) mod tune;
pub(crate) mod work;
pub use interval::{
    chance, paired_chances, student_t95, whole_numbers, whole_numbers_of, Estimate, TermSum,
    MIN_ROLLOUTS, Z95,
};
pub use play_outs::{play_outs, PlayOuts, NO_WINNER};
pub use review::{
    review, DecisionReview, Flag, PlayerReview, Review, RollReview, MAX_PLAY_OUTS,
    MAX_REVIEW_ROLLOUTS,
};
pub use rollout::{
    roll_out, roll_out_reporting, rollout_key, RolloutCounts, Rollouts, Verdict, MAX_ROLLOUTS,
    ROLLOUT_CHUNK,
};
pub use runner::{thread_pool, CHUNK, MAX_GAMES, MAX_THREADS};
pub use schedule::matchups;
pub use tune::Outcome;
pub use tune::{
    table_count, tables, Evaluation, Generation, Score, Tuning, Validation, INITIAL_STEP,
    SETTLED_AFTER,
};
pub use work::{chunk_count, play_matchup, run, Plan, Progress, Shard};
