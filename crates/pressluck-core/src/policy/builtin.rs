//! The built-in policies: [`AnyPolicy`], one enum of every one, dispatched by `match` so the
//! per-roll calls stay monomorphic and inlinable, and [`FAMILIES`], their listing.

use super::choice_scores::ChoiceScores;
use super::decide::Policy;
use super::view::View;
use super::{
    ev, fixed_risk, linear_n, one_roll, optimal_turn, race_aware, random, rolls, rule_of_n,
};
use crate::columns::{ChoiceList, Rules};
use crate::dice::Roll;
use rand_core::RngCore;

/// The built-in policy families for `pressluck policies`: spec syntax and one line each.
pub const FAMILIES: [(&str, &str); 12] = [
    ("one-roll", "stop after the first successful roll of every turn"),
    ("fixed-risk:P[,ignore-top]", "roll while the next roll's bust chance is at most P; stop once a car reaches a scoring space"),
    ("ev | expected-value", "roll while (1-p_bust)*E[gain] > p_bust*(this turn's progress), valued in points (Route 66) or rolls (Can't Stop)"),
    ("optimal-turn[:W]", "exact within-turn play: roll/stop and choose to maximise the expected end-of-turn value (ev's value), by dynamic programming; W = worth of ending the game (default: Can't Stop 40.4, else 1000)"),
    ("rule28[:ties=glenn]", "Keller's Rule of 28: roll while the turn's progress count is below 28 or markers are still free; ties on choice points go to the shared choice rule (solitaire 10.59 turns), or with ties=glenn to the first of Glenn's move order, the literature's implementation (10.72)"),
    ("glenn[:ties=glenn]", "the Rule of N with Glenn & Aloi's evolved weights (threshold 29; solitaire 9.25 turns)"),
    ("rule-of-n:T[,progress=a/b/c/d/e/f,choice=…,odd=,even=,high=,low=,marker=,ties=]", "the Rule of N family: Keller's weights with threshold T, or every parameter given; odd/even/high/low are added to the count and taken from the choice points (Keller: even=-2)"),
    ("glenn-linear[:ties=glenn]", "Glenn's linear-weights Rule of N, the strongest published solitaire heuristic: count progress 15/13/8/8/4/3 per step (first step double) plus odd=11, even=-1, high=4, low=4, roll below 61; choice points per space entered rise linearly up each column (intercept 15/0/3/0/7/5 at its first space, + slope 72/48/56/44/28/32 at its top), less 12 a marker (solitaire 8.78 turns)"),
    ("linear-n:T[,progress=a/b/c/d/e/f,intercept=…,slope=…,odd=,even=,high=,low=,marker=,ties=]", "the linear-weights family: glenn-linear's parameters with threshold T, any of them replaced; a space s (1 = first, len = top) of a column is worth trunc(slope*(s-1)/(len-1) + intercept) choice points; slopes are real numbers, the rest whole"),
    ("race-aware:T[,rule-of-n's keys,won=,tops=,near=,car-near=,opp-won=,opp-near=,lead=,open=,claim=,contest=,reach=]", "the Rule of N (Glenn & Aloi's weights unless given) whose threshold T moves with the race: + each term times its count (columns claimed, cars on tops, cubes and cars within reach=2 of a top, the leading opponent's claims and near cubes, score lead, open columns); claim and contest add choice points per car on a top and per step in a column an opponent nearly has"),
    ("rolls:N", "roll exactly N times a turn, then stop (earlier only when stopping wins)"),
    ("random:P", "baseline: stop with probability P after each roll (0 < P <= 1)"),
];

/// Every built-in policy, dispatched by `match`.
#[derive(Clone, Debug)]
pub enum AnyPolicy {
    /// See `one_roll::OneRoll`.
    OneRoll(one_roll::OneRoll),
    /// See `fixed_risk::FixedRisk`.
    FixedRisk(fixed_risk::FixedRisk),
    /// See [`ev::ExpectedValue`].
    Ev(Box<ev::ExpectedValue>),
    /// See [`optimal_turn::OptimalTurn`].
    OptimalTurn(Box<optimal_turn::OptimalTurn>),
    /// See `rule_of_n::RuleOfN`.
    RuleOfN(rule_of_n::RuleOfN),
    /// See `race_aware::RaceAware`.
    RaceAware(Box<race_aware::RaceAware>),
    /// See `linear_n::LinearN`.
    LinearN(Box<linear_n::LinearN>),
    /// See `rolls::Rolls`.
    Rolls(rolls::Rolls),
    /// See `random::RandomStop`.
    Random(random::RandomStop),
}

/// Dispatches a method call to the policy inside an [`AnyPolicy`].
macro_rules! dispatch {
    ($self:ident, $p:ident => $call:expr) => {
        match $self {
            AnyPolicy::OneRoll($p) => $call,
            AnyPolicy::FixedRisk($p) => $call,
            AnyPolicy::Ev($p) => $call,
            AnyPolicy::OptimalTurn($p) => $call,
            AnyPolicy::RuleOfN($p) => $call,
            AnyPolicy::RaceAware($p) => $call,
            AnyPolicy::LinearN($p) => $call,
            AnyPolicy::Rolls($p) => $call,
            AnyPolicy::Random($p) => $call,
        }
    };
}

impl Policy for AnyPolicy {
    #[inline(always)]
    fn choose<R: RngCore>(
        &mut self,
        view: &View,
        roll: Roll,
        choices: &ChoiceList,
        rng: &mut R,
    ) -> usize {
        dispatch!(self, p => p.choose(view, roll, choices, rng))
    }

    #[inline(always)]
    fn keep_rolling<R: RngCore>(&mut self, view: &View, rng: &mut R) -> bool {
        dispatch!(self, p => p.keep_rolling(view, rng))
    }

    fn choice_scores(&self, rules: &Rules) -> Option<ChoiceScores> {
        dispatch!(self, p => p.choice_scores(rules))
    }
}
