//! Shortcut for two players, solved exactly: the chance that the car to move wins, for every
//! position, under play that maximises it on both sides.
//!
//! A position at the start of a turn is `(x, y)`: the car to move on `x`, the other car on
//! `y` (neither on the finish). By symmetry the seat does not matter, so `W(x, y)` is the
//! chance that the car to move wins. When a turn ends with the mover on `u`, the other car
//! moves next, so the mover's chance is `A(u) = 1` if `u` is the finish, else `1 − W(y, u)`.
//!
//! - main road (white `x`): `Σ_d A(main(x, d)) / 6`;
//! - push: `max A(u)` over the push targets (narrowed by the other car on a grey square);
//! - shortcut: `K(x, y, 0)`, where `K(t) = A(x)/2 + Σ_{r=1..3} C(t + r)/6` is the chance after
//!   rolling on with total `t` (a roll of 4–6, chance 1/2, ends the turn where it began),
//!   `C(t) = max(B(t), K(t))` the chance when holding total `t` and `B(t) = max A(u)` over the
//!   squares a move of up to `t` reaches with the other car's grey square as a wall.
//!
//! Past the total `tmax` at which the reach stops growing (or takes in the finish), `B` is
//! constant and `C = B` (the car's own square is in the reach, so `B ≥ A(x)`), which closes
//! each position's table of totals.
//!
//! `W = T(W)` is solved twice at once: from below (every `W` = 0: an unfinished game counts as
//! lost by the car to move) and from above (every `W` = 1: counted as won). Because the
//! opponent's chance enters as `1 − W`, the lower sequence is updated from the upper one and
//! the upper from the lower; the lower rises, the upper falls, and every fixed point lies
//! between them. When they meet, the fixed point is unique and the game has a value, whatever
//! an endless game would count for.

use super::board::{bit, squares, ShortcutBoard, Square, SquareSet};
use super::rules::{main_road, push_targets, shortcut_reach};
use super::solver::ShortcutChoice;

/// The solver stops once the values from below and from above are this close everywhere.
pub const TOLERANCE: f64 = 1e-12;

/// Sweeps before giving up.
pub const MAX_SWEEPS: u32 = 100_000;

/// Most totals a position's table holds (a reach grows by a square per step at least).
const MAX_TOTALS: usize = super::board::MAX_SQUARES + 4;

/// The move tables of a board that do not depend on values: main-road landings, push
/// targets and shortcut reaches, per square of the mover and per square that blocks it.
#[derive(Clone, Debug, PartialEq)]
struct Moves {
    /// Squares on the board.
    n: usize,
    /// The finish square.
    finish: Square,
    /// Per square: 0 when a car there blocks nothing, else 1 + its index among the blocking
    /// squares (the grey squares, when blocking is on).
    class: Vec<usize>,
    /// Number of classes (1 + blocking squares).
    classes: usize,
    /// Per square and face `d` (at `6 x + d − 1`): where a main-road roll lands, or `None` off
    /// the main road.
    main: Vec<Option<Square>>,
    /// Per mover square and class (at `x · classes + c`): the push targets.
    push: Vec<SquareSet>,
    /// Per mover square and class: the first of its reach sets in `reach`, totals `0..=tmax`.
    reach_start: Vec<usize>,
    /// Per mover square and class: `tmax + 1`.
    reach_len: Vec<usize>,
    /// The reach sets of every mover square and class, one after another.
    reach: Vec<SquareSet>,
}

impl Moves {
    /// The tables of `b`.
    fn new(b: &ShortcutBoard) -> Moves {
        let n = b.len();
        let blocking = if b.rules.blocking_on_grey { b.grey } else { 0 };
        let mut class = vec![0; n];
        let mut walls = vec![0 as SquareSet];
        for s in squares(blocking) {
            class[s as usize] = walls.len();
            walls.push(bit(s));
        }
        let classes = walls.len();
        let mut m = Moves {
            n,
            finish: b.finish,
            class,
            classes,
            main: Vec::with_capacity(6 * n),
            push: Vec::with_capacity(n * classes),
            reach_start: Vec::with_capacity(n * classes),
            reach_len: Vec::with_capacity(n * classes),
            reach: Vec::new(),
        };
        for x in 0..n as Square {
            for d in 1..=6 {
                m.main.push(main_road(b, x, d));
            }
            for &wall in &walls {
                m.push.push(push_targets(b, x, wall));
                m.reach_start.push(m.reach.len());
                let mut last = shortcut_reach(b, x, 0, wall);
                m.reach.push(last);
                for t in 1.. {
                    let r = shortcut_reach(b, x, t, wall);
                    if r == last || last & bit(b.finish) != 0 {
                        break;
                    }
                    m.reach.push(r);
                    last = r;
                }
                m.reach_len
                    .push(m.reach.len() - m.reach_start[m.reach_start.len() - 1]);
            }
        }
        m
    }

    /// The table index of the mover on `x` with the other car on `y`.
    #[inline]
    fn key(&self, x: usize, y: usize) -> usize {
        x * self.classes + self.class[y]
    }
}

/// The chances of one position's choices (see the module text), and `K(t)` for its totals.
#[derive(Clone, Copy, Debug)]
struct Choices {
    main: f64,
    push: f64,
    shortcut: f64,
}

impl Choices {
    /// The best of the three.
    #[inline]
    fn best(&self) -> f64 {
        self.main.max(self.push).max(self.shortcut)
    }
}

/// One position's choices, reading the other car's chances from `w` (`W(y, u)` at `y n + u`);
/// `k` receives `K(t)` for `t = 0..=tmax`.
#[inline]
fn choices(m: &Moves, w: &[f64], x: usize, y: usize, k: &mut [f64; MAX_TOTALS]) -> Choices {
    let n = m.n;
    let fin = m.finish as usize;
    let after = |u: usize| if u == fin { 1.0 } else { 1.0 - w[y * n + u] };
    let main = if m.main[6 * x].is_some() {
        (0..6)
            .map(|d| after(m.main[6 * x + d].map_or(x, usize::from)))
            .sum::<f64>()
            / 6.0
    } else {
        f64::NEG_INFINITY
    };
    let key = m.key(x, y);
    let push = squares(m.push[key]).fold(f64::NEG_INFINITY, |a, u| a.max(after(u as usize)));
    let sets = &m.reach[m.reach_start[key]..m.reach_start[key] + m.reach_len[key]];
    let tmax = sets.len() - 1;
    // B(t) forwards: each total adds the squares newly in reach.
    let mut hold = [0.0f64; MAX_TOTALS];
    let mut best = f64::NEG_INFINITY;
    let mut seen: SquareSet = 0;
    for (t, &set) in sets.iter().enumerate() {
        for u in squares(set & !seen) {
            best = best.max(after(u as usize));
        }
        seen = set;
        hold[t] = best;
    }
    // K(t) backwards; C(t) = B(tmax) from tmax on.
    let stay = after(x);
    let sat = hold[tmax];
    hold[tmax + 1] = sat;
    hold[tmax + 2] = sat;
    hold[tmax + 3] = sat;
    for t in (0..=tmax).rev() {
        k[t] = 0.5 * stay + (hold[t + 1] + hold[t + 2] + hold[t + 3]) / 6.0;
        if t > 0 && t < tmax {
            hold[t] = hold[t].max(k[t]);
        }
    }
    Choices {
        main,
        push,
        shortcut: k[0],
    }
}

/// The solved two-player game of one board.
#[derive(Clone, Debug, PartialEq)]
pub struct Duel {
    moves: Moves,
    /// `W(x, y)` at `x n + y`: the chance that the car to move on `x` wins against the car on
    /// `y`, from below (0 where either square is the finish).
    pub win: Vec<f64>,
    /// `W(x, y)` from above; within [`TOLERANCE`] of `win` once solved.
    pub win_upper: Vec<f64>,
    /// The chance if the turn is a main-road roll (−∞ off the main road).
    pub q_main: Vec<f64>,
    /// The chance if the turn is the best push (−∞ where no push is open).
    pub q_push: Vec<f64>,
    /// The chance if the turn is a shortcut, pressed optimally.
    pub q_shortcut: Vec<f64>,
    /// Per position, the first of its `K(t)` in `press_on`.
    press_start: Vec<usize>,
    /// `K(x, y, t)` for `t = 0..=tmax` of every position, one after another.
    press_on: Vec<f64>,
    /// Sweeps made.
    pub sweeps: u32,
    /// The largest gap between the values from above and from below at the end.
    pub gap: f64,
}

impl Duel {
    /// Squares on the board.
    pub fn len(&self) -> usize {
        self.moves.n
    }

    /// Whether the board has no squares (never true for a solved board).
    pub fn is_empty(&self) -> bool {
        self.moves.n == 0
    }

    /// `W(x, y)`: the chance that the car to move on `x` wins against the car on `y`.
    #[inline]
    pub fn chance(&self, x: Square, y: Square) -> f64 {
        self.win[x as usize * self.moves.n + y as usize]
    }

    /// The mover's chance if its turn ends on `u` with the other car on `y`.
    #[inline]
    pub fn after(&self, y: Square, u: Square) -> f64 {
        if u == self.moves.finish {
            1.0
        } else {
            1.0 - self.chance(y, u)
        }
    }

    /// The square of `set` where the mover ends best, with the other car on `y` (lowest index
    /// on ties), and its chance.
    #[inline]
    pub fn best_square(&self, y: Square, set: SquareSet) -> Option<(Square, f64)> {
        squares(set).fold(None, |m: Option<(Square, f64)>, u| {
            let a = self.after(y, u);
            match m {
                Some((_, b)) if b >= a => m,
                _ => Some((u, a)),
            }
        })
    }

    /// `K(x, y, t)`: the chance of the car on `x` (the other car on `y`) if it rolls on
    /// holding total `t`.
    #[inline]
    pub fn press_on(&self, x: Square, y: Square, total: u32) -> f64 {
        let i = x as usize * self.moves.n + y as usize;
        let (start, end) = (self.press_start[i], self.press_start[i + 1]);
        self.press_on[start + (total as usize).min(end - start - 1)]
    }

    /// The largest total at which the reach of the car on `x` still grows (the other car on
    /// `y`): from there on every decision is the same.
    pub fn last_total(&self, x: Square, y: Square) -> u32 {
        let i = x as usize * self.moves.n + y as usize;
        (self.press_start[i + 1] - self.press_start[i] - 1) as u32
    }

    /// The best choice of the car on `x` against the car on `y`, given its push targets:
    /// main road, then push, then shortcut on ties.
    // Kept in the game loop: with the table also calling it, the compiler left it out of line
    // and Shortcut lost 6% of its speed.
    #[inline(always)]
    pub fn choose(&self, x: Square, y: Square, push: SquareSet) -> ShortcutChoice {
        let i = x as usize * self.moves.n + y as usize;
        let mut best = (self.q_main[i], ShortcutChoice::Main);
        if let Some((u, a)) = self.best_square(y, push) {
            if a > best.0 {
                best = (a, ShortcutChoice::Push(u));
            }
        }
        if self.q_shortcut[i] > best.0 {
            best = (self.q_shortcut[i], ShortcutChoice::Shortcut);
        }
        best.1
    }
}

/// Solves the two-player game of `b`: value iteration from below and from above until they
/// meet within [`TOLERANCE`]. The error says when they stop moving apart from each other (no
/// unique value) or do not meet within [`MAX_SWEEPS`].
pub fn solve(b: &ShortcutBoard) -> Result<Duel, String> {
    let m = Moves::new(b);
    let n = m.n;
    let fin = m.finish as usize;
    let mut lo = vec![0.0f64; n * n];
    let mut hi = vec![1.0f64; n * n];
    for x in 0..n {
        hi[x * n + fin] = 0.0;
        hi[fin * n + x] = 0.0;
    }
    let mut k = [0.0f64; MAX_TOTALS];
    let mut sweeps = 0u32;
    let mut gap = f64::INFINITY;
    while gap >= TOLERANCE {
        if sweeps >= MAX_SWEEPS {
            return Err(format!(
                "two-player value iteration did not converge in {MAX_SWEEPS} sweeps (gap {gap:e})"
            ));
        }
        let mut moved = 0.0f64;
        gap = 0.0;
        for x in 0..n {
            for y in 0..n {
                if x == fin || y == fin {
                    continue;
                }
                let i = x * n + y;
                let up = choices(&m, &lo, x, y, &mut k).best();
                let down = choices(&m, &hi, x, y, &mut k).best();
                moved = moved.max((down - lo[i]).abs()).max((up - hi[i]).abs());
                lo[i] = down;
                hi[i] = up;
                gap = gap.max(up - down);
            }
        }
        sweeps += 1;
        if gap >= TOLERANCE && moved < TOLERANCE * 1e-3 {
            return Err(format!(
                "the two-player game has no unique value: from below and from above stay \
                 {gap:e} apart"
            ));
        }
    }
    // The policy and its table from the values from below.
    let mut q_main = vec![f64::NEG_INFINITY; n * n];
    let mut q_push = vec![f64::NEG_INFINITY; n * n];
    let mut q_shortcut = vec![f64::NEG_INFINITY; n * n];
    let mut press_start = Vec::with_capacity(n * n + 1);
    let mut press_on = Vec::new();
    for x in 0..n {
        for y in 0..n {
            let i = x * n + y;
            press_start.push(press_on.len());
            if x == fin || y == fin {
                press_on.push(0.0);
                continue;
            }
            let c = choices(&m, &lo, x, y, &mut k);
            q_main[i] = c.main;
            q_push[i] = c.push;
            q_shortcut[i] = c.shortcut;
            press_on.extend_from_slice(&k[..m.reach_len[m.key(x, y)]]);
        }
    }
    press_start.push(press_on.len());
    Ok(Duel {
        moves: m,
        win: lo,
        win_upper: hi,
        q_main,
        q_push,
        q_shortcut,
        press_start,
        press_on,
        sweeps,
        gap,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_square_from_the_finish_the_mover_wins() {
        let b = ShortcutBoard::default_board();
        let d = solve(&b).unwrap();
        assert!(d.gap < TOLERANCE);
        let r35 = b.find("r35").unwrap();
        for y in 0..b.len() as Square {
            if y != b.finish {
                assert_eq!(d.chance(r35, y), 1.0);
            }
        }
        assert_eq!(
            d.choose(r35, b.start, push_targets(&b, r35, 0)),
            ShortcutChoice::Push(b.finish)
        );
    }

    #[test]
    fn from_below_and_from_above_meet_at_a_fixed_point() {
        let b = ShortcutBoard::default_board();
        let d = solve(&b).unwrap();
        let n = b.len();
        let fin = b.finish as usize;
        assert!(d.gap < TOLERANCE, "{}", d.gap);
        for x in (0..n).filter(|&x| x != fin) {
            for y in (0..n).filter(|&y| y != fin) {
                let i = x * n + y;
                assert!(d.win[i] <= d.win_upper[i], "{x},{y}");
                assert!(d.win_upper[i] - d.win[i] < TOLERANCE, "{x},{y}");
                // W = T(W): the value is the best of its three choices, read from itself.
                let best = d.q_main[i].max(d.q_push[i]).max(d.q_shortcut[i]);
                assert!(
                    (best - d.win[i]).abs() < 1e-12,
                    "{x},{y}: {best} vs {}",
                    d.win[i]
                );
                assert!((0.0..=1.0).contains(&d.win[i]));
            }
        }
    }

    /// Start `s`, the road `s → w1 → w2 → finish` and one grey square `g` between `s` and the
    /// finish: two steps by `g`, three by the road.
    const TINY: &str = r#"start = "s"
squares = [
  { id = "s", colour = "white", to = ["w1", "g"] },
  { id = "w1", colour = "white", to = ["w2"] },
  { id = "w2", colour = "white", to = ["f"] },
  { id = "g", colour = "grey", to = ["f"] },
  { id = "f", colour = "finish" },
]
"#;

    #[test]
    fn a_tiny_board_solves_to_its_hand_worked_values() {
        let b = ShortcutBoard::from_toml(TINY).unwrap();
        let d = solve(&b).unwrap();
        let sq = |id: &str| b.find(id).unwrap();
        let w = |x: &str, y: &str| d.chance(sq(x), sq(y));
        let close = |got: f64, want: f64| assert!((got - want).abs() < 1e-12, "{got} vs {want}");
        // From w2 and from g a push finishes: W = 1 whatever the other car does.
        for y in ["s", "w1", "w2", "g"] {
            close(w("w2", y), 1.0);
            close(w("g", y), 1.0);
        }
        // Two from the finish with the other car one away: finish this turn or lose. The
        // shortcut: a 2 or 3 (2/6) finishes; a 1 (1/6), pressed, finishes on any 1-3 (1/2):
        // 2/6 + 1/12 = 5/12 (the main road finishes on a 2 only: 1/6).
        close(w("w1", "w2"), 5.0 / 12.0);
        close(w("w1", "g"), 5.0 / 12.0);
        close(w("s", "w2"), 5.0 / 12.0);
        // The other car on g blocks it: from s only the road's 3 squares, so a total of 3
        // before a 4-6. f(1) = 1/2, f(2) = 2/6 + f(1)/6 = 5/12,
        // f(3) = 1/6 + f(1)/6 + f(2)/6 = 12/72 + 6/72 + 5/72 = 23/72.
        close(w("s", "g"), 23.0 / 72.0);
        // Both on w1 (and likewise w1 against s, s against w1): the shortcut, pressing on a 1
        // (pressing gives (1-p)/2 + 1/2; moving to w2 gives 1 - 5/12 = 7/12):
        // p = (1-p)/2 + 2/6 + ((1-p)/2 + 1/2)/6 = 7(1-p)/12 + 5/12, so p = 12/19. The push to
        // w2 (7/12) and the main road (1/6 + 7/72 + 4/6·7/19 ≈ 0.51) are worse.
        close(w("w1", "w1"), 12.0 / 19.0);
        close(w("w1", "s"), 12.0 / 19.0);
        close(w("s", "w1"), 12.0 / 19.0);
        // Both on the start: push onto g, so the other car has only the road:
        // 1 - 23/72 = 49/72. The shortcut gives (1-p)/2 + 2/6 + (49/72)/6 ≈ 0.61 and the
        // main road (7/19 + 7/12 + 1)/6 + (1-p)/2 ≈ 0.49 at p = 49/72.
        close(w("s", "s"), 49.0 / 72.0);
        assert_eq!(
            d.choose(sq("s"), sq("s"), push_targets(&b, sq("s"), 0)),
            ShortcutChoice::Push(sq("g"))
        );
        // Without blocking, g blocks nothing: W(s, g) = 5/12 like W(s, w2), the push onto g
        // gives only 7/12 and both on the start play like both on w1: 12/19.
        let open = ShortcutBoard::from_toml(&format!("{TINY}[rules]\nblocking_on_grey = false\n"))
            .unwrap();
        let d = solve(&open).unwrap();
        close(d.chance(sq("s"), sq("g")), 5.0 / 12.0);
        close(d.chance(sq("s"), sq("s")), 12.0 / 19.0);
    }
}
