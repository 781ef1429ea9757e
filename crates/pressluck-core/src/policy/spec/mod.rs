//! Policy specs: `name` or `name:param,param` on the command line, or (through a
//! [`StrategyBook`]) a strategy's name or the path to a `strategies/NAME.toml` file holding a
//! named, documented spec.
//!
//! Here: the parsed spec, its canonical name, and building the policy it names; `parse.rs`
//! reads a spec's text ([`PolicySpec::parse`]). The strategy files are read by
//! [`crate::games::strategy_book`].
//!
//! [`StrategyBook`]: crate::games::strategy_book::StrategyBook

mod parse;

use super::builtin::AnyPolicy;
use super::ev::ExpectedValue;
use super::fixed_risk::FixedRisk;
use super::linear_n::{LinearN, LinearParams, GLENN_LINEAR};
use super::one_roll::OneRoll;
use super::optimal_turn::OptimalTurn;
use super::race_aware::{RaceAware, RaceParams, TERM_NAMES};
use super::random::RandomStop;
use super::rolls::Rolls;
use super::rule_of_n::{RuleOfN, RuleParams, Ties, GLENN, KELLER};
use crate::columns::Rules;
use crate::games::asked::{AskedSeat, SeatSpec};
use std::fmt;

/// A parsed, validated policy spec: what to build, and the name it reports under.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicySpec {
    /// The name in outputs: the canonical spec (`fixed-risk:0.3`) or a strategy file's name.
    pub name: String,
    /// What to build.
    pub kind: SpecKind,
}

/// The built-in policy families with their parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum SpecKind {
    /// `one-roll`.
    OneRoll,
    /// `fixed-risk:P[,ignore-top]`.
    FixedRisk {
        /// Highest bust chance still worth a roll.
        max_bust: f64,
        /// Stop as soon as a car stands on a scoring space.
        stop_at_top: bool,
    },
    /// `ev` (or `expected-value`).
    Ev,
    /// `optimal-turn`.
    OptimalTurn(Option<f64>),
    /// `rule28`, `glenn`, `rule-of-n:T[,…]`.
    RuleOfN(RuleParams),
    /// `race-aware:T[,…]`.
    RaceAware(RaceParams),
    /// `glenn-linear`, `linear-n:T[,…]`.
    LinearN(LinearParams),
    /// `rolls:N`.
    Rolls(u16),
    /// `random:P`.
    Random(f64),
    /// `rollout:BASE[,budget=B][,z=Z][,horizon=H]`: the searching player, which plays each
    /// option of a decision on with `base` in every seat, at most `budget` games a decision,
    /// and leaves BASE's choice only for an option beating it by more than `z` standard errors
    /// of their paired difference. Only its spec is here: the player plays games, so it is
    /// built above the engine (`crate::games::column_races::SeatPolicy`).
    Rollout(Search),
    /// A seat that is asked its decisions (a bot, a person): no rule of the policy room, so it
    /// plays at the game's table ([`crate::games::asked`]), never on the engines.
    Asked(AskedSeat),
}

/// A searching player's spec: `rollout:BASE[,budget=B][,z=Z][,horizon=H]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Search {
    /// The base player, in every seat of the rollouts (never itself a searcher).
    pub base: Box<PolicySpec>,
    /// Games played on per decision, at most, over all its options.
    pub budget: u32,
    /// The margin, in standard errors of the paired difference, by which an option must beat
    /// the base player's own to be taken instead; 0 takes the best, ties to the base player's.
    pub z: f64,
    /// Turns a rollout plays after the decision's turn before the race value takes over
    /// (`None`: to the game's end; alone, always to the end).
    pub horizon: Option<u32>,
}

/// Games played on per decision by a searching player whose spec gives no `budget`.
pub const DEFAULT_SEARCH_BUDGET: u32 = 8_000;

/// The margin of a searching player whose spec gives no `z`.
pub const DEFAULT_SEARCH_Z: f64 = 1.0;

/// The horizon of a searching player whose spec gives none.
pub const DEFAULT_SEARCH_HORIZON: Option<u32> = Some(2);

/// Most games a searching player may play on per decision.
pub const MAX_SEARCH_BUDGET: u32 = 100_000_000;

/// Longest horizon in turns (`end` plays to the game's end).
pub const MAX_SEARCH_HORIZON: u32 = 1_000;

impl fmt::Display for PolicySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl PolicySpec {
    /// The canonical spec of what it plays (`fixed-risk:0.3`), whatever name it reports under.
    pub fn spec_text(&self) -> String {
        canonical(&self.kind)
    }

    /// The search of a searching spec (`rollout:BASE,budget=B,z=Z,horizon=H`).
    pub fn search(&self) -> Option<&Search> {
        match &self.kind {
            SpecKind::Rollout(s) => Some(s),
            _ => None,
        }
    }

    /// Whether it plays games of its own at a decision or is asked (the searching player, an
    /// asked seat): built as a seat above the engine
    /// (`crate::games::column_races::SeatPolicy::build`), never as a rule of the engines.
    pub fn is_seat(&self) -> bool {
        matches!(self.kind, SpecKind::Rollout(_) | SpecKind::Asked(_))
    }

    /// Builds the fixed rule the spec plays for a game. A searching spec plays games and is
    /// built above the engine (`crate::games::column_races::SeatPolicy::build`); here it
    /// builds its base player's rule, the one whose choices its ties keep. An asked seat has
    /// no rule: it plays at the game's table, and built here it is `one-roll`, which no game
    /// plays for it (the families build it as a seat: [`PolicySpec::is_seat`]).
    pub fn build(&self, rules: &Rules) -> AnyPolicy {
        match self.kind {
            SpecKind::Rollout(ref s) => s.base.build(rules),
            SpecKind::Asked(_) => AnyPolicy::OneRoll(OneRoll),
            SpecKind::OneRoll => AnyPolicy::OneRoll(OneRoll),
            SpecKind::FixedRisk {
                max_bust,
                stop_at_top,
            } => AnyPolicy::FixedRisk(FixedRisk::new(max_bust, stop_at_top)),
            SpecKind::Ev => AnyPolicy::Ev(Box::new(ExpectedValue::new())),
            SpecKind::OptimalTurn(w) => {
                AnyPolicy::OptimalTurn(Box::new(OptimalTurn::with_end_worth(w)))
            }
            SpecKind::RuleOfN(params) => AnyPolicy::RuleOfN(RuleOfN::new(params)),
            SpecKind::RaceAware(params) => AnyPolicy::RaceAware(Box::new(RaceAware::new(params))),
            SpecKind::LinearN(params) => AnyPolicy::LinearN(Box::new(LinearN::new(params, rules))),
            SpecKind::Rolls(n) => AnyPolicy::Rolls(Rolls { n }),
            SpecKind::Random(p_stop) => AnyPolicy::Random(RandomStop { p_stop }),
        }
    }
}

/// The canonical spec text of a kind.
fn canonical(kind: &SpecKind) -> String {
    match kind {
        SpecKind::OneRoll => "one-roll".into(),
        SpecKind::FixedRisk {
            max_bust,
            stop_at_top: true,
        } => format!("fixed-risk:{max_bust}"),
        SpecKind::FixedRisk {
            max_bust,
            stop_at_top: false,
        } => format!("fixed-risk:{max_bust},ignore-top"),
        SpecKind::Ev => "ev".into(),
        SpecKind::OptimalTurn(None) => "optimal-turn".into(),
        SpecKind::OptimalTurn(Some(w)) => format!("optimal-turn:{w}"),
        SpecKind::RuleOfN(p) => rule_of_n_name(p),
        SpecKind::RaceAware(p) => race_aware_name(p),
        SpecKind::LinearN(p) => linear_n_name(p),
        SpecKind::Rolls(n) => format!("rolls:{n}"),
        SpecKind::Random(p) => format!("random:{p}"),
        SpecKind::Rollout(s) => rollout_name(&s.base.spec_text(), s),
        SpecKind::Asked(seat) => seat.definition(),
    }
}

impl SeatSpec for PolicySpec {
    fn asked(seat: AskedSeat) -> PolicySpec {
        PolicySpec {
            name: seat.name.clone(),
            kind: SpecKind::Asked(seat),
        }
    }

    fn asked_seat(&self) -> Option<&AskedSeat> {
        match &self.kind {
            SpecKind::Asked(seat) => Some(seat),
            _ => None,
        }
    }
}

/// The name of a searching spec of base `base` (its name or its definition) and settings
/// `s`: `rollout:BASE,budget=B,z=Z,horizon=H`, the base first and the search's own keys last
/// so a base with commas reads back.
fn rollout_name(base: &str, s: &Search) -> String {
    let horizon = s.horizon.map_or("end".to_string(), |h| h.to_string());
    format!(
        "rollout:{base},budget={},z={},horizon={horizon}",
        s.budget, s.z
    )
}

/// The canonical name of a Rule of N: `rule28`, `glenn` or `rule-of-n:T` where the weights are
/// a preset's (`rule28:ties=glenn` under Glenn's tie-break), else every parameter spelled out.
fn rule_of_n_name(p: &RuleParams) -> String {
    let glenn_ties = p.ties == Ties::Glenn;
    let shared = RuleParams {
        ties: Ties::Shared,
        ..*p
    };
    let preset = |name: &str| {
        if glenn_ties {
            format!("{name}:ties=glenn")
        } else {
            name.to_string()
        }
    };
    let suffix = if glenn_ties { ",ties=glenn" } else { "" };
    if shared == KELLER {
        preset("rule28")
    } else if shared == GLENN {
        preset("glenn")
    } else if (RuleParams {
        threshold: KELLER.threshold,
        ..shared
    }) == KELLER
    {
        format!("rule-of-n:{}{suffix}", p.threshold)
    } else {
        let join = |w: &[i32; 6]| w.map(|x| x.to_string()).join("/");
        format!(
            "rule-of-n:{},progress={},choice={},odd={},even={},high={},low={},marker={}{suffix}",
            p.threshold,
            join(&p.progress),
            join(&p.choice),
            p.odd,
            p.even,
            p.high,
            p.low,
            p.marker
        )
    }
}

/// The canonical name of a race-aware Rule of N: `race-aware:T`, then each parameter that
/// differs from its default (Glenn & Aloi's weights, terms 0, reach 2), in a fixed order.
fn race_aware_name(p: &RaceParams) -> String {
    let (r, d) = (&p.rule, RaceParams::default());
    let mut parts = vec![format!("race-aware:{}", r.threshold)];
    let join = |w: &[i32; 6]| w.map(|x| x.to_string()).join("/");
    if r.progress != d.rule.progress {
        parts.push(format!("progress={}", join(&r.progress)));
    }
    if r.choice != d.rule.choice {
        parts.push(format!("choice={}", join(&r.choice)));
    }
    let ints = [
        ("odd", r.odd, d.rule.odd),
        ("even", r.even, d.rule.even),
        ("high", r.high, d.rule.high),
        ("low", r.low, d.rule.low),
        ("marker", r.marker, d.rule.marker),
    ];
    for (key, v, default) in ints {
        if v != default {
            parts.push(format!("{key}={v}"));
        }
    }
    for (key, v) in TERM_NAMES.iter().zip(p.terms.values()) {
        if v != 0.0 {
            parts.push(format!("{key}={v}"));
        }
    }
    if p.reach != d.reach {
        parts.push(format!("reach={}", p.reach));
    }
    if r.ties == Ties::Glenn {
        parts.push("ties=glenn".into());
    }
    parts.join(",")
}

/// The canonical name of a linear-weights Rule of N: `glenn-linear` for Glenn's parameters
/// (`glenn-linear:ties=glenn` under his tie-break), else `linear-n:T`, then each parameter that
/// differs from Glenn's, in a fixed order.
fn linear_n_name(p: &LinearParams) -> String {
    let d = GLENN_LINEAR;
    if (LinearParams { ties: d.ties, ..*p }) == d {
        return match p.ties {
            Ties::Glenn => "glenn-linear:ties=glenn".into(),
            Ties::Shared => "glenn-linear".into(),
        };
    }
    let mut parts = vec![format!("linear-n:{}", p.threshold)];
    let join = |w: &[i32; 6]| w.map(|x| x.to_string()).join("/");
    if p.progress != d.progress {
        parts.push(format!("progress={}", join(&p.progress)));
    }
    if p.intercept != d.intercept {
        parts.push(format!("intercept={}", join(&p.intercept)));
    }
    if p.slope != d.slope {
        let slopes = p.slope.map(|x| x.to_string()).join("/");
        parts.push(format!("slope={slopes}"));
    }
    let ints = [
        ("odd", p.odd, d.odd),
        ("even", p.even, d.even),
        ("high", p.high, d.high),
        ("low", p.low, d.low),
        ("marker", p.marker, d.marker),
    ];
    for (key, v, default) in ints {
        if v != default {
            parts.push(format!("{key}={v}"));
        }
    }
    if p.ties == Ties::Glenn {
        parts.push("ties=glenn".into());
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_names_canonically() {
        assert_eq!(PolicySpec::parse("one-roll").unwrap().name, "one-roll");
        assert_eq!(
            PolicySpec::parse("fixed-risk:0.30").unwrap().name,
            "fixed-risk:0.3"
        );
        assert_eq!(
            PolicySpec::parse("fixed-risk:0.3,ignore-top").unwrap().name,
            "fixed-risk:0.3,ignore-top"
        );
        for (spec, name) in [
            ("ev", "ev"),
            ("expected-value", "ev"),
            ("rule28", "rule28"),
            ("glenn", "glenn"),
            ("rule-of-n:28", "rule28"),
            ("rule-of-n:30", "rule-of-n:30"),
            ("rule-of-n:29,progress=7/7/3/2/2/1,choice=7/0/2/0/4/3,odd=7,even=1,high=6,low=5", "glenn"),
            (
                "rule-of-n:28,marker=5",
                "rule-of-n:28,progress=6/5/4/3/2/1,choice=1/2/3/4/5/6,odd=2,even=-2,high=4,low=4,marker=5",
            ),
            ("rule28:ties=glenn", "rule28:ties=glenn"),
            ("rule28:ties=shared", "rule28"),
            ("glenn:ties=glenn", "glenn:ties=glenn"),
            ("rule-of-n:29,progress=7/7/3/2/2/1,choice=7/0/2/0/4/3,odd=7,even=1,high=6,low=5,ties=glenn", "glenn:ties=glenn"),
            ("rule-of-n:30,ties=glenn", "rule-of-n:30,ties=glenn"),
            ("rule-of-n:28,marker=5,ties=glenn", "rule-of-n:28,progress=6/5/4/3/2/1,choice=1/2/3/4/5/6,odd=2,even=-2,high=4,low=4,marker=5,ties=glenn"),
            ("rolls:2", "rolls:2"),
            ("random:0.50", "random:0.5"),
            ("random:1", "random:1"),
        ] {
            assert_eq!(PolicySpec::parse(spec).unwrap().name, name, "{spec}");
        }
        // A full-form name parses back to the same policy.
        for spec in [
            "rule-of-n:28,marker=5",
            "rule-of-n:28,marker=5,ties=glenn",
            "rule28:ties=glenn",
        ] {
            let odd = PolicySpec::parse(spec).unwrap();
            assert_eq!(PolicySpec::parse(&odd.name).unwrap(), odd, "{spec}");
        }
        assert_eq!(
            PolicySpec::parse("glenn").unwrap().kind,
            SpecKind::RuleOfN(GLENN)
        );
        // race-aware: the threshold, then what differs from Glenn's weights, terms 0, reach 2.
        for (spec, name) in [
            ("race-aware:29", "race-aware:29"),
            ("race-aware:29,odd=7,won=0,reach=2", "race-aware:29"),
            (
                "race-aware:30,reach=3,contest=-1.5,won=2,marker=4,ties=glenn",
                "race-aware:30,marker=4,won=2,contest=-1.5,reach=3,ties=glenn",
            ),
            (
                "race-aware:25,opp-near=0.1250,lead=-0.02",
                "race-aware:25,opp-near=0.125,lead=-0.02",
            ),
        ] {
            let parsed = PolicySpec::parse(spec).unwrap();
            assert_eq!(parsed.name, name, "{spec}");
            assert_eq!(PolicySpec::parse(&parsed.name).unwrap(), parsed, "{spec}");
        }
        // glenn-linear and the linear-n family: the threshold, then what differs from Glenn's.
        for (spec, name) in [
            ("glenn-linear", "glenn-linear"),
            ("glenn-linear:ties=shared", "glenn-linear"),
            ("glenn-linear:ties=glenn", "glenn-linear:ties=glenn"),
            ("linear-n:61", "glenn-linear"),
            (
                "linear-n:61,progress=15/13/8/8/4/3,intercept=15/0/3/0/7/5,slope=72/48/56/44/28/32.0,odd=11,even=-1,high=4,low=4,marker=12",
                "glenn-linear",
            ),
            ("linear-n:61,ties=glenn", "glenn-linear:ties=glenn"),
            ("linear-n:60", "linear-n:60"),
            (
                "linear-n:55,ties=glenn,marker=10,slope=1.50/48/56/44/28/32,intercept=-1/0/3/0/7/5",
                "linear-n:55,intercept=-1/0/3/0/7/5,slope=1.5/48/56/44/28/32,marker=10,ties=glenn",
            ),
            (
                "linear-n:61,high=5,progress=1/2/3/4/5/6,low=3",
                "linear-n:61,progress=1/2/3/4/5/6,high=5,low=3",
            ),
        ] {
            let parsed = PolicySpec::parse(spec).unwrap();
            assert_eq!(parsed.name, name, "{spec}");
            assert_eq!(PolicySpec::parse(&parsed.name).unwrap(), parsed, "{spec}");
        }
        assert_eq!(
            PolicySpec::parse("glenn-linear").unwrap().kind,
            SpecKind::LinearN(GLENN_LINEAR)
        );
        assert_eq!(
            PolicySpec::parse("rolls:3").unwrap().kind,
            SpecKind::Rolls(3)
        );
    }

    #[test]
    fn a_searching_spec_names_its_base_and_budget_and_reads_back() {
        for (spec, name) in [
            ("rollout:glenn", "rollout:glenn,budget=8000,z=1,horizon=2"),
            (
                "rollout:glenn,budget=50",
                "rollout:glenn,budget=50,z=1,horizon=2",
            ),
            (
                "rollout:glenn,z=0,horizon=end,budget=50",
                "rollout:glenn,budget=50,z=0,horizon=end",
            ),
            (
                "rollout: rule-of-n:28 , budget=7, horizon=3",
                "rollout:rule28,budget=7,z=1,horizon=3",
            ),
            (
                "rollout:race-aware:29,won=2,odd=7,budget=200",
                "rollout:race-aware:29,won=2,budget=200,z=1,horizon=2",
            ),
            (
                "rollout:fixed-risk:0.3,ignore-top",
                "rollout:fixed-risk:0.3,ignore-top,budget=8000,z=1,horizon=2",
            ),
        ] {
            let parsed = PolicySpec::parse(spec).unwrap();
            assert_eq!(parsed.name, name, "{spec}");
            assert_eq!(parsed.spec_text(), name, "{spec}");
            assert_eq!(PolicySpec::parse(&parsed.name).unwrap(), parsed, "{spec}");
        }
        let s = PolicySpec::parse("rollout:glenn,budget=30,z=1.5,horizon=2").unwrap();
        let search = s.search().unwrap();
        assert_eq!(
            (
                search.base.name.as_str(),
                search.budget,
                search.z,
                search.horizon
            ),
            ("glenn", 30, 1.5, Some(2))
        );
        assert!(PolicySpec::parse("glenn").unwrap().search().is_none());
        // Built as a fixed rule, a search is its base's rule.
        let rules = Rules::new(crate::columns::GameKind::CantStop, 2);
        assert!(matches!(s.build(&rules), AnyPolicy::RuleOfN(_)));
    }

    #[test]
    fn a_searching_specs_errors_are_one_line_and_name_what_is_wrong() {
        for (spec, says) in [
            ("rollout", "needs a base player"),
            ("rollout:", "needs a base player"),
            ("rollout:budget=5", "needs a base player"),
            ("rollout:glenn,budget=0", "1 to 100000000"),
            ("rollout:glenn,budget=x", "'x' is not a whole number"),
            ("rollout:glenn,budget=5,budget=6", "budget is given twice"),
            (
                "rollout:glenn,n=100",
                "unknown key n; the search's size is budget=",
            ),
            ("rollout:glenn,z=-1", "0 to 10"),
            ("rollout:glenn,z=nan", "0 to 10"),
            ("rollout:glenn,z=a", "'a' is not a number"),
            ("rollout:glenn,horizon=0", "1 to 1000 turns or end"),
            ("rollout:glenn,horizon=soon", "1 to 1000 turns or end"),
            (
                "rollout:glenn,horizon=2,horizon=3",
                "horizon is given twice",
            ),
            ("rollout:nobody", "base player: unknown policy 'nobody'"),
            ("rollout:rollout:glenn", "cannot itself search"),
            ("rollout:gl\u{1b}\nenn,budget=5", "unknown policy"),
        ] {
            let e = PolicySpec::parse(spec).unwrap_err();
            assert!(e.contains(says), "{spec}: {e}");
            assert!(!e.contains('\n'), "{spec}: {e}");
        }
    }

    #[test]
    fn builds_every_family() {
        let rules = Rules::new(crate::columns::GameKind::Route66, 2);
        for spec in [
            "one-roll",
            "fixed-risk:0.3",
            "ev",
            "optimal-turn",
            "rule28",
            "glenn",
            "glenn-linear",
            "rolls:2",
            "random:0.3",
        ] {
            let built = PolicySpec::parse(spec).unwrap().build(&rules);
            let want = match spec {
                "one-roll" => matches!(built, AnyPolicy::OneRoll(_)),
                "fixed-risk:0.3" => matches!(built, AnyPolicy::FixedRisk(_)),
                "ev" => matches!(built, AnyPolicy::Ev(_)),
                "optimal-turn" => matches!(built, AnyPolicy::OptimalTurn(_)),
                "rule28" | "glenn" => matches!(built, AnyPolicy::RuleOfN(_)),
                "glenn-linear" => matches!(built, AnyPolicy::LinearN(_)),
                "rolls:2" => matches!(built, AnyPolicy::Rolls(Rolls { n: 2 })),
                _ => matches!(built, AnyPolicy::Random(_)),
            };
            assert!(want, "{spec}: {built:?}");
        }
    }
}
