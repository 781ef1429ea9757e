//! Lockstep self-play: 2-player Can't Stop (its jump variant too) and Route 66 between
//! `fixed-risk` policies, or the Rule of N (one set of weights a matchup, any thresholds, AVX2
//! only) against one of them or itself, sixteen games at a time in vector lanes: AVX2
//! ([`avx2`]: the dice and the roll's end in two vectors of four 64-bit lanes, the choice for
//! all eight games in one vector of 32-bit lanes), or, where `PRESSLUCK_ENGINE=avx512` asks and
//! the rules are plain Can't Stop between `fixed-risk` seats, AVX-512 ([`avx512`], eight games
//! a vector; slower than AVX2 on the one AVX-512 CPU measured, see [`Kernel::ALL`]). In
//! Route 66 a stop that claims a column (points, a second place) is played in the kernel and
//! its second place settled by the driver; a roll that leaves a car on a top once a stop could
//! end the game (on points) is decided on the scalar side, on the lane's game rebuilt
//! (`chunk::resolve_top`). The counters are exactly those of
//! [`crate::sim::play::play_game`]: every lane plays its game with that game's own dice, and the
//! counters are integer sums, so the order in which games finish does not matter. Where the CPU
//! has neither, the rules differ (other games, players, A Faster Gear) or a seat has another
//! policy, the scalar engine runs instead. `PRESSLUCK_ENGINE=scalar` forces it;
//! `PRESSLUCK_ENGINE=avx2` picks the AVX2 kernel on a CPU that has AVX-512 too.

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "x86_64")]
mod chunk;
#[cfg(target_arch = "x86_64")]
mod decision_runs;
#[cfg(target_arch = "x86_64")]
pub mod evaluator;
mod rule_tables;
#[cfg(target_arch = "x86_64")]
mod tables;

use crate::columns::{GameKind, Rules};
use crate::engine_env::EngineRequest;
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
    /// The Rule of N (AVX2 only): the kernel reads its parameters from the tables.
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
    pub policy: [LanePolicy; 2],
    /// Whether a roll leaving a car on a top when a stop could end the game is decided on the
    /// scalar side, and a claim's second place settled by the driver (Route 66, where a
    /// column's win brings points and a second place and the game ends on points).
    pub defer_tops: bool,
    /// The vector kernel that plays the lanes.
    pub kernel: Kernel,
}

/// A vector kernel for one roll of eight lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// One AVX-512 vector of eight 64-bit lanes (F, DQ and VPOPCNTDQ).
    Avx512,
    /// AVX2: two vectors of four 64-bit lanes, and the choice in one of eight 32-bit lanes.
    Avx2,
}

impl Kernel {
    /// Both kernels, the default first: AVX2, which on a Xeon with AVX-512 (2026-11-24) played
    /// 2-player Can't Stop 1.33× as fast as the AVX-512 kernel (1,510,000 against 1,136,000
    /// games/s on two threads); the AVX-512 kernel, the older design, plays where
    /// `PRESSLUCK_ENGINE=avx512` asks for it.
    pub const ALL: [Kernel; 2] = [Kernel::Avx2, Kernel::Avx512];

    /// Whether this CPU can run the kernel.
    pub fn supported(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            match self {
                Kernel::Avx512 => {
                    is_x86_feature_detected!("avx512f")
                        && is_x86_feature_detected!("avx512dq")
                        && is_x86_feature_detected!("avx512vpopcntdq")
                }
                Kernel::Avx2 => is_x86_feature_detected!("avx2"),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = self;
            false
        }
    }

    /// The kernel to use: the first of [`Kernel::ALL`] this CPU runs, or the one
    /// `PRESSLUCK_ENGINE` names (`avx2`, `avx512`); `None` for `PRESSLUCK_ENGINE=scalar` or a
    /// CPU with neither.
    pub fn detect() -> Option<Kernel> {
        let request = EngineRequest::current();
        let allowed = |k: Kernel| match request {
            EngineRequest::Auto => true,
            EngineRequest::Scalar => false,
            EngineRequest::Avx2 => k == Kernel::Avx2,
            EngineRequest::Avx512 => k == Kernel::Avx512,
        };
        Kernel::ALL
            .into_iter()
            .find(|&k| allowed(k) && k.supported())
    }
}

impl LanePlan {
    /// The Rule of N's parameters when a slot plays it ([`LanePlan::for_rules`] plans only
    /// matchups whose rule slots play one set of weights; the threshold is the first rule
    /// slot's, and each rule seat keeps its own).
    pub fn rule(&self) -> Option<RuleParams> {
        self.policy.iter().find_map(|p| match p {
            LanePolicy::RuleOfN(r) => Some(r.params),
            LanePolicy::FixedRisk(_) => None,
        })
    }

    /// The plan for `policies` under `rules`, or `None` when the lanes cannot play it (see the
    /// module comment), the CPU cannot run them, or `PRESSLUCK_ENGINE=scalar` is set.
    pub fn new(rules: &Rules, policies: &[AnyPolicy]) -> Option<LanePlan> {
        LanePlan::for_rules(rules, policies, Kernel::detect()?)
    }

    /// [`LanePlan::new`] with `kernel`, without the CPU and environment checks.
    pub fn for_rules(rules: &Rules, policies: &[AnyPolicy], kernel: Kernel) -> Option<LanePlan> {
        if !plays_rules(rules) || policies.len() != 2 {
            return None;
        }
        let defer_tops = rules.game != GameKind::CantStop;
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
        // Only the AVX2 kernel has the jump rule, defers and plays the Rule of N; every CPU
        // with AVX-512 has AVX2.
        let kernel = if rules.jump || defer_tops || rule.is_some() {
            Kernel::Avx2
        } else {
            kernel
        };
        Some(LanePlan {
            policy,
            defer_tops,
            kernel,
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
/// with [`crate::sim::play::play_game`] and its [`crate::sim::runner::game_rngs`] dice.
/// Panics unless the CPU runs the plan's kernel ([`LanePlan::new`] checked that).
pub fn play_games(
    rules: &Rules,
    plan: &LanePlan,
    seed: u64,
    key: u64,
    lo: u64,
    hi: u64,
    stats: &mut crate::sim::stats::MatchupStats,
) {
    #[cfg(target_arch = "x86_64")]
    {
        assert!(
            plan.kernel.supported(),
            "this CPU cannot run {:?}",
            plan.kernel
        );
        chunk::play(rules, plan, seed, key, lo, hi, stats);
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (rules, plan, seed, key, lo, hi, stats);
        unreachable!("LanePlan::new is None off x86_64");
    }
}

#[cfg(test)]
mod tests;
