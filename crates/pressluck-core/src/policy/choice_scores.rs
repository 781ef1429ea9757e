//! How a policy that chooses by the turn's shape alone scores a choice ([`ChoiceScores`]), so
//! that the engine may rank a roll's choices itself ([`crate::engine::rank`]) instead of
//! listing them and asking: the policy's points (most first), then the shared choice rule —
//! the busting rolls after the choice (fewest first), its progress (most first), its place in
//! the roll evaluator's list (first first) — as [`super::View::best_choice_by`] applies it.

use crate::columns::set::{COLUMN_COUNT, MAX_COLUMN, MIN_COLUMN};
use crate::columns::ColumnSet;

/// The largest point weight [`ChoiceScores`] takes (in absolute value): every choice's points
/// (four weights a candidate at most, less one placed-cars term) then stay within ±640 and fit
/// the vector rank's 11-bit field.
pub const MAX_WEIGHT: i32 = 128;

/// How a shape-choosing policy scores a choice: points per step in each column, points for
/// bringing a car into a column, and points lost for the set of cars once every car is placed.
/// The policy picks the choice with the most points; ties go to the shared choice rule. All
/// zero is the shared rule alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceScores {
    /// Points per step, by column.
    step: [i32; 16],
    /// Points for a car brought in, by column (on top of its steps).
    new_car: [i32; 16],
    /// Points lost by the cars after the choice, by 11-bit mask (0 until all are placed).
    placed: Box<[i32; 2048]>,
    /// Whether any points are non-zero.
    scored: bool,
}

impl ChoiceScores {
    /// The shared choice rule alone: no points.
    pub fn shared_rule() -> ChoiceScores {
        ChoiceScores {
            step: [0; 16],
            new_car: [0; 16],
            placed: Box::new([0; 2048]),
            scored: false,
        }
    }

    /// Points per step and per new car by column (index 0 = column 2) and per set of placed
    /// cars (by 11-bit mask); `None` when a weight is larger than `MAX_WEIGHT` (the policy is
    /// then asked the slow way).
    pub fn new(
        step: [i32; COLUMN_COUNT],
        new_car: [i32; COLUMN_COUNT],
        placed: impl Fn(ColumnSet) -> i32,
    ) -> Option<ChoiceScores> {
        let mut s = ChoiceScores::shared_rule();
        for c in MIN_COLUMN..=MAX_COLUMN {
            let i = (c - MIN_COLUMN) as usize;
            s.step[c as usize] = step[i];
            s.new_car[c as usize] = new_car[i];
        }
        for (m, p) in s.placed.iter_mut().enumerate() {
            *p = placed(ColumnSet::from_mask(m as u16));
        }
        let weights = s.step.iter().chain(&s.new_car).chain(s.placed.iter());
        if weights.clone().any(|w| w.abs() > MAX_WEIGHT) {
            return None;
        }
        s.scored = weights.clone().any(|&w| w != 0);
        Some(s)
    }

    /// Whether the points are all zero (the shared rule alone).
    #[inline(always)]
    pub fn is_shared_rule(&self) -> bool {
        !self.scored
    }

    /// Points per step, by column.
    #[inline(always)]
    pub fn step_weights(&self) -> &[i32; 16] {
        &self.step
    }

    /// Points per car brought in, by column.
    #[inline(always)]
    pub fn new_car_weights(&self) -> &[i32; 16] {
        &self.new_car
    }

    /// Points lost by the placed cars, by 11-bit mask.
    #[inline(always)]
    pub fn placed_weights(&self) -> &[i32; 2048] {
        &self.placed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_beyond_the_rank_field_are_refused() {
        let cols = [0; COLUMN_COUNT];
        assert!(ChoiceScores::new(cols, cols, |_| 0)
            .unwrap()
            .is_shared_rule());
        let mut big = cols;
        big[3] = MAX_WEIGHT;
        assert!(!ChoiceScores::new(big, cols, |_| 0)
            .unwrap()
            .is_shared_rule());
        big[3] = MAX_WEIGHT + 1;
        assert!(ChoiceScores::new(big, cols, |_| 0).is_none());
        assert!(ChoiceScores::new(cols, cols, |_| -MAX_WEIGHT - 1).is_none());
    }
}
