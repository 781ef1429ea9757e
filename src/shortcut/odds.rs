//! Shortcut odds tables for `pressluck odds --game shortcut`: the press table (for each number
//! of shortcut rolls, the chance of surviving them and the distribution of the total) and the
//! policy table (per square, the optimal action, the expected turns of each choice and the
//! totals at which the optimal policy stops pressing).

use super::board::{Colour, ShortcutBoard};
use super::rules::{push_targets, shortcut_reach};
use super::solver::{ShortcutChoice, Solution};
use crate::output::table::Figure;
use serde::Serialize;

/// Press counts covered by the press table.
pub const MAX_PRESSES: usize = 12;

/// One row of the press table.
#[derive(Debug, Default, Serialize)]
pub struct PressRow {
    /// Shortcut rolls made, all 1–3.
    pub presses: usize,
    /// The chance that `presses` rolls all come up 1–3: (1/2)^presses.
    pub p_survive: Figure,
    /// A total the rolls may add up to.
    pub total: usize,
    /// The chance of surviving with exactly this total.
    pub p_total: Figure,
    /// The chance of this total given survival.
    pub p_total_given_survive: Figure,
    /// The chance of at least this total given survival.
    pub p_at_least_given_survive: Figure,
}

/// The press table: for k = 1..=12 rolls, every total k..=3k.
pub fn press_rows() -> Vec<PressRow> {
    let mut rows = Vec::new();
    // ways[t]: sequences of k faces from 1..=3 adding to t.
    let mut ways = vec![1.0f64];
    for k in 1..=MAX_PRESSES {
        let mut next = vec![0.0; 3 * k + 1];
        for (t, &w) in ways.iter().enumerate() {
            for f in 1..=3 {
                next[t + f] += w;
            }
        }
        ways = next;
        let all = 3f64.powi(k as i32);
        let survive = 0.5f64.powi(k as i32);
        let mut tail = 1.0f64;
        for (t, &w) in ways.iter().enumerate().skip(k) {
            let p = w / all;
            rows.push(PressRow {
                presses: k,
                p_survive: Figure::fixed(survive, 9),
                total: t,
                p_total: Figure::fixed(p * survive, 9),
                p_total_given_survive: Figure::fixed(p, 9),
                p_at_least_given_survive: Figure::fixed(tail.max(0.0), 9),
            });
            tail -= p;
        }
    }
    rows
}

/// One row of the policy table.
#[derive(Debug, Default, Serialize)]
pub struct PolicyRow {
    /// The square's id.
    pub square: String,
    /// Its colour.
    pub colour: &'static str,
    /// Fewest squares to the finish.
    pub distance: u8,
    /// Squares along the main road to the finish (white squares only).
    pub road_left: Figure,
    /// The optimal action: `main`, `push:SQUARE` or `shortcut`.
    pub action: String,
    /// Expected turns to finish under the optimal policy.
    pub expected_turns: Figure,
    /// Expected turns if this turn is a main-road roll (then optimal).
    pub q_main: Figure,
    /// Expected turns if this turn is the best push.
    pub q_push: Figure,
    /// Expected turns if this turn is a shortcut, pressed optimally.
    pub q_shortcut: Figure,
    /// Shortcut totals at which the optimal policy stops and moves, like `2-4,6+`.
    pub stop_totals: String,
}

/// A value for the table, `-` when the choice is not open.
fn value(x: f64) -> Figure {
    if x.is_finite() {
        Figure::fixed(x, 9)
    } else {
        Figure::text("-")
    }
}

/// The totals (1..) at which the optimal policy stops on `s`, as ranges.
fn stop_totals(b: &ShortcutBoard, sol: &Solution, s: u8) -> String {
    let last = sol.press_on[s as usize].len() as u32 - 1;
    let stops = |t: u32| sol.best(shortcut_reach(b, s, t, 0)) <= sol.press_on(s, t);
    let flags: Vec<bool> = (1..=last.max(1)).map(stops).collect();
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < flags.len() {
        if !flags[i] {
            i += 1;
            continue;
        }
        let from = i + 1;
        while i < flags.len() && flags[i] {
            i += 1;
        }
        parts.push(if i == flags.len() {
            format!("{from}+")
        } else if from == i {
            format!("{from}")
        } else {
            format!("{from}-{i}")
        });
    }
    parts.join(",")
}

/// The policy table of a solved board.
pub fn policy_rows(b: &ShortcutBoard, sol: &Solution) -> Vec<PolicyRow> {
    (0..b.len() as u8)
        .filter(|&s| s != b.finish)
        .map(|s| {
            let i = s as usize;
            let action = match sol.choose(s, push_targets(b, s, 0)) {
                ShortcutChoice::Main => "main".to_string(),
                ShortcutChoice::Push(u) => format!("push:{}", b.id(u)),
                ShortcutChoice::Shortcut => "shortcut".to_string(),
            };
            PolicyRow {
                square: b.id(s).to_string(),
                colour: b.colours[i].name(),
                distance: b.dist[i],
                road_left: if b.colours[i] == Colour::White {
                    Figure::text(b.road_left(s).to_string())
                } else {
                    Figure::text("-")
                },
                action,
                expected_turns: value(sol.v[i]),
                q_main: value(sol.q_main[i]),
                q_push: value(sol.q_push[i]),
                q_shortcut: value(sol.q_shortcut[i]),
                stop_totals: stop_totals(b, sol, s),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn press_table_sums_to_survival() {
        let rows = press_rows();
        for k in 1..=MAX_PRESSES {
            let sum: f64 = rows
                .iter()
                .filter(|r| r.presses == k)
                .map(|r| r.p_total.as_str().parse::<f64>().unwrap())
                .sum();
            assert!((sum - 0.5f64.powi(k as i32)).abs() < 1e-8, "{k}: {sum}");
        }
        // Two rolls: totals 2..6 in 1,2,3,2,1 ways of 9.
        let two: Vec<_> = rows.iter().filter(|r| r.presses == 2).collect();
        assert_eq!(two.len(), 5);
        assert_eq!(two[2].total, 4);
        assert_eq!(two[2].p_total_given_survive.as_str(), "0.333333333");
    }
}
