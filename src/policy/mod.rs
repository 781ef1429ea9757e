//! Stopping policies: after each roll a policy picks one of the legal choices, and after each
//! successful roll it says whether to roll again.
//!
//! Built-ins are plain structs behind one enum, [`AnyPolicy`], resolved from a spec once per
//! matchup; the per-roll calls are a `match`, so the hot path stays monomorphic and inlinable.

pub mod fixed_risk;
pub mod one_roll;
pub mod spec;
pub mod value;
pub mod view;

pub use spec::PolicySpec;
pub use view::View;

use crate::columns::Choice;
use crate::dice::Roll;
use rand_core::RngCore;

/// A stopping policy.
pub trait Policy {
    /// Index into `choices` (never empty) of the choice to take after `roll`. `view` shows the
    /// position before the choice is applied. The default is the shared choice rule: the choice
    /// leaving the lowest bust chance for the next roll, ties broken by more progress.
    fn choose<R: RngCore>(&mut self, view: &View, roll: Roll, choices: &[Choice], rng: &mut R) -> usize {
        let _ = (roll, rng);
        view.safest_choice(choices)
    }

    /// After a successful roll has been applied: whether to roll again.
    fn keep_rolling<R: RngCore>(&mut self, view: &View, rng: &mut R) -> bool;
}

/// Every built-in policy, dispatched by `match`.
#[derive(Clone, Debug)]
pub enum AnyPolicy {
    /// See [`one_roll::OneRoll`].
    OneRoll(one_roll::OneRoll),
    /// See [`fixed_risk::FixedRisk`].
    FixedRisk(fixed_risk::FixedRisk),
}

impl Policy for AnyPolicy {
    #[inline]
    fn choose<R: RngCore>(&mut self, view: &View, roll: Roll, choices: &[Choice], rng: &mut R) -> usize {
        match self {
            AnyPolicy::OneRoll(p) => p.choose(view, roll, choices, rng),
            AnyPolicy::FixedRisk(p) => p.choose(view, roll, choices, rng),
        }
    }

    #[inline]
    fn keep_rolling<R: RngCore>(&mut self, view: &View, rng: &mut R) -> bool {
        match self {
            AnyPolicy::OneRoll(p) => p.keep_rolling(view, rng),
            AnyPolicy::FixedRisk(p) => p.keep_rolling(view, rng),
        }
    }
}
