//! `rule-of-n`: Michael Keller's Rule of 28 for Can't Stop (World Game Review #7) and its
//! family, with Glenn & Aloi's evolved parameters as the `glenn` preset.
//!
//! The parameters follow Jim Glenn's own implementation (`GeneralizedRuleOfNStrategy` and
//! `WeightedSpacesWithBasicPenaltyGroupsStrategy`): every adjustment term is signed and is
//! **added** to the count and **subtracted** from the choice points.
//!
//! Weights are given per column pair in the order 2/12, 3/11, 4/10, 5/9, 6/8, 7.
//! - Count (rolling): `Σ over cars c of progress[c] · (steps_c + 1)`, where `steps_c` is the
//!   number of steps the car took this turn — one per pair used, a double two, a Route 66 jump
//!   one step however many spaces it skips — and the `+ 1` is the first step of each newly
//!   placed marker counting double (every marker is placed anew each turn). Once all markers
//!   are placed (`cars` of them, 3), add `odd` if all three columns are odd, `even` if all are
//!   even, `low` if all are ≤ 7 and `high` if all are ≥ 7 (7 counts as both).
//! - Keep rolling: never when stopping now wins the game; otherwise while fewer than 3 markers
//!   are in use and more columns are open (not closed and no car on their top this turn) than
//!   markers in use, or while the count is below the threshold.
//! - Choice: the choice whose resulting turn state scores highest on
//!   `Σ choice[c] · (steps_c + 1) − marker · (markers in use)`, less the same placed-markers
//!   terms (`− odd − even − low − high`, each where it applies). Ties go to the shared choice
//!   rule ([`Ties::Shared`], the default), or with `ties=glenn` to the first of Glenn's move
//!   order ([`glenn_order`]), which reproduces the published figures.
//! - Keller (`rule28`): progress 6,5,4,3,2,1; choice 1,2,3,4,5,6; odd 2, even −2, low 4,
//!   high 4, marker 6, threshold 28. Glenn & Aloi (`glenn`): progress 7,7,3,2,2,1; choice
//!   7,0,2,0,4,3; odd 7, even 1, high 6, low 5, marker 6, threshold 29.
//! - Steps are derived from the position, not remembered: a car's steps are the spaces from
//!   its cube (exclusive) to the car (inclusive) that no other player's cube occupies when
//!   cubes are jumped (a jump never lands on an occupied space), else all of them.

use super::decide::Policy;
use super::view::View;
use crate::columns::board::nibble;
#[cfg(test)]
use crate::columns::set::bit_count16;
use crate::columns::set::COLUMN_COUNT;
#[cfg(test)]
use crate::columns::Board;
use crate::columns::{Choice, ChoiceList, ColumnSet, Game, Rules, Turn};
use crate::dice::Roll;
use crate::policy::choice_scores::ChoiceScores;
use rand_core::RngCore;

/// How a Rule of N breaks ties between choices of equal choice points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ties {
    /// The shared choice rule: the lowest bust chance for the next roll, then the most
    /// progress, then the first listed ([`View::safest_choice`]).
    #[default]
    Shared,
    /// The first of Glenn's move order ([`glenn_order`]): the tie-break of the literature's
    /// implementation (`ties=glenn`).
    Glenn,
}

/// The parameters of a Rule-of-N policy. Every adjustment term is signed: it is added to the
/// count and subtracted from the choice points where it applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleParams {
    /// Count points per step, for columns 2/12, 3/11, 4/10, 5/9, 6/8, 7.
    pub progress: [i32; 6],
    /// Choice points per step, same order.
    pub choice: [i32; 6],
    /// Added to the count (and subtracted from the choice points) when all three markers stand
    /// on odd columns.
    pub odd: i32,
    /// Added to the count (and subtracted from the choice points) when all three stand on even
    /// columns; Keller's all-even bonus is −2.
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

/// Keller's Rule of 28.
pub const KELLER: RuleParams = RuleParams {
    progress: [6, 5, 4, 3, 2, 1],
    choice: [1, 2, 3, 4, 5, 6],
    odd: 2,
    even: -2,
    high: 4,
    low: 4,
    marker: 6,
    threshold: 28,
    ties: Ties::Shared,
};

/// Glenn & Aloi's evolved parameters.
pub const GLENN: RuleParams = RuleParams {
    progress: [7, 7, 3, 2, 2, 1],
    choice: [7, 0, 2, 0, 4, 3],
    odd: 7,
    even: 1,
    high: 6,
    low: 5,
    marker: 6,
    threshold: 29,
    ties: Ties::Shared,
};

/// A Rule-of-N policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOfN {
    /// Its parameters.
    pub params: RuleParams,
    /// The progress weights by column number (0 outside 2..=12, index 16 included).
    progress: [i32; 17],
    /// The choice weights by column number.
    choice: [i32; 17],
}

/// Index of column `c` in the weight arrays: 0 for 2/12 … 5 for 7.
#[inline]
fn pair_index(c: u8) -> usize {
    (c.min(14 - c) - 2) as usize
}

#[cfg(test)]
/// Steps the car in column `c` took this turn (see the module comment).
#[inline]
pub fn steps(rules: &Rules, game: &Game, c: u8) -> u32 {
    turn_steps(rules, &game.board, game.to_move, &game.turn, c)
}

#[cfg(test)]
/// Steps the car of player `p` in column `c` took in `turn`, recounted from the board: the
/// spaces climbed that hold no other player's cube. The slow reference of [`Turn::steps_in`].
pub fn turn_steps(rules: &Rules, board: &Board, p: u8, turn: &Turn, c: u8) -> u32 {
    let (from, to) = (board.cube(p, c) as u32, turn.car(c) as u32);
    if !rules.jump {
        return to - from;
    }
    let span = ((2u32 << to) - 1) & !((2u32 << from) - 1);
    bit_count16((span & !(board.others_mask(rules.players, p, c) as u32)) as u16)
}

/// Weights per column pair (2/12 … 7) spread by column number, 0 outside 2..=12.
fn by_column(w: &[i32; 6]) -> [i32; 17] {
    std::array::from_fn(|c| {
        if (2..=12).contains(&c) {
            w[pair_index(c as u8)]
        } else {
            0
        }
    })
}

impl RuleOfN {
    /// The policy with parameters `params`.
    pub fn new(params: RuleParams) -> RuleOfN {
        RuleOfN {
            params,
            progress: by_column(&params.progress),
            choice: by_column(&params.choice),
        }
    }

    /// The placed-markers terms of the count (`odd + even + low + high`, each where it
    /// applies) for markers on `cars`, 0 unless all `rules.cars` are placed.
    fn placed_terms(&self, rules: &Rules, cars: ColumnSet) -> i32 {
        // Worked out either way and zeroed unless all are placed: no branch on the count.
        let placed = (cars.len() >= rules.cars as u32) & !cars.is_empty();
        const ODD: ColumnSet = ColumnSet::of(&[3, 5, 7, 9, 11]);
        const EVEN: ColumnSet = ColumnSet::of(&[2, 4, 6, 8, 10, 12]);
        const LOW: ColumnSet = ColumnSet::of(&[2, 3, 4, 5, 6, 7]);
        const HIGH: ColumnSet = ColumnSet::of(&[7, 8, 9, 10, 11, 12]);
        let k = &self.params;
        // Each term masked in (all bits) or out by its condition, so none becomes a branch.
        let all = |of: ColumnSet| -(((cars - of).is_empty() & placed) as i32);
        (k.odd & all(ODD)) + (k.even & all(EVEN)) + (k.low & all(LOW)) + (k.high & all(HIGH))
    }

    /// `Σ weights[c] · (steps_c + 1)` over the turn's cars (`weights` by column number).
    /// Three cars are taken lowest first without a branch (an empty pick is column 16, weight
    /// 0); any more, one at a time.
    #[inline]
    fn weighted_steps(turn: &Turn, weights: &[i32; 17]) -> i32 {
        let (mut cars, mut sum) = (turn.cars.0 as u32, 0);
        let mut take = |cars: &mut u32| {
            let c = cars.trailing_zeros().min(16) as u8;
            sum += weights[c as usize] * (nibble(turn.steps, c) as i32 + 1);
            *cars &= cars.wrapping_sub(1);
        };
        for _ in 0..3 {
            take(&mut cars);
        }
        while cars != 0 {
            take(&mut cars);
        }
        sum
    }

    /// The running count of the turn in `game`.
    pub fn count(&self, rules: &Rules, game: &Game) -> i32 {
        let turn = &game.turn;
        RuleOfN::weighted_steps(turn, &self.progress) + self.placed_terms(rules, turn.cars)
    }

    /// The choice score of a turn state.
    pub fn choice_score(&self, rules: &Rules, game: &Game) -> i32 {
        self.turn_choice_score(rules, &game.turn)
    }

    /// The choice score of the turn state `turn`.
    pub fn turn_choice_score(&self, rules: &Rules, turn: &Turn) -> i32 {
        RuleOfN::weighted_steps(turn, &self.choice)
            - self.params.marker * turn.cars.len() as i32
            - self.placed_terms(rules, turn.cars)
    }
}

impl RuleOfN {
    /// The first choice of highest choice points in Glenn's move order ([`glenn_order`]).
    fn glenn_choice(&self, rules: &Rules, roll: Roll, choices: &ChoiceList) -> usize {
        let mut best: Option<(i32, u8, usize)> = None;
        for (i, (choice, turn)) in choices.iter().enumerate() {
            let (score, rank) = (
                self.turn_choice_score(rules, turn),
                glenn_order(roll, choice),
            );
            if best.is_none_or(|(s, r, _)| score > s || (score == s && rank < r)) {
                best = Some((score, rank, i));
            }
        }
        best.map_or(0, |(_, _, i)| i)
    }
}

/// A choice's place in Glenn's move order for `roll` (lower comes first), the order in which
/// his Can't Stop code lists a roll's legal moves and keeps the first of equal choice points:
/// the pairings sorted as multisets read from column 12 down, which puts the pairing of the
/// smallest larger sum first ([`Roll::pairings_even_first`]), each taken whole when it can be
/// played whole, else replaced by its lower column alone, then its higher one.
pub fn glenn_order(roll: Roll, choice: Choice) -> u8 {
    let (lo, hi) = (choice.first, choice.second);
    for (k, &(a, b)) in roll.pairings_even_first().iter().enumerate() {
        let rank = 3 * k as u8;
        if hi != 0 && (lo, hi) == (a, b) {
            return rank;
        }
        if hi == 0 && lo == a {
            return rank + 1;
        }
        if hi == 0 && lo == b {
            return rank + 2;
        }
    }
    u8::MAX
}

/// Whether a marker is still free and more columns are open (not won, no car on their top)
/// than markers are in use: then a Rule of N rolls on, whatever its count.
#[inline]
pub fn markers_to_place(rules: &Rules, game: &Game) -> bool {
    let markers = game.turn.cars.len();
    let open = (!game.board.closed - game.turn.at_top).len();
    (markers < rules.cars as u32) & (open > markers)
}

impl Policy for RuleOfN {
    fn choose<R: RngCore>(
        &mut self,
        view: &View,
        roll: Roll,
        choices: &ChoiceList,
        rng: &mut R,
    ) -> usize {
        let _ = (roll, rng);
        if self.params.ties == Ties::Glenn {
            return self.glenn_choice(view.rules, roll, choices);
        }
        view.best_choice_by(choices, |_, turn| {
            self.turn_choice_score(view.rules, turn) as f64
        })
    }

    fn keep_rolling<R: RngCore>(&mut self, view: &View, _rng: &mut R) -> bool {
        let (rules, game) = (view.rules, view.game);
        if view.stop_wins() {
            return false;
        }
        // Both sides worked out, so the answer costs no branch.
        markers_to_place(rules, game) | (self.count(rules, game) < self.params.threshold)
    }

    /// Choice points and the shared rule on ties: a function of the turn's shape (a car's
    /// steps count a Route 66 jump as one). Relative to the turn before the roll, a choice
    /// scores `choice` per step, `choice − marker` per car brought in (its first step counts
    /// double), less the placed-markers terms of the cars after it. `None` under `ties=glenn`,
    /// whose tie-break reads the roll's pairings, not the shape.
    fn choice_scores(&self, rules: &Rules) -> Option<ChoiceScores> {
        let k = &self.params;
        if k.ties != Ties::Shared {
            return None;
        }
        let step: [i32; COLUMN_COUNT] = std::array::from_fn(|i| k.choice[pair_index(i as u8 + 2)]);
        let new_car = step.map(|w| w - k.marker);
        ChoiceScores::new(step, new_car, |cars| self.placed_terms(rules, cars))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Choice, ColumnSet, Game, GameKind, Rules};
    use crate::dice::Roll;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn rule28() -> RuleOfN {
        RuleOfN::new(KELLER)
    }

    fn glenn() -> RuleOfN {
        RuleOfN::new(GLENN)
    }

    /// A Can't Stop turn with one step in each listed column (one roll each).
    fn one_step_each(cols: &[u8]) -> (Rules, Game) {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut g = Game::new();
        for &c in cols {
            g.apply(&rules, Choice::one(c));
        }
        (rules, g)
    }

    #[test]
    fn keller_count_of_a_concrete_turn() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut g = Game::new();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        // Roll 1, 7+7: two steps in 7, the first doubled: 1 · (2 + 1) = 3.
        g.apply(&rules, Choice::two(7, 7));
        assert_eq!(rule28().count(&rules, &g), 3);
        // Roll 2, 4+7: 7 has 3 steps, 1 · 4 = 4; 4 has 1 step, 4 · 2 = 8: 12.
        g.apply(&rules, Choice::two(4, 7));
        assert_eq!(rule28().count(&rules, &g), 12);
        assert!(rule28().keep_rolling(&View::new(&rules, &g), &mut rng));
        // Roll 3, 2: 6 · 2 = 12, so 24; all three placed on 2, 4, 7: all ≤ 7 adds 4: 28.
        g.apply(&rules, Choice::one(2));
        assert_eq!(rule28().count(&rules, &g), 28);
        // Three markers and a count of 28, not below 28: stop.
        assert!(!rule28().keep_rolling(&View::new(&rules, &g), &mut rng));
        // Glenn & Aloi on the same turn: 7: 1 · 4 = 4; 4: 3 · 2 = 6; 2: 7 · 2 = 14; low +5: 29.
        assert_eq!(glenn().count(&rules, &g), 29);
        assert!(!glenn().keep_rolling(&View::new(&rules, &g), &mut rng));
        g.apply(&rules, Choice::one(2)); // one more step in 2: +7.
        assert_eq!(glenn().count(&rules, &g), 36);
    }

    #[test]
    fn placed_marker_terms() {
        // 3, 5, 7 ((5 + 3 + 1) per step, · 2): 18; all odd +2, all ≤ 7 +4: 24.
        let (rules, g) = one_step_each(&[3, 5, 7]);
        assert_eq!(rule28().count(&rules, &g), 24);
        // Glenn: (7 + 2 + 1) · 2 = 20, odd +7, low +5: 32.
        assert_eq!(glenn().count(&rules, &g), 32);
        // 8, 10, 12 (2 + 4 + 6) · 2 = 24; all even −2, all ≥ 7 +4: 26. Glenn: (2+3+7)·2 = 24,
        // all even +1 (a penalty in Glenn's signed convention), all ≥ 7 +6: 31.
        let (rules, g) = one_step_each(&[8, 10, 12]);
        assert_eq!(rule28().count(&rules, &g), 26);
        assert_eq!(glenn().count(&rules, &g), 31);
        // 7, 9, 11 (1 + 3 + 5) · 2 = 18; odd +2, ≥ 7 +4 (7 counts as high): 24.
        let (rules, g) = one_step_each(&[7, 9, 11]);
        assert_eq!(rule28().count(&rules, &g), 24);
        // 6, 7, 8 (2 + 1 + 2) · 2 = 10, no term applies.
        let (rules, g) = one_step_each(&[6, 7, 8]);
        assert_eq!(rule28().count(&rules, &g), 10);
        // Two markers only: no term, 3 and 5 alone give (5 + 3) · 2 = 16.
        let (rules, g) = one_step_each(&[3, 5]);
        assert_eq!(rule28().count(&rules, &g), 16);
    }

    #[test]
    fn every_term_is_added_to_the_count_and_taken_from_the_choice_points() {
        // Each term alone, +10 or −10, on cars placed so that exactly its condition holds.
        type SetTerm = fn(&mut RuleParams, i32);
        let cases: [(&[u8], SetTerm); 4] = [
            (&[3, 9, 11], |p, w| p.odd = w),
            (&[8, 10, 12], |p, w| p.even = w),
            (&[2, 4, 6], |p, w| p.low = w),
            (&[8, 10, 12], |p, w| p.high = w),
        ];
        for (cols, set) in cases {
            let (rules, g) = one_step_each(cols);
            let zero = RuleParams {
                odd: 0,
                even: 0,
                low: 0,
                high: 0,
                ..KELLER
            };
            let base = RuleOfN::new(zero);
            for w in [10, -10] {
                let mut p = zero;
                set(&mut p, w);
                let r = RuleOfN::new(p);
                assert_eq!(r.count(&rules, &g), base.count(&rules, &g) + w, "{cols:?}");
                assert_eq!(
                    r.choice_score(&rules, &g),
                    base.choice_score(&rules, &g) - w,
                    "{cols:?}"
                );
            }
        }
    }

    #[test]
    fn glenn_ties_take_the_first_of_glenn_move_order() {
        // Cars on 3 and 11, one marker free; 3 5 1 5 pairs as 8+6, 4+10, 8+6: each pairing
        // needs two new markers, so the choices are the singles 8, 6, 4 and 10, listed so.
        let (rules, g) = one_step_each(&[3, 11]);
        let roll = Roll([3, 5, 1, 5]);
        let list = g.choices(&rules, roll);
        let singles = [8, 6, 4, 10].map(Choice::one);
        assert_eq!(list.as_slice(), &singles);
        // Glenn's order: 6+8 (larger sum 8) before 4+10, each pairing's lower single first.
        let order = singles.map(|c| glenn_order(roll, c));
        assert!(order[1] < order[0] && order[0] < order[2] && order[2] < order[3]);
        // 6 and 8 tie on choice points (0 each; 4 and 10 score −4) and on the shared rule's
        // bust chance and progress, so the shared rule takes the first listed, 8, and
        // Glenn's order takes 6.
        let v = View::new(&rules, &g);
        let scores: Vec<i32> = singles
            .iter()
            .map(|&c| rule28().choice_score(&rules, &v.after(c)))
            .collect();
        assert_eq!(scores, [0, 0, -4, -4]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        assert_eq!(rule28().choose(&v, roll, &list, &mut rng), 0);
        let mut glenn_ties = RuleOfN::new(RuleParams {
            ties: Ties::Glenn,
            ..KELLER
        });
        assert_eq!(glenn_ties.choose(&v, roll, &list, &mut rng), 1);
        assert!(glenn_ties.choice_scores(&rules).is_none());
        // Whole pairings come before their singles; the pairing of the smaller larger sum first.
        let roll = Roll([1, 1, 6, 6]);
        assert!(glenn_order(roll, Choice::two(7, 7)) < glenn_order(roll, Choice::two(2, 12)));
        assert!(glenn_order(roll, Choice::two(2, 12)) < glenn_order(roll, Choice::one(2)));
        assert!(glenn_order(roll, Choice::one(2)) < glenn_order(roll, Choice::one(12)));
    }

    #[test]
    fn a_route66_jump_counts_one_step() {
        let rules = Rules::new(GameKind::Route66, 2);
        let mut g = Game::new();
        g.board.set_cube(1, 7, 2);
        // A double 7 from the start: 1, then over the cube on 2 to 3 — two steps, not three.
        g.apply(&rules, Choice::two(7, 7));
        assert_eq!(g.turn.car(7), 3);
        assert_eq!(steps(&rules, &g, 7), 2);
        assert_eq!(rule28().count(&rules, &g), 3);
    }

    #[test]
    fn free_markers_and_open_columns_keep_it_rolling() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut g = Game::new();
        // Doubles in 2 and 12: 6 · 3 each, count 36, two markers in use.
        g.apply(&rules, Choice::two(2, 2));
        g.apply(&rules, Choice::two(12, 12));
        assert_eq!(rule28().count(&rules, &g), 36);
        // 11 open columns > 2 markers: roll although 36 ≥ 28.
        assert!(rule28().keep_rolling(&View::new(&rules, &g), &mut rng));
        // Three open columns (2, 7, 12) > 2 markers: still roll.
        g.board.closed = !ColumnSet::of(&[2, 7, 12]);
        assert!(rule28().keep_rolling(&View::new(&rules, &g), &mut rng));
        // Only 2 and 12 open: 2 open columns are not more than 2 markers, and 36 ≥ 28: stop.
        g.board.closed = !ColumnSet::of(&[2, 12]);
        assert!(!rule28().keep_rolling(&View::new(&rules, &g), &mut rng));
    }

    #[test]
    fn never_rolls_when_stopping_wins() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut g = Game::new();
        g.board.won[0] = 2;
        // Column 2 topped: count 6 · (3 + 1) = 24 with one marker — it would roll on, but
        // stopping claims a third column and wins.
        g.apply(&rules, Choice::two(2, 2));
        g.apply(&rules, Choice::one(2));
        assert_eq!(rule28().count(&rules, &g), 24);
        assert!(!rule28().keep_rolling(&View::new(&rules, &g), &mut rng));
        g.board.won[0] = 1;
        assert!(rule28().keep_rolling(&View::new(&rules, &g), &mut rng));
    }

    #[test]
    fn choices_by_choice_points() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let g = Game::new();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let roll = Roll([1, 1, 6, 6]);
        let list = g.choices(&rules, roll);
        let choices = list.as_slice();
        assert_eq!(choices, &[Choice::two(2, 12), Choice::two(7, 7)]);
        let v = View::new(&rules, &g);
        // Keller: 2+12 scores 1·2 + 1·2 − 2·6 = −8; 7+7 scores 6·3 − 6 = 12: takes 7+7.
        assert_eq!(rule28().choice_score(&rules, &v.after(choices[0])), -8);
        assert_eq!(rule28().choice_score(&rules, &v.after(choices[1])), 12);
        assert_eq!(rule28().choose(&v, roll, &list, &mut rng), 1);
        // Glenn: 2+12 scores 7·2 + 7·2 − 12 = 16; 7+7 scores 3·3 − 6 = 3: takes 2+12.
        assert_eq!(glenn().choose(&v, roll, &list, &mut rng), 0);
    }

    #[test]
    fn choice_terms_are_reversed_and_ties_go_to_the_shared_rule() {
        // Cars on 7 and 5; the roll 1,2,3,3 offers 3 alone, 6 alone, or 4+5.
        let (rules, g) = one_step_each(&[7, 5]);
        let roll = Roll([1, 2, 3, 3]);
        let list = g.choices(&rules, roll);
        assert_eq!(
            list.as_slice(),
            &[Choice::one(3), Choice::one(6), Choice::two(4, 5)]
        );
        let v = View::new(&rules, &g);
        let score = |c| rule28().choice_score(&rules, &v.after(c));
        // 3: 2·2 + 4·2 + 6·2 − 18 = 6, all odd −2, all ≤ 7 −4: 0.
        assert_eq!(score(Choice::one(3)), 0);
        // 6: 5·2 + 4·2 + 6·2 − 18 = 12, all ≤ 7 −4: 8.
        assert_eq!(score(Choice::one(6)), 8);
        // 4+5: 3·2 + 4·3 + 6·2 − 18 = 12, all ≤ 7 −4: 8 — a tie with 6.
        assert_eq!(score(Choice::two(4, 5)), 8);
        // 8, 10, 12: 5·2 + 3·2 + 1·2 − 18 = 0, all even +2, all ≥ 7 −4: −2.
        let (r2, g2) = one_step_each(&[8, 10, 12]);
        assert_eq!(rule28().choice_score(&r2, &g2), -2);
        // The tie goes to the shared rule: the lower bust chance after the choice.
        let safest = v.safest_choice(&list.select(0b110)) + 1;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        assert_eq!(rule28().choose(&v, roll, &list, &mut rng), safest);
    }
}
