//! `optimal-turn`: within one turn, roll or stop and choose so as to maximise the expected value
//! of the position the turn ends in, exactly — a dynamic programme over the turn states
//! reachable from the current one, with the `ev` policy's value function ([`super::value`]) as
//! the value of ending the turn.
//!
//! With `S(x)` the gain of stopping in turn state `x` over the board before the turn (the cars'
//! column values minus their cubes', plus the game-end term) and a bust worth 0:
//! `W(x) = max(S(x), R(x))`, `R(x) = Σ over the 126 distinct rolls r of weight(r)/1296 ·
//! max over r's legal choices k of W(x after k)` (0 when r busts). The turn's first roll is
//! forced, so it is worth `R(start)`. Every successful roll moves a car up, so the recursion
//! ends. Values are memoised by turn state for the board of the turn in hand; the memo is
//! cleared (keeping its memory) when the board changes, so after warm-up no decision allocates.
//!
//! The end of the game: `ev`'s value function marks a stop that ends the game with ±1000, far
//! above any column. A one-roll lookahead (`ev`) only meets that term one roll from the end,
//! but an exact programme chases any chance of it, however remote: in Can't Stop it made the
//! policy reckless (measured: 18.0 solitaire turns against ev's 9.7, and 39.5% against ev). So
//! `optimal-turn` values ending the game at `W` instead: by default in Can't Stop the worth of
//! two whole middle columns, `2 · 13 / P1(7)` ≈ 40.4 rolls (measured: 8.0–8.3 solitaire turns,
//! 69.5% against ev); in Route 66 and The Great Races the value function's own ±1000 (there it
//! measured as well as `W` = 20). `optimal-turn:W` sets `W` for any game.

use super::decide::Policy;
use super::value::tables::BoardTables;
use super::value::GAME_END;
use super::view::View;
use crate::columns::board::shift;
use crate::columns::{Choice, ChoiceList, Game, GameKind, Rules};
use crate::dice::{DISTINCT_ROLLS, OUTCOMES};
use rand_core::RngCore;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for the 64-bit turn-state keys (a multiply-xorshift mix).
#[derive(Default, Clone, Copy)]
pub struct StateHasher(u64);

impl Hasher for StateHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, x: u64) {
        let z = (x ^ (x >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = z ^ (z >> 29);
    }
}

/// The optimal within-turn policy and its memo.
#[derive(Clone, Debug, Default)]
pub struct OptimalTurn {
    /// Column values of the board of the memoised turn.
    tables: BoardTables,
    /// `W(x)` by turn-state key.
    memo: HashMap<u64, f64, BuildHasherDefault<StateHasher>>,
    /// The board and player the memo belongs to.
    memo_for: Option<([u64; 4], u16, u8)>,
    /// The worth of ending the game (`None`: the game's default, see the module comment).
    pub end_worth: Option<f64>,
    /// The value function's game-end term is scaled by this (set with the memo's board).
    end_scale: f64,
}

/// The worth of ending the game: `w` if given, else the game's default (module comment).
pub fn end_worth(rules: &Rules, w: Option<f64>) -> f64 {
    match (w, rules.game) {
        (Some(w), _) => w,
        (None, GameKind::CantStop) => {
            2.0 * 13.0 / (1.0 - crate::columns::bust::p_bust(crate::columns::ColumnSet::single(7)))
        }
        (None, _) => GAME_END,
    }
}

/// The memo key of a turn state: the cars' spaces and which columns hold cars.
#[inline]
fn key(game: &Game) -> u64 {
    let cars = game.turn.cars;
    let mask = cars.iter().fold(0u64, |m, c| m | (0xf << shift(c)));
    (game.turn.pos & mask) | (cars.0 as u64) << 48
}

impl OptimalTurn {
    /// A fresh policy.
    pub fn new() -> OptimalTurn {
        OptimalTurn::default()
    }

    /// A policy valuing the end of the game at `w` instead of the value function's own term.
    pub fn with_end_worth(w: Option<f64>) -> OptimalTurn {
        OptimalTurn {
            end_worth: w,
            ..OptimalTurn::default()
        }
    }

    /// Points the memo and tables at the board of the turn in `game`.
    fn sync(&mut self, rules: &Rules, game: &Game) {
        let p = game.to_move;
        let id = (game.board.progress, game.board.closed.0, p);
        if self.memo_for != Some(id) {
            self.memo.clear();
            self.tables.refresh(rules, &game.board, p);
            self.end_scale = end_worth(rules, self.end_worth) / GAME_END;
            self.memo_for = Some(id);
        }
    }

    /// `S(x)`: the gain of stopping now over the board before the turn.
    fn stop_gain(&self, rules: &Rules, game: &Game) -> f64 {
        self.stop_gain_and_win(rules, game).0
    }

    /// `S(x)`, and whether stopping now wins the game.
    fn stop_gain_and_win(&self, rules: &Rules, game: &Game) -> (f64, bool) {
        let (b, t, p) = (&game.board, &game.turn, game.to_move);
        let cols: f64 = t
            .cars
            .iter()
            .map(|c| {
                let v = &self.tables.value[c as usize];
                v[t.car(c) as usize] - v[b.cube(p, c) as usize]
            })
            .sum();
        let end = self.tables.end_term(rules, b, p, t.at_top);
        (cols + end * self.end_scale, end > 0.0)
    }

    /// `W(x)`: the value of turn state `game` played optimally from here.
    fn best(&mut self, rules: &Rules, game: &Game) -> f64 {
        let k = key(game);
        if let Some(&w) = self.memo.get(&k) {
            return w;
        }
        // A stop that wins the game is taken: nothing is worth more.
        let (stop, wins) = self.stop_gain_and_win(rules, game);
        let w = if wins {
            stop
        } else {
            stop.max(self.roll_value(rules, game))
        };
        self.memo.insert(k, w);
        w
    }

    /// `R(x)`: the expected value of rolling once more and playing on optimally.
    fn roll_value(&mut self, rules: &Rules, game: &Game) -> f64 {
        let mut total = 0.0;
        for wr in DISTINCT_ROLLS.iter() {
            let choices = game.choices(rules, wr.roll);
            let mut best = f64::NEG_INFINITY;
            for &c in choices.as_slice() {
                let mut next = *game;
                next.apply(rules, c);
                best = best.max(self.best(rules, &next));
            }
            if best > f64::NEG_INFINITY {
                total += wr.weight as f64 * best;
            }
        }
        total / OUTCOMES as f64
    }

    /// The values of stopping now and of rolling on (optimally) for the player to move, both as
    /// gains over the board before the turn, in the game's currency.
    pub fn stop_and_roll_values(&mut self, view: &View) -> (f64, f64) {
        self.sync(view.rules, view.game);
        (
            self.stop_gain(view.rules, view.game),
            self.roll_value(view.rules, view.game),
        )
    }

    /// The value of each choice: `W` of the state it leads to.
    pub fn choice_values(&mut self, view: &View, choices: &[Choice], out: &mut [f64]) {
        self.sync(view.rules, view.game);
        for (slot, &c) in out.iter_mut().zip(choices) {
            let mut next = *view.game;
            next.apply(view.rules, c);
            *slot = self.best(view.rules, &next);
        }
    }
}

impl Policy for OptimalTurn {
    fn choose<R: RngCore>(
        &mut self,
        view: &View,
        roll: crate::dice::Roll,
        choices: &ChoiceList,
        rng: &mut R,
    ) -> usize {
        let _ = (roll, rng);
        if choices.len() == 1 {
            return 0;
        }
        let mut values = [0.0f64; crate::columns::MAX_CHOICES];
        self.choice_values(view, choices.as_slice(), &mut values[..choices.len()]);
        let mut best = 0;
        for i in 1..choices.len() {
            if values[i] > values[best] {
                best = i;
            }
        }
        best
    }

    fn keep_rolling<R: RngCore>(&mut self, view: &View, _rng: &mut R) -> bool {
        if view.stop_wins() {
            return false;
        }
        let (stop, roll) = self.stop_and_roll_values(view);
        roll > stop
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::ev::ExpectedValue;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn rolling_value_is_at_least_a_one_roll_lookahead() {
        // R(x) with optimal continuation is never below the value of rolling exactly once more
        // and then stopping: Σ w · max_k S(x after k).
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut g = Game::new();
        g.apply(&rules, Choice::two(6, 8));
        let mut opt = OptimalTurn::new();
        let view = View::new(&rules, &g);
        let (stop, roll) = opt.stop_and_roll_values(&view);
        let mut once = 0.0;
        for wr in DISTINCT_ROLLS.iter() {
            let best = g
                .choices(&rules, wr.roll)
                .as_slice()
                .iter()
                .map(|&c| {
                    let mut n = g;
                    n.apply(&rules, c);
                    opt.stop_gain(&rules, &n)
                })
                .fold(f64::NEG_INFINITY, f64::max);
            if best > f64::NEG_INFINITY {
                once += wr.weight as f64 * best / 1296.0;
            }
        }
        assert!(roll >= once - 1e-9, "{roll} < {once}");
        // Two spaces climbed (one each in 6 and 8): S = 1296/727 · 2.
        assert!((stop - 2.0 * 1296.0 / 727.0).abs() < 1e-9, "{stop}");
        // With two cars out and one free, the bust chance is tiny: rolling on is right.
        assert!(roll > stop);
    }

    #[test]
    fn stops_when_every_roll_busts_and_when_stopping_wins() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        // Cars on top of 2, 3 and 12: no column is usable, every roll busts.
        let mut g = Game::new();
        for (c, n) in [(2u8, 3), (3, 5), (12, 3)] {
            for _ in 0..n {
                g.turn.advance(&rules, &g.board.clone(), 0, c);
            }
        }
        g.turn.rolls = 5;
        let view = View::new(&rules, &g);
        assert_eq!(view.bust_rolls, 1296);
        let mut opt = OptimalTurn::new();
        let (stop, roll) = opt.stop_and_roll_values(&view);
        assert_eq!(roll, 0.0);
        let worth = 2.0 * 13.0 * 1296.0 / 834.0;
        assert!(
            stop >= worth,
            "three tops claim three columns: the game is won ({stop})"
        );
        assert!(!opt.keep_rolling(&view, &mut rng));
    }

    #[test]
    fn rolls_at_least_whenever_ev_does_early_in_a_turn() {
        // One car out: ev's myopic rule and the exact programme both roll on.
        let rules = Rules::new(GameKind::Route66, 2);
        let mut g = Game::new();
        g.apply(&rules, Choice::two(7, 7));
        let view = View::new(&rules, &g);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        assert!(ExpectedValue::new().keep_rolling(&view, &mut rng));
        assert!(OptimalTurn::new().keep_rolling(&view, &mut rng));
    }
}
