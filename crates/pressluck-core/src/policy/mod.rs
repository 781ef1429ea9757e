//! Stopping policies: after each roll a policy picks one of the legal choices, and after each
//! successful roll it says whether to roll again.
//!
//! Built-ins are plain structs behind one enum, [`AnyPolicy`], resolved from a spec once per
//! matchup; the per-roll calls are a `match`, so the hot path stays monomorphic and inlinable.
//!
//! The floors, each importing only those below it: what a policy sees and answers ([`view`],
//! [`choice_scores`], the [`Policy`] trait in [`decide`]) with the position values and roll
//! tables some of them weigh by; the policies, one file a family; [`builtin`], the enum of
//! them all and their listing; [`spec`], the text that names one. This file only hands the
//! names on.

pub mod builtin;
pub mod choice_scores;
pub mod decide;
pub mod ev;
pub mod fixed_risk;
pub mod linear_n;
pub mod one_roll;
pub mod optimal_turn;
pub mod race_aware;
pub mod random;
pub mod roll_options;
pub mod rolls;
pub mod rule_of_n;
pub mod spec;
pub mod value;
pub mod view;

pub use builtin::{AnyPolicy, FAMILIES};
pub use choice_scores::ChoiceScores;
pub use decide::Policy;
pub use spec::PolicySpec;
pub use view::View;
