//! Lockstep self-play: 2-player Can't Stop (its jump variant too) and Route 66 between
//! `fixed-risk` policies, sixteen games at a time in vector lanes: AVX-512 ([`avx512`], eight
//! games a vector) where the CPU has it and the rules are plain Can't Stop, else AVX2 ([`avx2`]:
//! the dice and the roll's end in two vectors of four 64-bit lanes, the choice for all eight games
//! in one vector of 32-bit lanes). In Route 66 a roll that leaves a car on a top (a stop there wins
//! the column: points, a second place, maybe the end on points) is decided on the scalar side, on
//! the lane's game rebuilt (`chunk::resolve_top`). The counters are exactly those of
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

use crate::columns::{GameKind, Rules};
use crate::engine_env::EngineRequest;
use crate::policy::fixed_risk::FixedRisk;
use crate::policy::AnyPolicy;

/// What the lanes need to know of a matchup they can play: per slot, the policy, and how the
/// lanes play it.
#[derive(Clone, Copy, Debug)]
pub struct LanePlan {
    /// Per slot: the `fixed-risk` policy. The kernel reads its stop limit in busting rolls and
    /// whether it stops on reaching the top; the scalar side asks it where a Route 66 roll
    /// leaves a car on a top.
    pub policy: [FixedRisk; 2],
    /// Whether a roll leaving a car on a top is decided on the scalar side (Route 66, where a
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
    /// Both kernels, fastest first.
    pub const ALL: [Kernel; 2] = [Kernel::Avx512, Kernel::Avx2];

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

    /// The kernel to use: the fastest this CPU runs, or the one `PRESSLUCK_ENGINE` names
    /// (`avx2`, `avx512`); `None` for `PRESSLUCK_ENGINE=scalar` or a CPU with neither.
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
    /// The plan for `policies` under `rules`, or `None` when the lanes cannot play it (see the
    /// module comment), the CPU cannot run them, or `PRESSLUCK_ENGINE=scalar` is set.
    pub fn new(rules: &Rules, policies: &[AnyPolicy]) -> Option<LanePlan> {
        LanePlan::for_rules(rules, policies, Kernel::detect()?)
    }

    /// [`LanePlan::new`] with `kernel`, without the CPU and environment checks.
    pub fn for_rules(rules: &Rules, policies: &[AnyPolicy], kernel: Kernel) -> Option<LanePlan> {
        let columns_fit = (2..=12u8).all(|c| (1..16).contains(&rules.layout.len(c)));
        let game_fits = match rules.game {
            GameKind::CantStop => true,
            // Route 66 always jumps; its wins are settled on the scalar side.
            GameKind::Route66 => rules.jump,
            GameKind::GreatRaces => false,
        };
        if !game_fits
            || rules.players != 2
            || rules.faster_gear
            || rules.cars == 0
            || !columns_fit
            || policies.len() != 2
        {
            return None;
        }
        let defer_tops = rules.game != GameKind::CantStop;
        // Only the AVX2 kernel has the jump rule and defers; every CPU with AVX-512 has AVX2.
        let kernel = if rules.jump || defer_tops {
            Kernel::Avx2
        } else {
            kernel
        };
        let mut policy = [FixedRisk::new(0.0, true); 2];
        for (slot, p) in policies.iter().enumerate() {
            let AnyPolicy::FixedRisk(f) = p else {
                return None;
            };
            policy[slot] = *f;
        }
        Some(LanePlan {
            policy,
            defer_tops,
            kernel,
        })
    }
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
mod tests {
    use super::*;
    use crate::policy::PolicySpec;
    use crate::sim::runner::run_scalar;
    use crate::sim::stats::MatchupStats;

    /// The kernels this CPU runs; the lane tests skip (and say so) when there are none.
    fn kernels() -> Vec<Kernel> {
        let k: Vec<Kernel> = Kernel::ALL.into_iter().filter(|k| k.supported()).collect();
        if k.is_empty() {
            eprintln!("skipped: this CPU has neither AVX-512 nor AVX2");
        }
        k
    }

    /// The policies `specs` name, built for `rules`.
    fn policies(rules: &Rules, specs: &[&str]) -> Vec<AnyPolicy> {
        specs
            .iter()
            .map(|s| PolicySpec::parse(s).unwrap().build(rules))
            .collect()
    }

    /// The lanes' counters and the scalar engine's for `games` games of `specs` under `rules`.
    fn both(
        rules: &Rules,
        specs: [&str; 2],
        kernel: Kernel,
        seed: u64,
        games: u64,
    ) -> (MatchupStats, MatchupStats) {
        let pols = policies(rules, &specs);
        let plan = LanePlan::for_rules(rules, &pols, kernel).expect("lanes play this");
        let mut lanes = MatchupStats::default();
        play_games(rules, &plan, seed, 99, 5, 5 + games, &mut lanes);
        let scalar = run_scalar(rules, &pols, seed, 99, 5, games, &|_| {});
        (lanes, scalar)
    }

    /// `rules` with column lengths cycling 1, 2, 15, 3: a double cannot climb twice in a
    /// length-1 column, progress is largest there (two such columns at once), and 15 fills a
    /// nibble.
    fn edge_lengths(rules: &Rules) -> Rules {
        let mut edge = *rules;
        for c in 2..=12u8 {
            edge.layout.length[c as usize] = [1, 2, 15, 3][c as usize % 4];
        }
        edge
    }

    /// Plays 3,000 games of each case with every kernel this CPU runs (case `k` seeded
    /// `first_seed + k`) and checks the lanes count what the scalar engine counts, one winner
    /// a game.
    fn check_cases(cases: &[(&Rules, [&str; 2])], first_seed: u64) {
        for kernel in kernels() {
            for (k, &(rules, specs)) in cases.iter().enumerate() {
                let (lanes, scalar) = both(rules, specs, kernel, first_seed + k as u64, 3000);
                assert_eq!(lanes, scalar, "{kernel:?} {} {specs:?}", rules.game);
                assert_eq!(lanes.slot_total(0).games + lanes.slot_total(1).games, 6000);
                let wins = lanes.slot_total(0).wins + lanes.slot_total(1).wins;
                assert_eq!(
                    wins + lanes.unfinished,
                    3000,
                    "{specs:?}: one winner a game"
                );
            }
        }
    }

    #[test]
    fn lanes_count_exactly_what_the_scalar_engine_counts() {
        let cs = Rules::new(GameKind::CantStop, 2);
        let mut four = cs;
        four.columns_to_win = 4;
        let mut short = cs;
        for c in 2..=12u8 {
            short.layout.length[c as usize] = 2 + c % 4;
        }
        let edge = edge_lengths(&cs);
        let cases = [
            (&edge, ["fixed-risk:0.3", "fixed-risk:0.2,ignore-top"]),
            (&cs, ["fixed-risk:0.3", "fixed-risk:0.3"]),
            (&cs, ["fixed-risk:0.1", "fixed-risk:0.5"]),
            (&cs, ["fixed-risk:0.3,ignore-top", "fixed-risk:0.2"]),
            (&cs, ["fixed-risk:0", "fixed-risk:0.6,ignore-top"]),
            (&four, ["fixed-risk:0.25", "fixed-risk:0.4,ignore-top"]),
            (&short, ["fixed-risk:0.35", "fixed-risk:0.15,ignore-top"]),
        ];
        check_cases(&cases, 0);
    }

    #[test]
    fn jump_lanes_count_exactly_what_the_scalar_engine_counts() {
        // Route 66 (both editions, the leisurely end, the jump rule's boards) and Can't Stop's
        // jump variant: cubes jumped, points, second places and the end on points.
        let en = Rules::route66(crate::columns::Edition::En, 2);
        let de = Rules::route66(crate::columns::Edition::De, 2);
        let mut leisurely = en;
        leisurely
            .apply_variant(crate::columns::Variant::Leisurely)
            .unwrap();
        let mut cs_jump = Rules::new(GameKind::CantStop, 2);
        cs_jump.jump = true;
        let edge = edge_lengths(&en);
        let cases = [
            (&en, ["fixed-risk:0.3", "fixed-risk:0.3"]),
            (&en, ["fixed-risk:0.1", "fixed-risk:0.5,ignore-top"]),
            (&de, ["fixed-risk:0.25", "fixed-risk:0.4"]),
            (&leisurely, ["fixed-risk:0.3,ignore-top", "fixed-risk:0.2"]),
            (&cs_jump, ["fixed-risk:0.3", "fixed-risk:0.2,ignore-top"]),
            (&edge, ["fixed-risk:0.35", "fixed-risk:0.15,ignore-top"]),
        ];
        check_cases(&cases, 40);
    }

    #[test]
    fn cant_stop_decided_on_the_scalar_side_counts_the_same() {
        // The Route 66 path (a car on a top: the scalar side asks the policy and plays the stop)
        // on Can't Stop, with and without the jump rule: the same counters as the kernel's own
        // claims and wins, and as the scalar engine.
        let cs = Rules::new(GameKind::CantStop, 2);
        let mut jump = cs;
        jump.jump = true;
        if !Kernel::Avx2.supported() {
            eprintln!("skipped: this CPU has no AVX2");
            return;
        }
        for (seed, rules) in [cs, jump].iter().enumerate() {
            let specs = ["fixed-risk:0.3", "fixed-risk:0.25,ignore-top"];
            let pols = policies(rules, &specs);
            let mut plan = LanePlan::for_rules(rules, &pols, Kernel::Avx2).unwrap();
            assert!(!plan.defer_tops);
            plan.defer_tops = true;
            let mut lanes = MatchupStats::default();
            play_games(rules, &plan, seed as u64, 99, 0, 2000, &mut lanes);
            let scalar = run_scalar(rules, &pols, seed as u64, 99, 0, 2000, &|_| {});
            assert_eq!(lanes, scalar, "jump {}", rules.jump);
        }
    }

    #[test]
    fn lanes_match_the_scalar_engine_at_the_extreme_limits() {
        // Rolling on until only a sure bust is left (every car on top): long turns, many busts,
        // and games still end, by stopping when the usable set is empty or the stop wins.
        for game in [GameKind::CantStop, GameKind::Route66] {
            let rules = Rules::new(game, 2);
            for kernel in kernels() {
                let specs = ["fixed-risk:0.9999,ignore-top", "fixed-risk:0"];
                let (lanes, scalar) = both(&rules, specs, kernel, 3, 500);
                assert_eq!(lanes, scalar, "{kernel:?} {game}");
                assert_eq!(lanes.unfinished, 0);
            }
        }
    }

    #[test]
    fn a_range_shorter_than_the_lanes_plays_just_its_games() {
        let rules = Rules::new(GameKind::CantStop, 2);
        for kernel in kernels() {
            for games in [1, 7, 17] {
                let specs = ["fixed-risk:0.2", "fixed-risk:0.4"];
                let (lanes, scalar) = both(&rules, specs, kernel, 11, games);
                assert_eq!(lanes, scalar, "{kernel:?} {games} games");
            }
        }
    }

    #[test]
    fn only_two_player_column_games_between_fixed_risk_seats_are_planned() {
        let plan = |rules: &Rules, a: &str| {
            LanePlan::for_rules(
                rules,
                &policies(rules, &[a, "fixed-risk:0.3"]),
                Kernel::Avx2,
            )
        };
        let cs = Rules::new(GameKind::CantStop, 2);
        assert!(plan(&cs, "fixed-risk:0.2").is_some());
        assert!(plan(&cs, "rule28").is_none());
        assert!(!plan(&cs, "fixed-risk:0.2").unwrap().defer_tops);
        let r66 = Rules::new(GameKind::Route66, 2);
        let r66_plan = plan(&r66, "fixed-risk:0.2").unwrap();
        assert_eq!(r66_plan.kernel, Kernel::Avx2);
        assert!(r66_plan.defer_tops);
        assert!(plan(&r66, "rule28").is_none());
        let mut faster = r66;
        faster.faster_gear = true;
        assert!(plan(&faster, "fixed-risk:0.2").is_none());
        let three = Rules::new(GameKind::CantStop, 3);
        assert!(plan(&three, "fixed-risk:0.2").is_none());
        assert!(plan(&Rules::new(GameKind::Route66, 3), "fixed-risk:0.2").is_none());
        assert!(plan(&Rules::new(GameKind::GreatRaces, 2), "fixed-risk:0.2").is_none());
        let mut jump = cs;
        jump.jump = true;
        let jump_plan = LanePlan::for_rules(
            &jump,
            &policies(&jump, &["fixed-risk:0.2", "fixed-risk:0.3"]),
            Kernel::Avx512,
        );
        assert_eq!(jump_plan.unwrap().kernel, Kernel::Avx2);
    }
}
