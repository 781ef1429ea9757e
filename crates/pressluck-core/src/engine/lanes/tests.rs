//! The lanes against the scalar engine, game for game: every rule set and policy pair the
//! lanes play, and which matchups they are planned for.

use super::*;
use crate::columns::GameKind;
use crate::engine::cpu::Avx2;
use crate::engine::play::play_scalar;
use crate::policy::{AnyPolicy, PolicySpec};

/// The AVX2 token, if this CPU has AVX2; the lane tests skip (and say so) without it.
fn kernel() -> Option<Avx2> {
    let token = Avx2::cpu();
    if token.is_none() {
        eprintln!("skipped: this CPU has no AVX2");
    }
    token
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
    avx2: Avx2,
    seed: u64,
    games: u64,
) -> (MatchupStats, MatchupStats) {
    let pols = policies(rules, &specs);
    let plan = LanePlan::new(avx2, rules, &pols).expect("lanes play this");
    let mut lanes = MatchupStats::default();
    play_games(rules, &plan, seed, 99, 5, 5 + games, &mut lanes);
    let scalar = play_scalar(rules, &pols, None, seed, 99, 5, 5 + games);
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

/// Plays 3,000 games of each case in the lanes (case `k` seeded `first_seed + k`) and checks
/// they count what the scalar engine counts, one winner a game.
fn check_cases(cases: &[(&Rules, [&str; 2])], first_seed: u64) {
    if let Some(avx2) = kernel() {
        for (k, &(rules, specs)) in cases.iter().enumerate() {
            let (lanes, scalar) = both(rules, specs, avx2, first_seed + k as u64, 3000);
            assert_eq!(lanes, scalar, "{} {specs:?}", rules.game);
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

/// The 2-player rule sets the lanes play: Can't Stop plain, to four and to five columns and
/// with the jump rule; Route 66 in each edition and with A More Leisurely Drive.
struct RuleSets {
    cs: Rules,
    four: Rules,
    five: Rules,
    cs_jump: Rules,
    en: Rules,
    de: Rules,
    leisurely: Rules,
}

fn rule_sets() -> RuleSets {
    let cs = Rules::new(GameKind::CantStop, 2);
    let to_win = |n: u8| Rules {
        columns_to_win: n,
        ..cs
    };
    let en = Rules::route66(crate::columns::Edition::En, 2);
    let mut leisurely = en;
    leisurely
        .apply_variant(crate::columns::Variant::Leisurely)
        .unwrap();
    RuleSets {
        cs,
        four: to_win(4),
        five: to_win(5),
        cs_jump: Rules { jump: true, ..cs },
        en,
        de: Rules::route66(crate::columns::Edition::De, 2),
        leisurely,
    }
}

#[test]
fn lanes_count_exactly_what_the_scalar_engine_counts() {
    let RuleSets { cs, four, .. } = rule_sets();
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
    let RuleSets {
        en,
        de,
        leisurely,
        cs_jump,
        ..
    } = rule_sets();
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
fn rule_of_n_lanes_count_exactly_what_the_scalar_engine_counts() {
    // The Rule of N against fixed-risk and itself: its choice points before the shared
    // rule, its count (markers placed, all odd/even/low/high), its stops, and in Route 66
    // its stops on a top asked on the scalar side with the lane's steps.
    let RuleSets {
        cs,
        four,
        five,
        cs_jump,
        en,
        de,
        leisurely,
    } = rule_sets();
    let (cs_edge, en_edge) = (edge_lengths(&cs), edge_lengths(&en));
    let custom = "rule-of-n:18,progress=1/2/3/4/5/15,choice=-3/0/9/1/2/5,odd=-4,even=3,high=7,low=-2,marker=1";
    let cases = [
        (&cs, ["rule28", "fixed-risk:0.3"]),
        (&cs, ["fixed-risk:0.2,ignore-top", "glenn"]),
        (&cs, ["rule28", "rule-of-n:28"]),
        (&cs, ["rule-of-n:20", "rule28"]),
        (&four, ["glenn", "fixed-risk:0.35"]),
        (&five, ["rule-of-n:10", "fixed-risk:0.3"]),
        (&cs_edge, [custom, "fixed-risk:0.25"]),
        (&cs_jump, ["rule28", "fixed-risk:0.3,ignore-top"]),
        (&en, ["rule28", "fixed-risk:0.3"]),
        (&en, ["fixed-risk:0.1", "glenn"]),
        (&de, ["rule-of-n:40", "fixed-risk:0.4,ignore-top"]),
        (&leisurely, ["rule28", "fixed-risk:0.2"]),
        (&en_edge, [custom, "fixed-risk:0.3"]),
        (&de, [custom, "fixed-risk:0.2"]),
        (&en, ["rule28", "rule-of-n:36"]),
        (&leisurely, ["rule-of-n:24", "rule-of-n:32"]),
        (&cs_jump, [custom, "rule-of-n:40,progress=1/2/3/4/5/15,choice=-3/0/9/1/2/5,odd=-4,even=3,high=7,low=-2,marker=1"]),
    ];
    check_cases(&cases, 80);
}

/// The tuned duel players' specs (strategies/tuned-cant-stop-duel.toml and
/// tuned-route66-duel.toml).
const CS_DUEL: &str = "race-aware:20,progress=11/6/4/4/3/1,choice=8/0/4/0/8/7,odd=-1,even=-4,high=8,low=8,marker=12,won=2,tops=-20,near=-6,car-near=7,open=2,claim=16,opp-won=6,opp-near=2,contest=5";
const R66_DUEL: &str = "race-aware:7,progress=14/10/5/4/1/1,choice=11/7/6/0/2/1,odd=10,even=3,high=4,low=1,marker=13,won=6,tops=-20,near=-2,car-near=9,open=3,claim=12,opp-won=-1,opp-near=2,contest=7,lead=-2";

#[test]
fn race_lanes_count_exactly_what_the_scalar_engine_counts() {
    // Race-aware players against the Rule of N and each other: each slot's own weights, the
    // claim and contest choice points, the stop counts by cars on a top and near one (real
    // terms, thresholds between whole counts), every reach, and in Route 66 the lead and the
    // stops on a top asked on the scalar side.
    let RuleSets {
        cs,
        four,
        cs_jump,
        en,
        de,
        leisurely,
        ..
    } = rule_sets();
    let (cs_edge, en_edge) = (edge_lengths(&cs), edge_lengths(&en));
    let reals = "race-aware:25,won=-1.25,tops=2.5,near=0.75,car-near=-1.5,opp-won=3.1,opp-near=-0.6,lead=0.3,open=0.45,claim=-3,contest=-2,reach=3";
    let far = "race-aware:18,progress=2/2/2/3/3/15,choice=-5/1/0/9/2/4,car-near=2.75,near=1.5,claim=30,contest=-9,reach=6";
    let near = "race-aware:30,tops=-4,car-near=3.5,opp-near=2,contest=11,reach=1";
    let cases = [
        (&cs, [CS_DUEL, "glenn"]),
        (&cs, ["rule28", CS_DUEL]),
        (&cs, [CS_DUEL, CS_DUEL]),
        (&cs, [reals, far]),
        (&cs, [near, "rule-of-n:24"]),
        (&four, [CS_DUEL, near]),
        (&cs_edge, [far, reals]),
        (&cs_jump, [CS_DUEL, "glenn"]),
        (&cs_jump, [reals, near]),
        (&en, [R66_DUEL, "glenn"]),
        (&en, [R66_DUEL, reals]),
        (&de, ["rule28", R66_DUEL]),
        (&leisurely, [near, R66_DUEL]),
        (&en_edge, [far, "rule-of-n:32"]),
        (&cs, ["race-aware:29", "glenn"]),
    ];
    check_cases(&cases, 120);
}

#[test]
fn race_lanes_are_planned_where_their_sums_are_exact() {
    let Some(avx2) = kernel() else { return };
    let cs = Rules::new(GameKind::CantStop, 2);
    let plan =
        |rules: &Rules, a: &str, b: &str| LanePlan::new(avx2, rules, &policies(rules, &[a, b]));
    assert!(plan(&cs, CS_DUEL, "glenn").unwrap().race());
    assert!(plan(&cs, CS_DUEL, "rule28").unwrap().race());
    assert!(!plan(&cs, "glenn", "glenn").unwrap().race());
    assert!(
        plan(&cs, "race-aware:20,claim=2.5", "glenn").is_none(),
        "choice terms whole"
    );
    assert!(
        plan(&cs, "race-aware:20,contest=1001", "glenn").is_none(),
        "within ±1000"
    );
    assert!(plan(&cs, CS_DUEL, "fixed-risk:0.3").is_none());
    assert!(plan(&cs, CS_DUEL, "rule28:ties=glenn").is_none());
    assert!(plan(&Rules::new(GameKind::CantStop, 3), CS_DUEL, "glenn").is_none());
    let mut four_cars = cs;
    four_cars.cars = 4;
    assert!(
        plan(&four_cars, CS_DUEL, "glenn").is_none(),
        "at most 3 cars"
    );
    assert!(
        plan(&Rules::new(GameKind::Route66, 2), R66_DUEL, "glenn")
            .unwrap()
            .defer_tops
    );
}

#[test]
fn cant_stop_decided_on_the_scalar_side_counts_the_same() {
    // The Route 66 path (a car on a top: the scalar side asks the policy and plays the stop)
    // on Can't Stop, with and without the jump rule: the same counters as the kernel's own
    // claims and wins, and as the scalar engine.
    let cs = Rules::new(GameKind::CantStop, 2);
    let mut jump = cs;
    jump.jump = true;
    let Some(avx2) = kernel() else { return };
    for (seed, rules) in [cs, jump].iter().enumerate() {
        let specs = ["fixed-risk:0.3", "fixed-risk:0.25,ignore-top"];
        let pols = policies(rules, &specs);
        let mut plan = LanePlan::new(avx2, rules, &pols).unwrap();
        assert!(!plan.defer_tops);
        plan.defer_tops = true;
        let mut lanes = MatchupStats::default();
        play_games(rules, &plan, seed as u64, 99, 0, 2000, &mut lanes);
        let scalar = play_scalar(rules, &pols, None, seed as u64, 99, 0, 2000);
        assert_eq!(lanes, scalar, "jump {}", rules.jump);
    }
}

#[test]
fn lanes_match_the_scalar_engine_at_the_extreme_limits() {
    // Rolling on until only a sure bust is left (every car on top): long turns, many busts,
    // and games still end, by stopping when the usable set is empty or the stop wins.
    for game in [GameKind::CantStop, GameKind::Route66] {
        let rules = Rules::new(game, 2);
        if let Some(avx2) = kernel() {
            let specs = ["fixed-risk:0.9999,ignore-top", "fixed-risk:0"];
            let (lanes, scalar) = both(&rules, specs, avx2, 3, 500);
            assert_eq!(lanes, scalar, "{game}");
            assert_eq!(lanes.unfinished, 0);
        }
    }
}

#[test]
fn a_range_shorter_than_the_lanes_plays_just_its_games() {
    let rules = Rules::new(GameKind::CantStop, 2);
    if let Some(avx2) = kernel() {
        for games in [1, 7, 17] {
            let specs = ["fixed-risk:0.2", "fixed-risk:0.4"];
            let (lanes, scalar) = both(&rules, specs, avx2, 11, games);
            assert_eq!(lanes, scalar, "{games} games");
        }
    }
}

#[test]
fn only_two_player_column_games_between_fixed_risk_or_rule_seats_are_planned() {
    let Some(avx2) = kernel() else { return };
    let plan = |rules: &Rules, a: &str| {
        LanePlan::new(avx2, rules, &policies(rules, &[a, "fixed-risk:0.3"]))
    };
    let cs = Rules::new(GameKind::CantStop, 2);
    assert!(plan(&cs, "fixed-risk:0.2").is_some());
    let rule = plan(&cs, "rule28").unwrap();
    assert_eq!(rule.rule(), Some(crate::policy::rule_of_n::KELLER));
    let two_rules = LanePlan::new(avx2, &cs, &policies(&cs, &["rule28", "glenn"]));
    assert!(two_rules.is_none(), "one set of weights a matchup");
    let thresholds = LanePlan::new(avx2, &cs, &policies(&cs, &["rule28", "rule-of-n:31"]));
    assert!(
        thresholds.is_some(),
        "each rule seat keeps its own threshold"
    );
    let wide =
        "rule-of-n:28,progress=6/5/4/3/2/16,choice=1/2/3/4/5/6,odd=2,even=-2,high=4,low=4,marker=6";
    assert!(plan(&cs, wide).is_none(), "count points above 15");
    assert!(
        plan(&cs, "rule28:ties=glenn").is_none(),
        "Glenn's tie-break"
    );
    assert!(plan(&cs, "ev").is_none());
    assert!(!plan(&cs, "fixed-risk:0.2").unwrap().defer_tops);
    let r66 = Rules::new(GameKind::Route66, 2);
    assert!(plan(&r66, "fixed-risk:0.2").unwrap().defer_tops);
    assert!(plan(&r66, "rule28").unwrap().defer_tops);
    assert!(plan(&r66, "one-roll").is_none());
    let mut faster = r66;
    faster.faster_gear = true;
    assert!(plan(&faster, "fixed-risk:0.2").is_none());
    let three = Rules::new(GameKind::CantStop, 3);
    assert!(plan(&three, "fixed-risk:0.2").is_none());
    assert!(plan(&Rules::new(GameKind::Route66, 3), "fixed-risk:0.2").is_none());
    assert!(plan(&Rules::new(GameKind::GreatRaces, 2), "fixed-risk:0.2").is_none());
    let mut jump = cs;
    jump.jump = true;
    assert!(plan(&jump, "fixed-risk:0.2").is_some());
}
