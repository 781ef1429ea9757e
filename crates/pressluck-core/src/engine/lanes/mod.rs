//! Lockstep self-play: 2-player Can't Stop (its jump variant too) and Route 66 between
//! `fixed-risk` policies, or the Rule of N (one set of weights a matchup, any thresholds)
//! against one of them or itself, sixteen games at a time in AVX2 vector lanes (`avx2`: the
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
mod rule_tables;
#[cfg(target_arch = "x86_64")]
mod state;
#[cfg(target_arch = "x86_64")]
mod tables;

use crate::columns::{GameKind, Rules};
use crate::counters::MatchupStats;
use crate::engine::cpu::Avx2;
use crate::policy::fixed_risk::FixedRisk;
use crate::policy::rule_of_n::{RuleOfN, RuleParams};
use crate::policy::{AnyPolicy, Policy, View};
use rand_core::RngCore;

/// A seat's policy as the lanes play it.
#[derive(Clone, Copy, Debug)]
pub enum LanePolicy {
    /// `fixed-risk`: the kernel reads its stop limit in busting rolls and whether it stops on
    /// reaching the top.
    FixedRisk(FixedRisk),
    /// The Rule of N: the kernel reads its parameters from the tables.
    RuleOfN(RuleOfN),
}

impl LanePolicy {
    /// The policy's answer after a successful roll, for the rolls the scalar side decides.
    pub fn keep_rolling<R: RngCore>(&mut self, view: &View, rng: &mut R) -> bool {
        match self {
            LanePolicy::FixedRisk(p) => p.keep_rolling(view, rng),
            LanePolicy::RuleOfN(p) => p.keep_rolling(view, rng),
        }
    }
}

/// What the lanes need to know of a matchup they can play: per slot, the policy, and how the
/// lanes play it.
#[derive(Clone, Copy, Debug)]
pub struct LanePlan {
    /// Per slot: the policy. The scalar side asks it where a Route 66 roll leaves a car on a
    /// top once a stop could end the game.
    pub(super) policy: [LanePolicy; 2],
    /// Whether a roll leaving a car on a top when a stop could end the game is decided on the
    /// scalar side, and a claim's second place settled by the driver (Route 66, where a
    /// column's win brings points and a second place and the game ends on points).
    pub(super) defer_tops: bool,
    /// The proof that this CPU runs the kernel.
    pub(super) avx2: Avx2,
}

impl LanePlan {
    /// The Rule of N's parameters when a slot plays it ([`LanePlan::new`] plans only matchups
    /// whose rule slots play one set of weights; the threshold is the first rule slot's, and
    /// each rule seat keeps its own).
    pub fn rule(&self) -> Option<RuleParams> {
        self.policy.iter().find_map(|p| match p {
            LanePolicy::RuleOfN(r) => Some(r.params),
            LanePolicy::FixedRisk(_) => None,
        })
    }

    /// The plan for `policies` under `rules` on a CPU with AVX2, or `None` when the lanes cannot
    /// play it (see the module comment).
    pub fn new(avx2: Avx2, rules: &Rules, policies: &[AnyPolicy]) -> Option<LanePlan> {
        if !plays_rules(rules) || policies.len() != 2 {
            return None;
        }
        let mut policy = [LanePolicy::FixedRisk(FixedRisk::new(0.0, true)); 2];
        let mut rule = None;
        for (slot, p) in policies.iter().enumerate() {
            policy[slot] = match p {
                AnyPolicy::FixedRisk(f) => LanePolicy::FixedRisk(*f),
                // One set of weights (each seat keeps its own threshold), and weights the
                // kernel's sums hold.
                AnyPolicy::RuleOfN(r)
                    if rule.is_none_or(|params| same_weights(&params, &r.params))
                        && rule_tables::RuleTables::new(&r.params).is_some() =>
                {
                    rule = Some(r.params);
                    LanePolicy::RuleOfN(*r)
                }
                _ => return None,
            };
        }
        Some(LanePlan {
            policy,
            defer_tops: rules.game != GameKind::CantStop,
            avx2,
        })
    }
}

/// Whether the lanes play `rules` (whatever the policies): 2-player Can't Stop (its jump variant
/// too) and Route 66, without A Faster Gear, with 1..=7 cars and columns of 1..=15 spaces.
pub fn plays_rules(rules: &Rules) -> bool {
    let columns_fit = (2..=12u8).all(|c| (1..16).contains(&rules.layout.len(c)));
    let game_fits = match rules.game {
        GameKind::CantStop => true,
        // Route 66 always jumps; its wins are settled on the scalar side.
        GameKind::Route66 => rules.jump,
        GameKind::GreatRaces => false,
    };
    game_fits
        && rules.players == 2
        && !rules.faster_gear
        && rules.cars != 0
        // The driver counts a turn's rolls by cars in play, a byte for each of 1..=7.
        && rules.cars <= 7
        && columns_fit
}

/// Whether two Rule of N parameter sets differ at most in their thresholds (the lanes read one
/// set of weights, and each rule seat keeps its own threshold).
fn same_weights(a: &RuleParams, b: &RuleParams) -> bool {
    RuleParams { threshold: 0, ..*a } == RuleParams { threshold: 0, ..*b }
}

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
