//! What the lanes play of a matchup ([`LanePlan`]): per seat, the policy as the kernel reads
//! it ([`LanePolicy`]), and whether the lanes play the matchup at all ([`plays_rules`] and
//! [`LanePlan::new`]).

use super::rule_tables::{self, RaceTables};
use crate::columns::{GameKind, Rules};
use crate::engine::cpu::Avx2;
use crate::policy::fixed_risk::FixedRisk;
use crate::policy::race_aware::{RaceAware, RaceParams};
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
    /// A race-aware player (a Rule of N is one with every term 0): the kernel reads its
    /// weights from the tables, and the driver works out each of its turns' stop counts.
    Race(RaceAware),
}

impl LanePolicy {
    /// The policy's answer after a successful roll, for the rolls the scalar side decides.
    pub fn keep_rolling<R: RngCore>(&mut self, view: &View, rng: &mut R) -> bool {
        match self {
            LanePolicy::FixedRisk(p) => p.keep_rolling(view, rng),
            LanePolicy::RuleOfN(p) => p.keep_rolling(view, rng),
            LanePolicy::Race(p) => p.keep_rolling(view, rng),
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
    /// Race lanes: both slots play race-aware players (or a Rule of N), read from these.
    pub(super) race: Option<RaceTables>,
}

impl LanePlan {
    /// The Rule of N's parameters when a slot plays it ([`LanePlan::new`] plans only matchups
    /// whose rule slots play one set of weights; the threshold is the first rule slot's, and
    /// each rule seat keeps its own).
    pub fn rule(&self) -> Option<RuleParams> {
        self.policy.iter().find_map(|p| match p {
            LanePolicy::RuleOfN(r) => Some(r.params),
            LanePolicy::FixedRisk(_) | LanePolicy::Race(_) => None,
        })
    }

    /// Whether the kernel's race lanes play the matchup.
    pub fn race(&self) -> bool {
        self.race.is_some()
    }

    /// The plan for `policies` under `rules` on a CPU with AVX2, or `None` when the lanes cannot
    /// play it (see the module comment).
    pub fn new(avx2: Avx2, rules: &Rules, policies: &[AnyPolicy]) -> Option<LanePlan> {
        if !plays_rules(rules) || policies.len() != 2 {
            return None;
        }
        if policies
            .iter()
            .any(|p| matches!(p, AnyPolicy::RaceAware(_)))
        {
            return race_plan(avx2, rules, policies);
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
            race: None,
        })
    }
}

/// The plan for a matchup with a race-aware seat: both seats race-aware or the Rule of N, each
/// fitting the kernel ([`RaceTables::new`]), and at most 3 cars (a turn's stop counts cover 0
/// to 3 cars on a top and near one).
fn race_plan(avx2: Avx2, rules: &Rules, policies: &[AnyPolicy]) -> Option<LanePlan> {
    if rules.cars > 3 {
        return None;
    }
    let race = |p: &AnyPolicy| match p {
        AnyPolicy::RaceAware(r) => Some(**r),
        AnyPolicy::RuleOfN(r) => Some(RaceAware::new(RaceParams {
            rule: r.params,
            ..RaceParams::default()
        })),
        _ => None,
    };
    let policy = [race(&policies[0])?, race(&policies[1])?];
    let tables = RaceTables::new(rules, [&policy[0].params, &policy[1].params])?;
    Some(LanePlan {
        policy: policy.map(LanePolicy::Race),
        defer_tops: rules.game != GameKind::CantStop,
        avx2,
        race: Some(tables),
    })
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
