//! The runner: a run's matchups ([`schedule`]) split into fixed chunks of games, played over
//! rayon by each game ([`crate::games`]), shards, interrupts and resumption ([`work`]), and
//! integer counters added up — the same answer on one thread or many.

pub mod rollout;
pub mod runner;
pub mod schedule;
pub mod tune;
pub mod work;
