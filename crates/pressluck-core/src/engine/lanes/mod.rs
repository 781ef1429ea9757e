//! Lockstep self-play: 2-player Can't Stop (its jump variant too) and Route 66 between
//! `fixed-risk` policies, or the Rule of N (one set of weights a matchup, any thresholds)
//! against one of them or itself, or a `race-aware` player against another or a Rule of N (each
//! its own weights; whole `claim` and `contest`; at most 3 cars: the race lanes, whose stop
//! counts for each turn the driver works out from the race, `chunk::RaceTurns`), sixteen games
//! at a time in AVX2 vector lanes (`avx2`: the
//! dice and the roll's end in two vectors of four 64-bit lanes, the choice for all eight games
//! of a state in one vector of 32-bit lanes). In Route 66 a stop that claims a column (points,
//! a second place) is played in the kernel and its second place settled by the driver; a roll
//! that leaves a car on a top once a stop could end the game (on points) is decided on the
//! scalar side, on the lane's game rebuilt (`chunk::resolve_top`). The counters are exactly
//! those of [`crate::engine::play::play_game`]: every lane plays its game with that game's own
//! dice, and the counters are integer sums, so the order in which games finish does not
//! matter. Where the CPU has no AVX2 (or `PRESSLUCK_ENGINE=scalar`), the rules differ (other
//! games, players, A Faster Gear) or a seat has another policy, the scalar engine runs instead.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod chunk;
#[cfg(target_arch = "x86_64")]
mod decision_runs;
mod plan;
mod rule_tables;
#[cfg(target_arch = "x86_64")]
mod state;
#[cfg(target_arch = "x86_64")]
mod tables;

pub use plan::LanePlan;

use crate::columns::Rules;
use crate::counters::MatchupStats;

/// Plays games `lo..hi` of a matchup in lanes into `stats`: the same counters as playing each
/// with [`crate::engine::play::play_game`] and the dice stream of
/// [`crate::engine::deal::game_streams`].
pub fn play_games(
    rules: &Rules,
    plan: &LanePlan,
    seed: u64,
    key: u64,
    lo: u64,
    hi: u64,
    stats: &mut MatchupStats,
) {
    #[cfg(target_arch = "x86_64")]
    chunk::play(rules, plan, seed, key, lo, hi, stats);
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (rules, plan, seed, key, lo, hi, stats);
        unreachable!("no Avx2 token exists off x86_64");
    }
}

#[cfg(test)]
mod tests;
