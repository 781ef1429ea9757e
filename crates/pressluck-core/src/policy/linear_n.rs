//! `linear-n`: the Rule of N whose choice points grow linearly up each column, with Jim Glenn's
//! *linear-weights* parameters as the `glenn-linear` preset (`LinearWeightsGenome` with
//! `WeightedSpacesWithBasicPenaltyGroupsStrategy` in his code, "8.787132 over 250000 games").
//!
//! Weights are given per column pair in the order 2/12, 3/11, 4/10, 5/9, 6/8, 7; `len` is the
//! column's length and a car's spaces are numbered 1 (the first) to `len` (the top).
//! - Count (rolling): the Rule of N's, `Σ over cars c of progress[c] · (steps_c + 1)`, plus the
//!   placed-markers terms `odd`, `even`, `low`, `high` once all three markers are placed (see
//!   [`super::rule_of_n`]).
//! - Keep rolling: never when stopping now wins the game; otherwise while fewer than 3 markers
//!   are in use and more columns are open than markers in use, or while the count is below the
//!   threshold.
//! - Choice: the choice whose resulting turn state scores highest on
//!   `Σ over cars c, over the spaces s the car entered this turn, of
//!   trunc(slope[c] · (s − 1) / (len − 1) + intercept[c])`, less `marker` per marker in use and
//!   less the placed-markers terms. A space's points are worked in floating point and cut
//!   toward zero, as Glenn's code does; the first space of a column is worth its intercept and
//!   the top `slope + intercept`. Unlike the Rule of N's choice points, a newly placed marker's
//!   first step does not count double. Where cubes are jumped (Route 66), the spaces entered
//!   are those the car landed on.
//! - Ties: the shared choice rule ([`Ties::Shared`], the default), or with `ties=glenn` the
//!   first of Glenn's move order ([`glenn_order`]), his code's own tie-break.
//! - Glenn (`glenn-linear`): progress 15,13,8,8,4,3; intercept 15,0,3,0,7,5; slope
//!   72,48,56,44,28,32; odd 11, even −1, high 4, low 4 (his genome has one gene for both),
//!   marker 12, threshold 61.

use super::decide::Policy;
use super::rule_of_n::{glenn_order, markers_to_place, RuleOfN, RuleParams, Ties};
use super::view::View;
use crate::columns::{ChoiceList, Game, Rules, Turn};
use crate::dice::Roll;
use rand_core::RngCore;

/// The parameters of a linear-weights Rule of N. Every adjustment term is signed: it is added
/// to the count and subtracted from the choice points where it applies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearParams {
    /// Count points per step, for columns 2/12, 3/11, 4/10, 5/9, 6/8, 7.
    pub progress: [i32; 6],
    /// Choice points for entering a column's first space, same order.
    pub intercept: [i32; 6],
    /// Choice points added from a column's first space to its top, same order.
    pub slope: [f64; 6],
    /// Added to the count (and subtracted from the choice points) when all three markers stand
    /// on odd columns.
    pub odd: i32,
    /// Added to the count (and subtracted from the choice points) when all three stand on even
    /// columns.
    pub even: i32,
    /// Added to the count (and subtracted from the choice points) when all three columns are 7
    /// or higher.
    pub high: i32,
    /// Added to the count (and subtracted from the choice points) when all three columns are 7
    /// or lower.
    pub low: i32,
    /// Choice points lost per marker in use.
    pub marker: i32,
    /// Keep rolling while the count is below this.
    pub threshold: i32,
    /// How ties between choices of equal choice points are broken.
    pub ties: Ties,
}

/// Glenn's linear-weights parameters, as his `LinearWeightsGenome.main` gives them.
pub const GLENN_LINEAR: LinearParams = LinearParams {
    progress: [15, 13, 8, 8, 4, 3],
    intercept: [15, 0, 3, 0, 7, 5],
    slope: [72.0, 48.0, 56.0, 44.0, 28.0, 32.0],
    odd: 11,
    even: -1,
    high: 4,
    low: 4,
    marker: 12,
    threshold: 61,
    ties: Ties::Shared,
};

/// Index of column `c` in the weight arrays: 0 for 2/12 … 5 for 7.
#[inline]
fn pair_index(c: u8) -> usize {
    (c.min(14 - c) - 2) as usize
}

/// The choice points for entering space `s` (1..=`len`) of a column of length `len`:
/// `trunc(slope · (s − 1) / (len − 1) + intercept)`, in Glenn's order of operations (a column
/// of one space is worth its intercept).
pub fn space_points(slope: f64, intercept: i32, s: u8, len: u8) -> i32 {
    if len <= 1 {
        return intercept;
    }
    (slope * (s as f64 - 1.0) / (len as f64 - 1.0) + intercept as f64) as i32
}

/// A linear-weights Rule of N, its space points laid out for one game's columns.
#[derive(Clone, Debug, PartialEq)]
pub struct LinearN {
    /// Its parameters.
    pub params: LinearParams,
    /// The Rule of N of its progress weights, terms, marker and threshold (choice weights 0):
    /// its count, and its choice score without the spaces' points.
    rule: RuleOfN,
    /// `points[c][s]`: the choice points of spaces 1..=s of column c together (0 for s = 0).
    points: [[i32; 16]; 13],
}

impl LinearN {
    /// The policy with parameters `params` for the columns of `rules`.
    pub fn new(params: LinearParams, rules: &Rules) -> LinearN {
        let rule = RuleOfN::new(RuleParams {
            progress: params.progress,
            choice: [0; 6],
            odd: params.odd,
            even: params.even,
            high: params.high,
            low: params.low,
            marker: params.marker,
            threshold: params.threshold,
            ties: params.ties,
        });
        let mut points = [[0; 16]; 13];
        for c in 2..=12u8 {
            let len = rules.layout.len(c).min(15);
            let k = pair_index(c);
            for s in 1..=len {
                points[c as usize][s as usize] = points[c as usize][s as usize - 1]
                    + space_points(params.slope[k], params.intercept[k], s, len);
            }
        }
        LinearN {
            params,
            rule,
            points,
        }
    }

    /// The running count of the turn in `game` (the Rule of N's).
    pub fn count(&self, rules: &Rules, game: &Game) -> i32 {
        self.rule.count(rules, game)
    }

    /// The choice points of the turn state `turn` for the player to move in `game`.
    pub fn choice_score(&self, rules: &Rules, game: &Game, turn: &Turn) -> i32 {
        let (board, p) = (&game.board, game.to_move);
        let mut sum = 0;
        for c in turn.cars {
            let (from, to) = (board.cube(p, c), turn.car(c));
            let col = &self.points[c as usize];
            if !rules.jump {
                sum += col[to as usize] - col[from as usize];
                continue;
            }
            // Only the spaces landed on: those between that hold no other player's cube.
            let span = ((2u32 << to) - 1) & !((2u32 << from) - 1);
            let mut landed = span & !(board.others_mask(rules.players, p, c) as u32);
            while landed != 0 {
                let s = landed.trailing_zeros() as usize;
                sum += col[s] - col[s - 1];
                landed &= landed - 1;
            }
        }
        sum + self.rule.turn_choice_score(rules, turn)
    }
}

impl Policy for LinearN {
    fn choose<R: RngCore>(
        &mut self,
        view: &View,
        roll: Roll,
        choices: &ChoiceList,
        rng: &mut R,
    ) -> usize {
        let _ = rng;
        let (rules, game) = (view.rules, view.game);
        if self.params.ties == Ties::Glenn {
            let mut best: Option<(i32, u8, usize)> = None;
            for (i, (choice, turn)) in choices.iter().enumerate() {
                let (score, rank) = (
                    self.choice_score(rules, game, turn),
                    glenn_order(roll, choice),
                );
                if best.is_none_or(|(s, r, _)| score > s || (score == s && rank < r)) {
                    best = Some((score, rank, i));
                }
            }
            return best.map_or(0, |(_, _, i)| i);
        }
        view.best_choice_by(choices, |_, turn| {
            self.choice_score(rules, game, turn) as f64
        })
    }

    fn keep_rolling<R: RngCore>(&mut self, view: &View, _rng: &mut R) -> bool {
        let (rules, game) = (view.rules, view.game);
        if view.stop_wins() {
            return false;
        }
        markers_to_place(rules, game) | (self.count(rules, game) < self.params.threshold)
    }
}

/// Every decision below is worked by hand from Glenn's parameters; his code
/// (`GeneralizedRuleOfNStrategy.pickPairs` and `rollAgain` on the same positions, with his
/// move order for the tie) takes the same.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Choice, GameKind};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Solitaire Can't Stop.
    fn solo() -> Rules {
        Rules::new(GameKind::CantStop, 1)
    }

    fn glenn_linear(rules: &Rules) -> LinearN {
        LinearN::new(GLENN_LINEAR, rules)
    }

    /// A solitaire turn with one step in each listed column (one roll each).
    fn one_step_each(cols: &[u8]) -> (Rules, Game) {
        let rules = solo();
        let mut g = Game::new();
        for &c in cols {
            g.apply(&rules, Choice::one(c));
        }
        (rules, g)
    }

    /// The choice points of `choice` in `game` under Glenn's linear weights.
    fn score_of(rules: &Rules, game: &Game, choice: Choice) -> i32 {
        let v = View::new(rules, game);
        glenn_linear(rules).choice_score(rules, game, &v.after(choice).turn)
    }

    /// The choice Glenn's linear rule takes on `roll` in `game`.
    fn chosen(rules: &Rules, game: &Game, roll: Roll, params: LinearParams) -> Choice {
        let list = game.choices(rules, roll);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let i = LinearN::new(params, rules).choose(&View::new(rules, game), roll, &list, &mut rng);
        list.as_slice()[i]
    }

    #[test]
    fn space_points_rise_linearly_up_each_column() {
        // trunc(slope · (s − 1) / (len − 1) + intercept), spaces 1..=len, as Glenn's getArrays
        // prints them.
        let rules = solo();
        let expect: [(u8, &[i32]); 6] = [
            // 2: len 3, 72x + 15: 15, 72/2 + 15 = 51, 144/2 + 15 = 87.
            (2, &[15, 51, 87]),
            // 3: len 5, 48x + 0: steps of 48/4 = 12.
            (3, &[0, 12, 24, 36, 48]),
            // 4: len 7, 56x + 3: 56/6 = 9.33…: 3, 12.33 → 12, 21.67 → 21, 31, 40.33 → 40,
            // 49.67 → 49, 59.
            (4, &[3, 12, 21, 31, 40, 49, 59]),
            // 5: len 9, 44x + 0: steps of 5.5, cut: 0, 5, 11, 16, 22, 27, 33, 38, 44.
            (5, &[0, 5, 11, 16, 22, 27, 33, 38, 44]),
            // 6: len 11, 28x + 7: steps of 2.8: 7, 9.8 → 9, 12.6 → 12, 15.4 → 15, 18.2 → 18,
            // 21, 23.8 → 23, 26.6 → 26, 29.4 → 29, 32.2 → 32, 35.
            (6, &[7, 9, 12, 15, 18, 21, 23, 26, 29, 32, 35]),
            // 7: len 13, 32x + 5: steps of 2.67: 5, 7, 10, 13, 15, 18, 21, 23, 26, 29, 31, 34, 37.
            (7, &[5, 7, 10, 13, 15, 18, 21, 23, 26, 29, 31, 34, 37]),
        ];
        for (c, points) in expect {
            let k = pair_index(c);
            let len = rules.layout.len(c);
            let got: Vec<i32> = (1..=len)
                .map(|s| space_points(GLENN_LINEAR.slope[k], GLENN_LINEAR.intercept[k], s, len))
                .collect();
            assert_eq!(got, points, "column {c}");
            // The mirror column is worth the same.
            let got: Vec<i32> = (1..=len)
                .map(|s| {
                    let k = pair_index(14 - c);
                    space_points(GLENN_LINEAR.slope[k], GLENN_LINEAR.intercept[k], s, len)
                })
                .collect();
            assert_eq!(got, points, "column {}", 14 - c);
        }
        // A negative intercept is cut toward zero, as Java's (int) does: 1 · 1/2 − 3 = −2.5 → −2.
        assert_eq!(space_points(1.0, -3, 2, 3), -2);
        // A one-space column is worth its intercept.
        assert_eq!(space_points(10.0, 4, 1, 1), 4);
    }

    #[test]
    fn hand_worked_choices() {
        let rules = solo();
        let g = Game::new();
        // Opening 1,1,6,6: 2+12 enters the first space of each, 15 + 15, less 2 markers · 12:
        // 6. 7+7 enters spaces 1 and 2 of 7, 5 + 7, less 12: 0. Takes 2+12.
        let roll = Roll([1, 1, 6, 6]);
        assert_eq!(score_of(&rules, &g, Choice::two(2, 12)), 6);
        assert_eq!(score_of(&rules, &g, Choice::two(7, 7)), 0);
        assert_eq!(chosen(&rules, &g, roll, GLENN_LINEAR), Choice::two(2, 12));
        // Opening 1,1,2,2: 2+4 is 15 + 3 − 24 = −6; 3+3 is spaces 1, 2 of 3, 0 + 12 − 12 = 0.
        let roll = Roll([1, 1, 2, 2]);
        assert_eq!(score_of(&rules, &g, Choice::two(2, 4)), -6);
        assert_eq!(score_of(&rules, &g, Choice::two(3, 3)), 0);
        assert_eq!(chosen(&rules, &g, roll, GLENN_LINEAR), Choice::two(3, 3));
        // The same roll with the player's cube on space 5 of 4: 2+4 enters space 6 of 4, worth
        // 49: 15 + 49 − 24 = 40, so now 2+4. The points read where the column stands.
        let mut high4 = Game::new();
        high4.board.set_cube(0, 4, 5);
        assert_eq!(score_of(&rules, &high4, Choice::two(2, 4)), 40);
        assert_eq!(score_of(&rules, &high4, Choice::two(3, 3)), 0);
        assert_eq!(
            chosen(&rules, &high4, roll, GLENN_LINEAR),
            Choice::two(2, 4)
        );
        // Markers on 3 and 5 (first spaces, 0 points each); 1,5,2,5 offers 6 alone, 7 alone,
        // or 3+10. 6: 7 − 3 · 12, all ≤ 7 (−4): −33. 7: 5 − 36, all odd (−11) and all ≤ 7
        // (−4): −46. 3+10: space 2 of 3 (12) and space 1 of 10 (3): 15 − 36 = −21. Takes 3+10.
        let (rules, g) = one_step_each(&[3, 5]);
        let roll = Roll([1, 5, 2, 5]);
        assert_eq!(score_of(&rules, &g, Choice::one(6)), -33);
        assert_eq!(score_of(&rules, &g, Choice::one(7)), -46);
        assert_eq!(score_of(&rules, &g, Choice::two(3, 10)), -21);
        assert_eq!(chosen(&rules, &g, roll, GLENN_LINEAR), Choice::two(3, 10));
    }

    #[test]
    fn ties_go_to_the_shared_rule_or_glenn_move_order() {
        // Markers on 3 and 11; 3,5,1,5 offers the singles 8, 6, 4 and 10. 8 and 6 enter a
        // first space worth 7: 7 − 36 = −29 each (3, 6 or 8, 11: no term applies); 4 and 10
        // are worth 3: −33.
        let (rules, g) = one_step_each(&[3, 11]);
        let roll = Roll([3, 5, 1, 5]);
        for (c, s) in [(8, -29), (6, -29), (4, -33), (10, -33)] {
            assert_eq!(score_of(&rules, &g, Choice::one(c)), s, "{c}");
        }
        // The shared rule finds 6 and 8 alike and takes the first listed, 8; Glenn's order
        // lists 6 first.
        assert_eq!(chosen(&rules, &g, roll, GLENN_LINEAR), Choice::one(8));
        let glenn_ties = LinearParams {
            ties: Ties::Glenn,
            ..GLENN_LINEAR
        };
        assert_eq!(chosen(&rules, &g, roll, glenn_ties), Choice::one(6));
    }

    #[test]
    fn hand_worked_roll_or_stop() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut decide = |cols: &[u8]| {
            let (rules, g) = one_step_each(cols);
            let mut p = glenn_linear(&rules);
            (
                p.count(&rules, &g),
                p.keep_rolling(&View::new(&rules, &g), &mut rng),
            )
        };
        // 2 and 12, one step each: 15 · 2 + 15 · 2 = 60; a marker free and columns open: roll.
        assert_eq!(decide(&[2, 12]), (60, true));
        // 2, 12, 7: 60 + 3 · 2 = 66, no term (7 is odd, 2 even; 2 low, 12 high) ≥ 61: stop.
        assert_eq!(decide(&[2, 12, 7]), (66, false));
        // 6, 7, 8: 4 · 2 + 3 · 2 + 4 · 2 = 22 < 61: roll.
        assert_eq!(decide(&[6, 7, 8]), (22, true));
        // 3, 5, 7: 13 · 2 + 8 · 2 + 3 · 2 = 48, all odd +11, all ≤ 7 +4: 63 ≥ 61: stop.
        assert_eq!(decide(&[3, 5, 7]), (63, false));
        // 8, 10, 12: 4 · 2 + 8 · 2 + 15 · 2 = 54, all even −1, all ≥ 7 +4: 57 < 61: roll.
        assert_eq!(decide(&[8, 10, 12]), (57, true));
        // 4, 9 and two steps in 4: 8 · 3 + 8 · 2 = 40 with a marker free: roll.
        assert_eq!(decide(&[4, 9, 4]), (40, true));
        // 2, 3, 4 and a second step in 2: 15 · 3 + 13 · 2 + 8 · 2 = 87, all ≤ 7 +4: 91: stop.
        assert_eq!(decide(&[2, 3, 4, 2]), (91, false));
    }

    #[test]
    fn a_route66_jump_scores_the_spaces_landed_on() {
        let rules = Rules::new(GameKind::Route66, 2);
        let mut g = Game::new();
        g.board.set_cube(1, 7, 2);
        let p = LinearN::new(GLENN_LINEAR, &rules);
        // A double 7 from the start: space 1, then over the cube on 2 to 3. Spaces 1 and 3
        // count, space 2 does not.
        g.apply(&rules, Choice::two(7, 7));
        assert_eq!(g.turn.car(7), 3);
        let len = rules.layout.len(7);
        let k = pair_index(7);
        let at = |s| space_points(GLENN_LINEAR.slope[k], GLENN_LINEAR.intercept[k], s, len);
        assert_eq!(
            p.choice_score(&rules, &g, &g.turn),
            at(1) + at(3) - GLENN_LINEAR.marker
        );
    }
}
