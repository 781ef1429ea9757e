//! The solitaire policy that minimises the expected number of turns to finish, solved exactly
//! by value iteration over (square, running shortcut total) states.
//!
//! `V(s)` is the expected number of turns from the start of a turn on `s` (`V(finish) = 0`):
//!
//! - main road (white squares): `1 + Σ_d V(main(s, d)) / 6`;
//! - push: `1 + min V(u)` over the push targets `u`;
//! - shortcut: `1 + K(s, 0)`, where `K(s, t) = V(s)/2 + Σ_{r=1..3} C(s, t + r)/6` is the value
//!   of rolling on with total `t`, `C(s, t) = min(B(s, t), K(s, t))` the value of holding total
//!   `t`, and `B(s, t) = min V(u)` over the squares a move of up to `t` reaches.
//!
//! Past the total `tmax(s)` at which the reach stops growing (or takes in the finish), `B` is
//! constant and `C = min(B, V(s))` in closed form, so each square's table is finite.

use super::board::{squares, ShortcutBoard, Square, SquareSet};
use super::rules::{main_road, push_targets, shortcut_reach};

/// Value iteration stops once no value moves by this much in a sweep.
pub const TOLERANCE: f64 = 1e-12;

/// Sweeps before giving up (never reached on a checked board).
pub const MAX_SWEEPS: u32 = 1_000_000;

/// The solved policy of one board.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// Expected turns to finish from the start of a turn on each square.
    pub v: Vec<f64>,
    /// Expected turns if the turn is a main-road roll (infinite off the main road).
    pub q_main: Vec<f64>,
    /// Expected turns if the turn is the best push (infinite where no push is possible).
    pub q_push: Vec<f64>,
    /// Expected turns if the turn is a shortcut, pressed optimally.
    pub q_shortcut: Vec<f64>,
    /// Per square, `K(s, t)` for totals `t = 0..=tmax(s)`; the last entry holds for all larger.
    pub press_on: Vec<Vec<f64>>,
    /// Sweeps made.
    pub sweeps: u32,
    /// The last sweep's largest change.
    pub residual: f64,
}

/// The optimal choice at the start of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShortcutChoice {
    /// Roll for the main road.
    Main,
    /// Push to this square.
    Push(Square),
    /// Announce the shortcut.
    Shortcut,
}

impl Solution {
    /// `K(s, t)`: expected turns after this one if the car on `s` rolls on holding total `t`.
    #[inline]
    pub fn press_on(&self, s: Square, total: u32) -> f64 {
        let k = &self.press_on[s as usize];
        k[(total as usize).min(k.len() - 1)]
    }

    /// The lowest value over a set of squares (infinite for an empty set).
    #[inline]
    pub fn best(&self, set: SquareSet) -> f64 {
        squares(set).fold(f64::INFINITY, |m, u| m.min(self.v[u as usize]))
    }

    /// The square of `set` with the lowest value (lowest index on ties).
    #[inline]
    pub fn best_square(&self, set: SquareSet) -> Option<Square> {
        squares(set).fold(None, |m: Option<Square>, u| match m {
            Some(b) if self.v[b as usize] <= self.v[u as usize] => Some(b),
            _ => Some(u),
        })
    }

    /// The best choice on `s` given the push targets still open (`push` may be narrowed by
    /// blocking): main road, then push, then shortcut on ties.
    pub fn choose(&self, s: Square, push: SquareSet) -> ShortcutChoice {
        let mut best = (self.q_main[s as usize], ShortcutChoice::Main);
        if let Some(u) = self.best_square(push) {
            let q = 1.0 + self.v[u as usize];
            if q < best.0 {
                best = (q, ShortcutChoice::Push(u));
            }
        }
        if self.q_shortcut[s as usize] < best.0 {
            best = (self.q_shortcut[s as usize], ShortcutChoice::Shortcut);
        }
        best.1
    }
}

/// Per square, the shortcut reach for totals `0..=tmax` (growth stops or the finish is in).
fn reach_tables(b: &ShortcutBoard) -> Vec<Vec<SquareSet>> {
    (0..b.len() as Square)
        .map(|s| {
            let mut table = vec![shortcut_reach(b, s, 0, 0)];
            loop {
                let t = table.len() as u32;
                let r = shortcut_reach(b, s, t, 0);
                let last = table[table.len() - 1];
                if r == last || last & super::board::bit(b.finish) != 0 {
                    break;
                }
                table.push(r);
            }
            table
        })
        .collect()
}

/// Solves a board: value iteration until a sweep changes no value by `TOLERANCE` or more.
/// The error says when it did not converge within `MAX_SWEEPS`.
pub fn solve(b: &ShortcutBoard) -> Result<Solution, String> {
    let n = b.len();
    let reach = reach_tables(b);
    let pushes: Vec<SquareSet> = (0..n as Square).map(|s| push_targets(b, s, 0)).collect();
    let mut v = vec![0.0f64; n];
    let mut sol = Solution {
        v: vec![0.0; n],
        q_main: vec![f64::INFINITY; n],
        q_push: vec![f64::INFINITY; n],
        q_shortcut: vec![f64::INFINITY; n],
        press_on: reach.iter().map(|r| vec![0.0; r.len()]).collect(),
        sweeps: 0,
        residual: f64::INFINITY,
    };
    let mut hold = Vec::new();
    while sol.residual >= TOLERANCE {
        if sol.sweeps >= MAX_SWEEPS {
            return Err(format!(
                "value iteration did not converge in {MAX_SWEEPS} sweeps (residual {:e})",
                sol.residual
            ));
        }
        let mut residual = 0.0f64;
        for s in 0..n {
            if s == b.finish as usize {
                continue;
            }
            let sq = s as Square;
            if b.is_white(sq) {
                let sum: f64 = (1..=6u8)
                    .map(|d| main_road(b, sq, d).map_or(0.0, |u| v[u as usize]))
                    .sum();
                sol.q_main[s] = 1.0 + sum / 6.0;
            }
            sol.q_push[s] =
                1.0 + squares(pushes[s]).fold(f64::INFINITY, |m, u| m.min(v[u as usize]));
            // The shortcut: hold values C(t) backwards from the closed form past tmax.
            let table = &reach[s];
            let tmax = table.len() - 1;
            let best =
                |t: usize| squares(table[t]).fold(f64::INFINITY, |m, u| m.min(v[u as usize]));
            let c_sat = best(tmax).min(v[s]);
            let k = &mut sol.press_on[s];
            k[tmax] = 0.5 * v[s] + 0.5 * c_sat;
            hold.clear();
            hold.resize(tmax + 4, c_sat);
            for t in (0..tmax).rev() {
                k[t] = 0.5 * v[s] + (hold[t + 1] + hold[t + 2] + hold[t + 3]) / 6.0;
                hold[t] = if t == 0 { k[t] } else { best(t).min(k[t]) };
            }
            sol.q_shortcut[s] = 1.0 + k[0];
            let new = sol.q_main[s].min(sol.q_push[s]).min(sol.q_shortcut[s]);
            residual = residual.max((new - v[s]).abs());
            sol.v[s] = new;
        }
        v.copy_from_slice(&sol.v);
        sol.residual = residual;
        sol.sweeps += 1;
    }
    Ok(sol)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_square_from_the_finish_a_push_takes_one_turn() {
        let b = ShortcutBoard::default_board();
        let s = solve(&b).unwrap();
        assert!(s.residual < TOLERANCE);
        let r35 = b.find("r35").unwrap();
        assert_eq!(s.v[r35 as usize], 1.0);
        assert_eq!(
            s.choose(r35, push_targets(&b, r35, 0)),
            ShortcutChoice::Push(b.finish)
        );
        // Every value is finite and at least one turn.
        assert!(s
            .v
            .iter()
            .enumerate()
            .all(|(i, &x)| i == b.finish as usize || (1.0..100.0).contains(&x)));
    }
}
