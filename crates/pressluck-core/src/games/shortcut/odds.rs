//! Shortcut odds tables for `pressluck odds --game shortcut`: the press table (for each number
//! of shortcut rolls, the chance of surviving them and the distribution of the total), the
//! policy table (per square, the optimal action, the expected turns of each choice and the
//! totals at which the optimal policy stops pressing) and the two-player policy table (per
//! position, the chance that the player to move wins and the optimal action).

use super::board::{Colour, ShortcutBoard, Square};
use super::duel::Duel;
use super::rules::{blocked, push_targets, shortcut_reach};
use super::setup::ShortcutSetup;
use super::solver::{ShortcutChoice, Solution};
use crate::figure::Figure;
use crate::games::odds_table::{OddsRequest, OddsView, UseRows};
use serde::Serialize;

/// Shortcut's tables: `press`, and `policy` (solved for 1 or 2 players).
pub const SHORTCUT_ODDS_VIEWS: [OddsView; 2] = [
    OddsView::plain("press", "survival and totals by number of shortcut rolls"),
    OddsView {
        players: true,
        ..OddsView::plain(
            "policy",
            "each position's optimal action and value, alone or with --players 2",
        )
    },
];

/// The table `r` asks of the game `setup`, handed to `work`: the press table, the solitaire
/// policy table, or with `--players 2` the two-player one; an unsolvable board names
/// `--board`.
pub fn shortcut_odds<U: UseRows>(
    setup: &ShortcutSetup,
    r: &OddsRequest,
    work: U,
) -> Result<U::Output, String> {
    Ok(match r.view {
        "press" => work.with(None, press_rows()),
        _ if r.players == Some(2) => {
            let duel = setup.duel().map_err(|e| format!("--board: {e}"))?;
            work.with(None, duel_rows(&setup.board, &duel))
        }
        _ => {
            let sol = setup.solution().map_err(|e| format!("--board: {e}"))?;
            work.with(None, policy_rows(&setup.board, &sol))
        }
    })
}

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

/// One row of the two-player policy table: a position at the start of a turn (no `total`) or
/// after a successful shortcut roll with a decision pending.
#[derive(Debug, Default, Serialize)]
pub struct DuelRow {
    /// Seat 1's square.
    pub car1: String,
    /// Seat 2's square.
    pub car2: String,
    /// The seat to move, 1 or 2.
    pub to_move: u8,
    /// The running total of the shortcut turn, empty at the start of a turn; the row of the
    /// largest total holds for every larger one.
    pub total: Option<u32>,
    /// The chance that the player to move wins under optimal play on both sides.
    pub p_win: Figure,
    /// The optimal action: at the start of a turn `main`, `push:SQUARE` or `shortcut`; with a
    /// total, `press` or `move:SQUARE`.
    pub action: String,
    /// The chance if this turn is a main-road roll (start of a turn).
    pub p_main: Option<Figure>,
    /// The chance if this turn is the best push (start of a turn).
    pub p_push: Option<Figure>,
    /// The chance if this turn is a shortcut, pressed optimally (start of a turn).
    pub p_shortcut: Option<Figure>,
    /// The chance if the player rolls on (with a total).
    pub p_press: Option<Figure>,
    /// The chance if the player stops and moves to the best square in reach (with a total).
    pub p_stop: Option<Figure>,
}

/// A chance for the two-player table, `-` when the choice is not open.
fn chance(x: f64) -> Figure {
    if x.is_finite() {
        Figure::fixed(x, 9)
    } else {
        Figure::text("-")
    }
}

/// The two-player policy table of a solved board: every position of two cars off the finish
/// (two cars never share a grey square), each seat to move, at the start of the turn and at
/// every running total up to the one where the reach stops growing.
pub fn duel_rows(b: &ShortcutBoard, duel: &Duel) -> Vec<DuelRow> {
    let mut rows = Vec::new();
    let n = b.len() as Square;
    for c1 in (0..n).filter(|&s| s != b.finish) {
        for c2 in (0..n).filter(|&s| s != b.finish) {
            if c1 == c2 && b.is_grey(c1) {
                continue;
            }
            for to_move in 1..=2u8 {
                let (x, y) = if to_move == 1 { (c1, c2) } else { (c2, c1) };
                let (car1, car2) = (b.id(c1).to_string(), b.id(c2).to_string());
                let i = x as usize * b.len() + y as usize;
                let cars = [x, y];
                let wall = blocked(b, &cars, 0);
                let action = match duel.choose(x, y, push_targets(b, x, wall)) {
                    ShortcutChoice::Main => "main".to_string(),
                    ShortcutChoice::Push(u) => format!("push:{}", b.id(u)),
                    ShortcutChoice::Shortcut => "shortcut".to_string(),
                };
                rows.push(DuelRow {
                    car1: car1.clone(),
                    car2: car2.clone(),
                    to_move,
                    total: None,
                    p_win: chance(duel.chance(x, y)),
                    action,
                    p_main: Some(chance(duel.q_main[i])),
                    p_push: Some(chance(duel.q_push[i])),
                    p_shortcut: Some(chance(duel.q_shortcut[i])),
                    p_press: None,
                    p_stop: None,
                });
                for t in 1..=duel.last_total(x, y).max(1) {
                    let reach = shortcut_reach(b, x, t, wall);
                    let Some((u, stop)) = duel.best_square(y, reach) else {
                        continue;
                    };
                    let press = duel.press_on(x, y, t);
                    rows.push(DuelRow {
                        car1: car1.clone(),
                        car2: car2.clone(),
                        to_move,
                        total: Some(t),
                        p_win: chance(press.max(stop)),
                        action: if press > stop {
                            "press".to_string()
                        } else {
                            format!("move:{}", b.id(u))
                        },
                        p_main: None,
                        p_push: None,
                        p_shortcut: None,
                        p_press: Some(chance(press)),
                        p_stop: Some(chance(stop)),
                    });
                }
            }
        }
    }
    rows
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

    #[test]
    fn duel_rows_of_a_tiny_board() {
        // s → w1 → w2 → finish and one grey square g between s and the finish (the board of
        // the two-player solver's hand-worked test): both on the start, the player to move
        // pushes onto g, leaving the other car the road: 1 - 23/72 = 49/72.
        let b = ShortcutBoard::from_toml(
            r#"start = "s"
squares = [
  { id = "s", colour = "white", to = ["w1", "g"] },
  { id = "w1", colour = "white", to = ["w2"] },
  { id = "w2", colour = "white", to = ["f"] },
  { id = "g", colour = "grey", to = ["f"] },
  { id = "f", colour = "finish" },
]"#,
        )
        .unwrap();
        let duel = crate::games::shortcut::duel::solve(&b).unwrap();
        let rows = duel_rows(&b, &duel);
        let start = &rows[0];
        assert_eq!(
            (
                start.car1.as_str(),
                start.car2.as_str(),
                start.to_move,
                start.total
            ),
            ("s", "s", 1, None)
        );
        assert_eq!(start.p_win.as_str(), "0.680555556");
        assert_eq!(start.action, "push:g");
        // No row puts both cars on g; each position has both seats to move.
        assert!(rows.iter().all(|r| !(r.car1 == "g" && r.car2 == "g")));
        let starts = rows.iter().filter(|r| r.total.is_none()).count();
        assert_eq!(starts, 2 * (4 * 4 - 1));
        // From s against a car on g only the road is open: a total of 1 or 2 presses on.
        let blocked: Vec<_> = rows
            .iter()
            .filter(|r| r.car1 == "s" && r.car2 == "g" && r.to_move == 1 && r.total.is_some())
            .map(|r| (r.total.unwrap(), r.action.as_str()))
            .collect();
        assert_eq!(blocked, [(1, "press"), (2, "press"), (3, "move:f")]);
    }
}
