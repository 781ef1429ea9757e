//! The exact advice on a Shortcut turn about to start ([`exact_advice`]): each option's value
//! read from the board's solved tables — alone the expected turns to finish, at two players
//! the chance to win with both playing optimally from then on — and the optimal action, the
//! one the policy tables of `pressluck odds --game shortcut --view policy` give.

use super::engine::{Next, ShortcutGame};
use super::options::turn_options;
use super::rules::{blocked, push_targets};
use super::setup::ShortcutSetup;
use super::solver::ShortcutChoice;
use serde_json::{json, Value};

/// The exact figures of the turn about to start in `g` as JSON (`objective` `turns` or `win`,
/// each option's `expected_turns` or `win_chance`, the optimal option as `best`); `None` at
/// three or four players, where no table is solved, and once the game is over. An error says
/// the board's tables did not solve.
pub fn exact_advice(setup: &ShortcutSetup, g: &ShortcutGame) -> Result<Option<Value>, String> {
    let b = &*setup.board;
    let options = turn_options(b, g);
    if options.is_empty() || g.players > 2 {
        return Ok(None);
    }
    let seat = g.to_move as usize;
    let x = g.cars[seat];
    let pushes = push_targets(b, x, blocked(b, &g.cars[..g.players as usize], seat));
    // An option's value given the value of each choice: main road, shortcut, push to a square.
    let valued = |main: f64, shortcut: f64, push: &dyn Fn(u8) -> f64| -> Vec<(String, f64)> {
        options
            .iter()
            .map(|(name, p)| {
                let v = match p.next {
                    Next::MainRoll => main,
                    Next::Press { .. } => shortcut,
                    Next::Announce => push(p.game.cars[seat]),
                };
                (name.clone(), v)
            })
            .collect()
    };
    let (objective, key, values, choice) = if g.players == 1 {
        let sol = setup.solution()?;
        let s = x as usize;
        let values = valued(sol.q_main[s], sol.q_shortcut[s], &|u| {
            1.0 + sol.v[u as usize]
        });
        ("turns", "expected_turns", values, sol.choose(x, pushes))
    } else {
        let duel = setup.duel()?;
        let y = g.cars[1 - seat];
        let i = x as usize * duel.len() + y as usize;
        let values = valued(duel.q_main[i], duel.q_shortcut[i], &|u| duel.after(y, u));
        ("win", "win_chance", values, duel.choose(x, y, pushes))
    };
    let best = match choice {
        ShortcutChoice::Main => "main road".to_string(),
        ShortcutChoice::Shortcut => "shortcut".to_string(),
        ShortcutChoice::Push(u) => format!("push to {}", b.id(u)),
    };
    Ok(Some(json!({
        "objective": objective,
        "options": values
            .iter()
            .map(|(name, v)| json!({ "option": name, key: v }))
            .collect::<Vec<_>>(),
        "best": best,
    })))
}

/// The exact figures drawn for a person: one line an option, the best marked.
pub fn exact_text(exact: &Value) -> String {
    let turns = exact["objective"] == "turns";
    let mut s = if turns {
        "exact, played optimally from here (odds --game shortcut --view policy):\n".to_string()
    } else {
        "exact, both players playing optimally from here (odds --game shortcut --players 2 \
         --view policy):\n"
            .to_string()
    };
    let options = exact["options"].as_array().map_or(&[][..], |v| v);
    let width = options
        .iter()
        .filter_map(|o| o["option"].as_str())
        .map(str::len)
        .fold(6, usize::max);
    let best = exact["best"].as_str().unwrap_or("");
    for o in options {
        let name = o["option"].as_str().unwrap_or("");
        let figure = if turns {
            format!(
                "{:.4} turns",
                o["expected_turns"].as_f64().unwrap_or(f64::NAN)
            )
        } else {
            format!(
                "wins {:.4}%",
                100.0 * o["win_chance"].as_f64().unwrap_or(f64::NAN)
            )
        };
        let mark = if name == best { "  best" } else { "" };
        s += &format!("  {name:<width$} {figure}{mark}\n");
    }
    s + &format!("best: {best}\n")
}
