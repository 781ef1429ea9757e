//! `race-aware`: the Rule of N whose stop threshold and choice points follow the race.
//!
//! A Rule of N counts the turn's progress and stops at a fixed threshold, whoever is ahead.
//! This family keeps the Rule of N's count, choice points, marker rule and tie-break (Glenn &
//! Aloi's weights unless given) and moves the threshold with the state of the race, as read at
//! each decision from the position of the player to move (`p`):
//!
//! | term        | times                                                                        |
//! |-------------|------------------------------------------------------------------------------|
//! | `won`       | columns `p` has claimed                                                      |
//! | `tops`      | columns whose car reached the top this turn (claimed on a stop)              |
//! | `near`      | open columns where `p`'s cube stands within `reach` spaces of the top        |
//! | `car-near`  | this turn's cars within `reach` spaces of the top, not on it                 |
//! | `opp-won`   | the most columns an opponent has claimed                                     |
//! | `opp-near`  | the most open columns where one opponent's cube is within `reach` of the top |
//! | `lead`      | `p`'s score less the best opponent's (Route 66 points; Can't Stop columns)   |
//! | `open`      | columns still open (not won by anyone)                                       |
//!
//! Keep rolling: never when a stop wins the game; otherwise as the Rule of N (while markers
//! are free and more columns are open than markers in use), or while the count is below
//! `threshold + Σ term × its number`. A positive term presses on longer as its number grows.
//!
//! The choice points add `claim` per car standing on a top after the choice, and `contest`
//! per step taken this turn in a column where an opponent's cube is within `reach` of the top
//! (a race for a column the opponent is about to take: positive to race, negative to give way).
//!
//! With every term 0 it plays exactly the Rule of N of its weights. Alone (one player) the
//! opponents' terms read 0. The terms are real numbers; `reach` is 1 to 6 spaces (default 2).

use super::choice_scores::ChoiceScores;
use super::decide::Policy;
use super::rule_of_n::{markers_to_place, RuleOfN, RuleParams, GLENN};
use super::view::View;
use crate::columns::set::{MAX_COLUMN, MIN_COLUMN};
use crate::columns::{ChoiceList, Game, Rules, Turn};
use crate::dice::Roll;
use rand_core::RngCore;

/// The race terms' names, in the order of [`RaceTerms::values`] (and of a canonical spec).
pub const TERM_NAMES: [&str; 10] = [
    "won", "tops", "near", "car-near", "opp-won", "opp-near", "lead", "open", "claim", "contest",
];

/// How the race moves a Rule of N (see the module comment). All 0: the plain Rule of N.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RaceTerms {
    /// Threshold per column claimed.
    pub won: f64,
    /// Threshold per car on a top this turn.
    pub tops: f64,
    /// Threshold per own cube near the top of an open column.
    pub near: f64,
    /// Threshold per car near the top this turn.
    pub car_near: f64,
    /// Threshold per column of the opponent with the most claimed.
    pub opp_won: f64,
    /// Threshold per near cube of the opponent with the most near the top.
    pub opp_near: f64,
    /// Threshold per point of lead over the best opponent.
    pub lead: f64,
    /// Threshold per open column.
    pub open: f64,
    /// Choice points per car on a top after the choice.
    pub claim: f64,
    /// Choice points per step this turn in a column an opponent is near to taking.
    pub contest: f64,
}

impl RaceTerms {
    /// The terms in the order of [`TERM_NAMES`].
    pub fn values(&self) -> [f64; 10] {
        [
            self.won,
            self.tops,
            self.near,
            self.car_near,
            self.opp_won,
            self.opp_near,
            self.lead,
            self.open,
            self.claim,
            self.contest,
        ]
    }

    /// The term named `name` ([`TERM_NAMES`]), to set.
    pub fn term_mut(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "won" => &mut self.won,
            "tops" => &mut self.tops,
            "near" => &mut self.near,
            "car-near" => &mut self.car_near,
            "opp-won" => &mut self.opp_won,
            "opp-near" => &mut self.opp_near,
            "lead" => &mut self.lead,
            "open" => &mut self.open,
            "claim" => &mut self.claim,
            "contest" => &mut self.contest,
            _ => return None,
        })
    }
}

/// The spaces from the top that count as near, unless given.
pub const DEFAULT_REACH: u8 = 2;

/// A race-aware policy's parameters: the Rule of N's, the race terms and the reach.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaceParams {
    /// The Rule of N underneath.
    pub rule: RuleParams,
    /// The race terms.
    pub terms: RaceTerms,
    /// Spaces from the top that count as near (1..=6).
    pub reach: u8,
}

impl Default for RaceParams {
    fn default() -> Self {
        RaceParams {
            rule: GLENN,
            terms: RaceTerms::default(),
            reach: DEFAULT_REACH,
        }
    }
}

/// The numbers the race terms multiply, read from a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RaceState {
    /// Columns claimed.
    pub won: u32,
    /// Cars on a top this turn.
    pub tops: u32,
    /// Own cubes near the top of open columns.
    pub near: u32,
    /// Cars near the top, not on it.
    pub car_near: u32,
    /// The most columns one opponent claimed.
    pub opp_won: u32,
    /// The most near cubes of one opponent.
    pub opp_near: u32,
    /// Score less the best opponent's.
    pub lead: i32,
    /// Open columns.
    pub open: u32,
}

/// Whether space `s` of column `c` is within `reach` of its top (and not the start).
#[inline]
fn is_near(rules: &Rules, c: u8, s: u8, reach: u8) -> bool {
    s > 0 && s < rules.layout.len(c) && rules.layout.len(c) - s <= reach
}

impl RaceState {
    /// The race as the player to move in `game` sees it.
    pub fn of(rules: &Rules, game: &Game, reach: u8) -> RaceState {
        let (board, turn, p) = (&game.board, &game.turn, game.to_move);
        let mut st = RaceState {
            won: board.won[p as usize] as u32,
            tops: turn.at_top.len(),
            open: 11 - board.closed.len(),
            ..RaceState::default()
        };
        let mut best_score = None::<u16>;
        for q in (0..rules.players).filter(|&q| q != p) {
            let near = (MIN_COLUMN..=MAX_COLUMN)
                .filter(|&c| !board.closed.has_sum(c) && is_near(rules, c, board.cube(q, c), reach))
                .count() as u32;
            st.opp_near = st.opp_near.max(near);
            st.opp_won = st.opp_won.max(board.won[q as usize] as u32);
            let s = board.scores[q as usize];
            best_score = Some(best_score.map_or(s, |b| b.max(s)));
        }
        st.lead = board.scores[p as usize] as i32 - best_score.map_or(0, |s| s as i32);
        for c in MIN_COLUMN..=MAX_COLUMN {
            if board.closed.has_sum(c) {
                continue;
            }
            st.near += is_near(rules, c, board.cube(p, c), reach) as u32;
            if turn.cars.has_sum(c) {
                st.car_near += is_near(rules, c, turn.car(c), reach) as u32;
            }
        }
        st
    }
}

/// A race-aware Rule of N.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaceAware {
    /// Its parameters.
    pub params: RaceParams,
    /// The Rule of N underneath.
    rule: RuleOfN,
}

impl RaceAware {
    /// The policy with parameters `params`.
    pub fn new(params: RaceParams) -> RaceAware {
        RaceAware {
            params,
            rule: RuleOfN::new(params.rule),
        }
    }

    /// The threshold in the position of `game`: the Rule of N's, moved by the race terms.
    pub fn threshold(&self, rules: &Rules, game: &Game) -> f64 {
        self.threshold_of(&RaceState::of(rules, game, self.params.reach))
    }

    /// The threshold where the race stands at `s`.
    #[inline]
    pub(crate) fn threshold_of(&self, s: &RaceState) -> f64 {
        let t = &self.params.terms;
        self.params.rule.threshold as f64
            + t.won * s.won as f64
            + t.tops * s.tops as f64
            + t.near * s.near as f64
            + t.car_near * s.car_near as f64
            + t.opp_won * s.opp_won as f64
            + t.opp_near * s.opp_near as f64
            + t.lead * s.lead as f64
            + t.open * s.open as f64
    }

    /// The counts below which it rolls on (markers all placed, the stop not winning), by the
    /// cars on a top and the cars near one this turn, the rest of the race as in `turn`
    /// (whose `tops` and `car_near` are not read): entry `4 · tops + car_near`, for 0 to 3 of
    /// each. A count `n` is below the threshold exactly when it is below the entry (the
    /// threshold rounded up; never below one that is not a number).
    pub(crate) fn roll_on_below(&self, turn: &RaceState) -> [i64; 16] {
        std::array::from_fn(|i| {
            let s = RaceState {
                tops: i as u32 / 4,
                car_near: i as u32 % 4,
                ..*turn
            };
            let t = self.threshold_of(&s);
            // `as` saturates: an infinite threshold stays above (below) every count.
            if t.is_nan() {
                i64::MIN
            } else {
                t.ceil() as i64
            }
        })
    }

    /// Whether its choice points read the board (a choice term is not 0).
    pub fn reads_board(&self) -> bool {
        self.params.terms.claim != 0.0 || self.params.terms.contest != 0.0
    }

    /// The choice points of the turn state `turn` for the player to move in `game`.
    pub fn choice_score(&self, rules: &Rules, game: &Game, turn: &Turn) -> f64 {
        let t = &self.params.terms;
        let mut score = self.rule.turn_choice_score(rules, turn) as f64;
        score += t.claim * turn.at_top.len() as f64;
        if t.contest != 0.0 {
            let board = &game.board;
            let contested: u32 = turn
                .cars
                .into_iter()
                .filter(|&c| {
                    (0..rules.players).any(|q| {
                        q != game.to_move && is_near(rules, c, board.cube(q, c), self.params.reach)
                    })
                })
                .map(|c| turn.steps_in(c))
                .sum();
            score += t.contest * contested as f64;
        }
        score
    }
}

impl Policy for RaceAware {
    fn choose<R: RngCore>(
        &mut self,
        view: &View,
        roll: Roll,
        choices: &ChoiceList,
        rng: &mut R,
    ) -> usize {
        if !self.reads_board() {
            return self.rule.choose(view, roll, choices, rng);
        }
        view.best_choice_by(choices, |_, turn| {
            self.choice_score(view.rules, view.game, turn)
        })
    }

    fn keep_rolling<R: RngCore>(&mut self, view: &View, _rng: &mut R) -> bool {
        let (rules, game) = (view.rules, view.game);
        if view.stop_wins() {
            return false;
        }
        markers_to_place(rules, game)
            || (self.rule.count(rules, game) as f64) < self.threshold(rules, game)
    }

    /// The Rule of N's, when no choice term reads the board.
    fn choice_scores(&self, rules: &Rules) -> Option<ChoiceScores> {
        if self.reads_board() {
            None
        } else {
            self.rule.choice_scores(rules)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Choice, GameKind};
    use crate::dice::ROLLS;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Plays random games under `rules` and calls `each` on every position after a roll.
    fn positions(rules: &Rules, games: usize, mut each: impl FnMut(&Game)) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for _ in 0..games {
            let mut g = Game::new();
            while !g.finished() {
                let list = g.choices(rules, ROLLS[rng.gen_range(0..1296)]);
                if list.is_empty() {
                    g.bust(rules);
                    continue;
                }
                g.take(rules, &list, rng.gen_range(0..list.len()));
                each(&g);
                if rng.gen_bool(0.35) {
                    g.stop(rules);
                }
            }
        }
    }

    #[test]
    fn with_no_terms_it_plays_its_rule_of_n() {
        for rules in [
            Rules::new(GameKind::CantStop, 2),
            Rules::new(GameKind::Route66, 3),
        ] {
            let mut plain = RuleOfN::new(GLENN);
            let mut race = RaceAware::new(RaceParams::default());
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            positions(&rules, 200, |g| {
                let v = View::new(&rules, g);
                assert_eq!(
                    race.keep_rolling(&v, &mut rng),
                    plain.keep_rolling(&v, &mut rng)
                );
            });
            assert_eq!(race.choice_scores(&rules), plain.choice_scores(&rules));
        }
    }

    #[test]
    fn reads_the_race_from_the_board() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut g = Game::new();
        // Player 1 (index 0) to move: claimed 2 and 12; a cube 2 below the top of 7 (13
        // spaces) and one 3 below the top of 6 (11 spaces).
        g.board.won[0] = 2;
        g.board.scores[0] = 2;
        g.board.closed = g.board.closed.with(2).with(12);
        g.board.set_cube(0, 7, 11);
        g.board.set_cube(0, 6, 8);
        g.board.set_cube(0, 3, 2);
        // The opponent: one column, cubes 1 below the top of 3 and 5, and 4 below in 8.
        g.board.won[1] = 1;
        g.board.scores[1] = 1;
        g.board.closed = g.board.closed.with(11);
        g.board.set_cube(1, 3, 4);
        g.board.set_cube(1, 5, 8);
        g.board.set_cube(1, 8, 7);
        // This turn: 6 moves up to 2 below its top; 3 climbs from 2 to its top (5).
        g.apply(&rules, Choice::one(6));
        g.apply(&rules, Choice::one(3));
        g.apply(&rules, Choice::two(3, 3));
        assert!(g.turn.at_top.has_sum(3));
        let s = RaceState::of(&rules, &g, 2);
        assert_eq!(
            s,
            RaceState {
                won: 2,
                tops: 1,
                near: 1,
                car_near: 1,
                opp_won: 1,
                opp_near: 2,
                lead: 1,
                open: 8,
            }
        );
        let p = RaceParams {
            terms: RaceTerms {
                won: 1.0,
                tops: 2.0,
                near: 3.0,
                car_near: 4.0,
                opp_won: 5.0,
                opp_near: 6.0,
                lead: 0.5,
                open: -1.0,
                ..RaceTerms::default()
            },
            ..RaceParams::default()
        };
        let want = 29.0 + 2.0 + 2.0 + 3.0 + 4.0 + 5.0 + 12.0 + 0.5 - 8.0;
        assert_eq!(RaceAware::new(p).threshold(&rules, &g), want);
        // Steps in 3, which the opponent is near to taking: 3 this turn.
        let contest = RaceAware::new(RaceParams {
            terms: RaceTerms {
                contest: 2.0,
                claim: 10.0,
                ..RaceTerms::default()
            },
            ..RaceParams::default()
        });
        let base = RuleOfN::new(GLENN).turn_choice_score(&rules, &g.turn) as f64;
        assert_eq!(contest.choice_score(&rules, &g, &g.turn), base + 6.0 + 10.0);
        assert!(contest.choice_scores(&rules).is_none());
    }

    #[test]
    fn a_term_moves_the_stop() {
        let rules = Rules::new(GameKind::CantStop, 1);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut g = Game::new();
        // Three markers on 2, 4, 7 (Glenn's count 29): Glenn stops.
        g.apply(&rules, Choice::two(7, 7));
        g.apply(&rules, Choice::two(4, 7));
        g.apply(&rules, Choice::one(2));
        let v = View::new(&rules, &g);
        let mut glenn = RaceAware::new(RaceParams::default());
        assert!(!glenn.keep_rolling(&v, &mut rng));
        // 11 open columns and open=0.1: the threshold is 30.1 > 29, and it rolls on.
        let mut open = RaceAware::new(RaceParams {
            terms: RaceTerms {
                open: 0.1,
                ..RaceTerms::default()
            },
            ..RaceParams::default()
        });
        assert!(open.keep_rolling(&v, &mut rng));
    }
}
