//! What a policy decides: the [`Policy`] trait, asked by the engines after each roll for the
//! choice to take, and after each successful roll whether to roll again.

use super::choice_scores::ChoiceScores;
use super::view::View;
use crate::columns::{ChoiceList, Rules};
use crate::dice::Roll;
use rand_core::RngCore;

/// A stopping policy.
pub trait Policy {
    /// Index into `choices` (never empty) of the choice to take after `roll`. `view` shows the
    /// position before the choice is applied; the list carries the turn after each choice. The
    /// default is the shared choice rule: the choice leaving the lowest bust chance for the next
    /// roll, ties broken by more progress. The engine asks only when there are two choices or
    /// more, so a policy must not rely on being called (for its random stream, say) otherwise.
    fn choose<R: RngCore>(
        &mut self,
        view: &View,
        roll: Roll,
        choices: &ChoiceList,
        rng: &mut R,
    ) -> usize {
        let _ = (roll, rng);
        view.safest_choice(choices)
    }

    /// After a successful roll has been applied: whether to roll again.
    fn keep_rolling<R: RngCore>(&mut self, view: &View, rng: &mut R) -> bool;

    /// How this policy scores choices when [`Policy::choose`] depends on nothing but the
    /// turn's shape (the roll, the usable set, the cars, each choice's steps and tops: see
    /// [`ChoiceScores`]), draws nothing from `rng` and keeps no state, so the engine may rank
    /// the choices itself on [`crate::engine::shape::TurnShape`]. `None` (the default) for a policy
    /// valuing the board: the engine then lists the choices and asks.
    fn choice_scores(&self, rules: &Rules) -> Option<ChoiceScores> {
        let _ = rules;
        None
    }
}
