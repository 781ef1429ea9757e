//! Stopping policies: after each roll a policy picks one of the legal choices, and after each
//! successful roll it says whether to roll again.
//!
//! Built-ins are plain structs behind one enum, [`AnyPolicy`], resolved from a spec once per
//! matchup; the per-roll calls are a `match`, so the hot path stays monomorphic and inlinable.
//!
//! The floors, each importing only those below it: what a policy sees and answers (`view`,
//! `choice_scores`, the [`Policy`] trait in `decide`) with the position values and roll
//! tables some of them weigh by; the policies, one file a family; `builtin`, the enum of
//! them all and their listing; `spec`, the text that names one. This file only hands the
//! names on.

pub(crate) mod builtin;
pub(crate) mod choice_scores;
pub(crate) mod decide;
pub(crate) mod ev;
pub(crate) mod fixed_risk;
pub(crate) mod linear_n;
pub(crate) mod one_roll;
pub(crate) mod optimal_turn;
pub(crate) mod race_aware;
pub(crate) mod random;
pub(crate) mod roll_options;
pub(crate) mod rolls;
pub(crate) mod rule_of_n;
pub(crate) mod spec;
pub(crate) mod value;
pub(crate) mod view;

pub use builtin::{AnyPolicy, FAMILIES};
pub use choice_scores::ChoiceScores;
pub use decide::Policy;
pub use ev::ExpectedValue;
pub use fixed_risk::FixedRisk;
pub use linear_n::{LinearN, LinearParams};
pub use one_roll::OneRoll;
pub use optimal_turn::OptimalTurn;
pub use race_aware::{RaceAware, RaceParams, RaceTerms, TERM_NAMES};
pub use random::RandomStop;
pub use rolls::Rolls;
pub use rule_of_n::{glenn_order, RuleOfN, RuleParams, Ties};
pub use spec::PolicySpec;
pub use spec::SpecKind;
pub use spec::{
    Search, DEFAULT_SEARCH_BUDGET, DEFAULT_SEARCH_HORIZON, DEFAULT_SEARCH_Z, MAX_SEARCH_BUDGET,
    MAX_SEARCH_HORIZON,
};
pub use view::View;
