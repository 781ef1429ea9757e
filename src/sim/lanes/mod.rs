//! Lockstep self-play: 2-player Can't Stop between `fixed-risk` policies, sixteen games at a
//! time in AVX-512 lanes ([`avx512`]), about three times the games per second of the scalar
//! engine. The counters are exactly those of [`crate::sim::play::play_game`]: every lane plays
//! its game with that game's own dice, and the counters are integer sums, so the order in which
//! games finish does not matter. Where the CPU lacks AVX-512, the rules differ (other games,
//! players, the jump variant) or a seat has another policy, the scalar engine runs instead;
//! `PRESSLUCK_ENGINE=scalar` forces it.

#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "x86_64")]
mod chunk;

use crate::columns::{GameKind, Rules};
use crate::policy::AnyPolicy;

/// What the lanes need to know of a matchup they can play: per slot, the stop limit in busting
/// rolls and whether it stops on reaching the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanePlan {
    /// Per slot: stop once the next roll busts on this many outcomes (of 1296) or more.
    pub limit: [u16; 2],
    /// Per slot: stop as soon as a car reaches the top.
    pub at_top: [bool; 2],
}

impl LanePlan {
    /// The plan for `policies` under `rules`, or `None` when the lanes cannot play it (see the
    /// module comment), the CPU cannot run them, or `PRESSLUCK_ENGINE=scalar` is set.
    pub fn new(rules: &Rules, policies: &[AnyPolicy]) -> Option<LanePlan> {
        if std::env::var("PRESSLUCK_ENGINE").is_ok_and(|v| v == "scalar") || !supported_cpu() {
            return None;
        }
        LanePlan::for_rules(rules, policies)
    }

    /// [`LanePlan::new`] without the CPU and environment checks.
    pub fn for_rules(rules: &Rules, policies: &[AnyPolicy]) -> Option<LanePlan> {
        let columns_fit = (2..=12u8).all(|c| (1..16).contains(&rules.layout.len(c)));
        if rules.game != GameKind::CantStop
            || rules.players != 2
            || rules.jump
            || rules.faster_gear
            || rules.cars == 0
            || !columns_fit
            || policies.len() != 2
        {
            return None;
        }
        let mut plan = LanePlan {
            limit: [0; 2],
            at_top: [false; 2],
        };
        for (slot, p) in policies.iter().enumerate() {
            let AnyPolicy::FixedRisk(f) = p else {
                return None;
            };
            plan.limit[slot] = f.stop_bust_rolls();
            plan.at_top[slot] = f.stops_at_top();
        }
        Some(plan)
    }
}

/// Whether this CPU has the AVX-512 parts the lanes use (F, DQ and VPOPCNTDQ).
pub fn supported_cpu() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512dq")
            && is_x86_feature_detected!("avx512vpopcntdq")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Plays games `lo..hi` of a matchup in lanes into `stats`: the same counters as playing each
/// with [`crate::sim::play::play_game`] and its [`crate::sim::runner::game_rngs`] dice.
/// Call only with a plan from [`LanePlan::new`] (which checked the CPU).
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
        assert!(supported_cpu(), "lanes need AVX-512");
        chunk::play(rules, plan, seed, key, lo, hi, stats);
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (rules, plan, seed, key, lo, hi, stats);
        unreachable!("LanePlan::new is None off x86_64");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::PolicySpec;
    use crate::sim::runner::run_scalar;
    use crate::sim::stats::MatchupStats;

    /// The lanes' counters and the scalar engine's for `games` games of `specs` under `rules`.
    fn both(
        rules: &Rules,
        specs: [&str; 2],
        seed: u64,
        games: u64,
    ) -> (MatchupStats, MatchupStats) {
        let pols: Vec<AnyPolicy> = specs
            .iter()
            .map(|s| PolicySpec::parse(s).unwrap().build(rules))
            .collect();
        let plan = LanePlan::for_rules(rules, &pols).expect("lanes play this");
        let mut lanes = MatchupStats::default();
        play_games(rules, &plan, seed, 99, 5, 5 + games, &mut lanes);
        let scalar = run_scalar(rules, &pols, seed, 99, 5, games, &|_| {});
        (lanes, scalar)
    }

    #[test]
    fn lanes_count_exactly_what_the_scalar_engine_counts() {
        if !supported_cpu() {
            eprintln!("skipped: this CPU has no AVX-512");
            return;
        }
        let cs = Rules::new(GameKind::CantStop, 2);
        let mut four = cs;
        four.columns_to_win = 4;
        let cases = [
            (&cs, ["fixed-risk:0.3", "fixed-risk:0.3"]),
            (&cs, ["fixed-risk:0.1", "fixed-risk:0.5"]),
            (&cs, ["fixed-risk:0.3,ignore-top", "fixed-risk:0.2"]),
            (&cs, ["fixed-risk:0", "fixed-risk:0.6,ignore-top"]),
            (&four, ["fixed-risk:0.25", "fixed-risk:0.4,ignore-top"]),
        ];
        for (seed, (rules, specs)) in cases.into_iter().enumerate() {
            let (lanes, scalar) = both(rules, specs, seed as u64, 3000);
            assert_eq!(lanes, scalar, "{specs:?}");
            assert_eq!(lanes.slot_total(0).games + lanes.slot_total(1).games, 6000);
        }
    }

    #[test]
    fn lanes_match_the_scalar_engine_at_the_extreme_limits() {
        if !supported_cpu() {
            eprintln!("skipped: this CPU has no AVX-512");
            return;
        }
        // Rolling on until only a sure bust is left (every car on top): long turns, many busts,
        // and games still end, by stopping when the usable set is empty or the stop wins.
        let rules = Rules::new(GameKind::CantStop, 2);
        let (lanes, scalar) = both(
            &rules,
            ["fixed-risk:0.9999,ignore-top", "fixed-risk:0"],
            3,
            500,
        );
        assert_eq!(lanes, scalar);
        assert_eq!(lanes.unfinished, 0);
    }

    #[test]
    fn only_two_player_cant_stop_between_fixed_risk_seats_is_planned() {
        let pols = |rules: &Rules, a: &str| -> Vec<AnyPolicy> {
            [a, "fixed-risk:0.3"]
                .iter()
                .map(|s| PolicySpec::parse(s).unwrap().build(rules))
                .collect()
        };
        let cs = Rules::new(GameKind::CantStop, 2);
        assert!(LanePlan::for_rules(&cs, &pols(&cs, "fixed-risk:0.2")).is_some());
        assert!(LanePlan::for_rules(&cs, &pols(&cs, "rule28")).is_none());
        let r66 = Rules::new(GameKind::Route66, 2);
        assert!(LanePlan::for_rules(&r66, &pols(&r66, "fixed-risk:0.2")).is_none());
        let three = Rules::new(GameKind::CantStop, 3);
        assert!(LanePlan::for_rules(&three, &pols(&three, "fixed-risk:0.2")).is_none());
        let mut jump = cs;
        jump.jump = true;
        assert!(LanePlan::for_rules(&jump, &pols(&jump, "fixed-risk:0.2")).is_none());
    }
}
