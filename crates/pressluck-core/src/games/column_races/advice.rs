//! The advice of `pressluck advise` on a Route 66 or Can't Stop decision, as JSON and drawn for
//! a person: the usable set, the bust chance of the next roll, the expected gain of one more
//! roll, what each policy would do, and after a roll every legal choice ranked by each policy,
//! with the exact within-turn values of `optimal-turn`. The Great Races' advice is drawn by
//! [`advice_text`] too.

use super::search::SeatPolicy;
use super::table::{position_line, use_names};
use crate::columns::record::Decision;
use crate::columns::{bust_rolls, Choice, ChoiceList, Game, GameKind, Rules};
use crate::engine::Avx2;
use crate::games::asked::{ask_once, AskedSeat, SeatSpec};
use crate::numbers::{count, fixed, signed};
use crate::policy::{ExpectedValue, OptimalTurn, Policy, PolicySpec, View};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Value};

/// Every choice in the order a policy prefers them: its pick, then its pick of the rest, ….
pub fn ranking<P: Policy>(
    policy: &mut P,
    view: &View,
    roll: crate::dice::Roll,
    choices: &ChoiceList,
) -> Vec<Choice> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
    let mut left = *choices;
    let mut out = Vec::with_capacity(left.len());
    while left.len() > 1 {
        let i = policy
            .choose(view, roll, &left, &mut rng)
            .min(left.len() - 1);
        out.push(left.get(i));
        left.remove(i);
    }
    // The last is last: nothing to ask.
    out.extend(left.as_slice().iter().copied());
    out
}

/// The competition ranks of a ranking of `len` choices (`1, 1, 3`): the first is 1, and each
/// next one shares the rank of the one before it when `tied_with_previous(k)` (the policy
/// values choice `k` exactly as choice `k − 1`, so only the order of the list put it after),
/// else takes its own place, `k + 1`.
pub fn ranks(len: usize, mut tied_with_previous: impl FnMut(usize) -> bool) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::with_capacity(len);
    for k in 0..len {
        let rank = match out.last() {
            Some(&r) if tied_with_previous(k) => r,
            _ => k + 1,
        };
        out.push(rank);
    }
    out
}

/// Whether `policy` values choices `a` and `b` of `list` exactly alike: asked to pick one of
/// the two alone, it takes whichever is listed first, in either order (its rule, tie-breaks
/// included, does not tell them apart; only the order of the list does).
fn alike<P: Policy>(
    policy: &mut P,
    view: &View,
    roll: crate::dice::Roll,
    list: &ChoiceList,
    a: Choice,
    b: Choice,
) -> bool {
    let at = |c: Choice| list.as_slice().iter().position(|&x| x == c).unwrap_or(0);
    let pair = list.select((1 << at(a)) | (1 << at(b)));
    let pick = |policy: &mut P, two: &ChoiceList| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        two.get(policy.choose(view, roll, two, &mut rng).min(1))
    };
    pick(policy, &pair) != pick(policy, &pair.reversed())
}

/// A ranking for a person: choices in order, `>` between one and the next it is preferred to,
/// and each group of choices valued exactly alike written `a = b (tied)`.
fn ranking_text(order: &[&str], ranks: &[u64]) -> String {
    let mut groups: Vec<Vec<&str>> = Vec::new();
    for (k, name) in order.iter().enumerate() {
        let tied = k > 0 && ranks.get(k).is_some_and(|r| Some(r) == ranks.get(k - 1));
        match groups.last_mut() {
            Some(g) if tied => g.push(name),
            _ => groups.push(vec![name]),
        }
    }
    groups
        .iter()
        .map(|g| match g.as_slice() {
            [one] => one.to_string(),
            many => format!("{} (tied)", many.join(" = ")),
        })
        .collect::<Vec<_>>()
        .join("  >  ")
}

/// Every use of `roll` among `choices` in the order an asked seat prefers them: asked its
/// pick, then its pick of the rest, …; as far as it answers.
pub fn asked_ranking(
    seat: &AskedSeat,
    rules: &Rules,
    game: &Game,
    roll: crate::dice::Roll,
    choices: &ChoiceList,
) -> Vec<Choice> {
    let mut left = *choices;
    let mut out = Vec::with_capacity(left.len());
    while left.len() > 1 {
        let json = position_line(rules, game, Some((roll, left)));
        let names = use_names(&left);
        let Some(i) = ask_once(seat, game.to_move, rules.players, "use", json, &names) else {
            return out;
        };
        out.push(left.get(i));
        left.remove(i);
    }
    out.extend(left.as_slice().iter().copied());
    out
}

/// The policy `spec` plays at a seat: a fixed rule, or the searching player (`rollout:`).
fn seat_policy(spec: &PolicySpec, rules: &Rules) -> SeatPolicy {
    SeatPolicy::build(spec, rules, Avx2::cpu())
}

/// The advice as one JSON value (the text form is drawn from it).
pub fn column_advice(
    rules: &Rules,
    game: &Game,
    decision: Decision,
    specs: &[PolicySpec],
) -> Value {
    let view = View::new(rules, game);
    let mut out = json!({
        "game": rules.game.name(),
        "unit": if rules.game == GameKind::CantStop { "rolls" } else { "points" },
        "to_move": game.to_move + 1,
        "finished": game.finished(),
        "winner": game.winner.map(|w| w + 1),
        "usable": view.usable.to_string(),
        "bust_rolls": view.bust_rolls,
        "p_bust": view.p_bust(),
        "rolls_this_turn": game.turn.rolls,
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
    match decision {
        Decision::Over => out["decision"] = json!("over"),
        Decision::Roll => {
            out["decision"] = json!("roll");
            out["note"] = json!("a turn opens with a roll: there is nothing to decide yet");
            if rules.has_turns_of_many_rolls() {
                let (_, roll_value) = OptimalTurn::new().stop_and_roll_values(&view);
                out["optimal_turn"] = json!({ "roll_value": roll_value });
            }
        }
        Decision::RollOrStop => {
            out["decision"] = json!("roll-or-stop");
            let (gain, stake) = ExpectedValue::new().gain_and_stake(&view);
            out["expected_gain"] = json!(gain);
            out["at_stake"] = json!(stake);
            out["expected_loss"] = json!(view.p_bust() * stake);
            let (stop_value, roll_value) = OptimalTurn::new().stop_and_roll_values(&view);
            out["optimal_turn"] = json!({
                "stop_value": stop_value,
                "roll_value": roll_value,
                "decision": if !view.stop_wins() && roll_value > stop_value { "roll" } else { "stop" },
            });
            out["stop_wins"] = json!(view.stop_wins());
            out["policies"] = specs
                .iter()
                .map(|s| {
                    let go = match s.asked_seat() {
                        None => Some(seat_policy(s, rules).keep_rolling(&view, &mut rng)),
                        Some(a) => {
                            let options = ["roll".to_string(), "stop".to_string()];
                            let json = position_line(rules, game, None);
                            let answer = ask_once(
                                a,
                                game.to_move,
                                rules.players,
                                "roll-or-stop",
                                json,
                                &options,
                            );
                            answer.map(|i| i == 0)
                        }
                    };
                    let decision = go.map(|go| if go { "roll" } else { "stop" });
                    json!({ "policy": s.name, "decision": decision })
                })
                .collect();
        }
        Decision::Use(roll, list) => {
            out["decision"] = json!("use");
            out["roll"] = json!(roll.0);
            let choices = list.as_slice();
            let mut values = vec![0.0; choices.len()];
            if rules.has_turns_of_many_rolls() {
                OptimalTurn::new().choice_values(&view, choices, &mut values);
            }
            out["choices"] = choices
                .iter()
                .zip(&values)
                .map(|(c, v)| {
                    let after = view.after(*c);
                    let bust = bust_rolls(after.usable(rules));
                    json!({
                        "use": c.to_string(),
                        "bust_rolls_next": bust,
                        "p_bust_next": bust as f64 / 1296.0,
                        "optimal_turn_value": v,
                    })
                })
                .collect();
            out["policies"] = specs
                .iter()
                .map(|s| {
                    let (order, ranks) = match s.asked_seat() {
                        None => {
                            let mut policy = seat_policy(s, rules);
                            let order = ranking(&mut policy, &view, roll, &list);
                            // A searching player's choice is an estimate: its order is all it
                            // says.
                            let exact = matches!(policy, SeatPolicy::Rule(_));
                            let ranks = ranks(order.len(), |k| {
                                exact
                                    && alike(
                                        &mut policy,
                                        &view,
                                        roll,
                                        &list,
                                        order[k - 1],
                                        order[k],
                                    )
                            });
                            (order, ranks)
                        }
                        // An asked seat's order is all it says: each choice its own place.
                        Some(a) => {
                            let order = asked_ranking(a, rules, game, roll, &list);
                            let ranks = (1..=order.len()).collect();
                            (order, ranks)
                        }
                    };
                    json!({
                        "policy": s.name,
                        "ranking": order.iter().map(Choice::to_string).collect::<Vec<_>>(),
                        "ranks": ranks,
                    })
                })
                .collect();
        }
    }
    out
}

/// The advice drawn for a person.
pub fn advice_text(a: &Value) -> String {
    let mut s = String::new();
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    let unit = a["unit"].as_str().unwrap_or("points");
    // The policies' names in one column, as wide as the longest (at least 16).
    let width = a["policies"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["policy"].as_str())
        .map(str::len)
        .fold(16, usize::max);
    s += &format!(
        "{}: player {} to move",
        a["game"].as_str().unwrap_or(""),
        a["to_move"]
    );
    match a["decision"].as_str().unwrap_or("") {
        "over" => return format!("{s}\nthe game is over: player {} won\n", a["winner"]),
        "roll" => {
            s += &format!(", a new turn: roll\n{}\n", a["note"].as_str().unwrap_or(""));
            if let Some(v) = a["optimal_turn"]["roll_value"].as_f64() {
                s += &format!(
                    "this turn is worth {v:.3} {} played optimally (optimal-turn)\n",
                    unit
                );
            }
            return s;
        }
        _ => {}
    }
    if a.get("usable").is_some() {
        s += &format!(
            ", {} this turn\nusable {}: the next roll busts on {}/1296 rolls ({:.1}%)\n",
            count(
                a["rolls_this_turn"].as_u64().unwrap_or(0),
                "successful roll",
                "successful rolls"
            ),
            a["usable"].as_str().unwrap_or(""),
            a["bust_rolls"],
            100.0 * f(&a["p_bust"])
        );
    } else {
        s += "\n";
    }
    if a["decision"] == "roll-or-stop" {
        s += &format!(
            "one more roll: expected gain {:.3} vs expected loss {:.3} {unit} ({:.3} {unit} at stake)\n",
            f(&a["expected_gain"]),
            f(&a["expected_loss"]),
            f(&a["at_stake"])
        );
        let o = &a["optimal_turn"];
        s += &format!(
            "optimal-turn: stopping is worth {:.3} {unit}, rolling on {:.3} {unit}: {}\n",
            f(&o["stop_value"]),
            f(&o["roll_value"]),
            o["decision"].as_str().unwrap_or("")
        );
        if a["stop_wins"] == true {
            s += "stopping now wins the game\n";
        }
        for p in a["policies"].as_array().into_iter().flatten() {
            s += &format!(
                "  {:<width$} {}\n",
                p["policy"].as_str().unwrap_or(""),
                p["decision"].as_str().unwrap_or("")
            );
        }
    } else {
        let dice = a["roll"]
            .as_array()
            .map(|d| {
                d.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default();
        if a["choices"].as_array().is_none_or(|c| c.is_empty()) {
            s += &format!("roll {dice}: no legal use, the turn busts: nothing to decide\n");
            return s;
        }
        s += &format!("roll {dice}: legal uses\n");
        for c in a["choices"].as_array().into_iter().flatten() {
            if c.get("expected_points").is_some() {
                s += &format!(
                    "  use {:<6} expected points {}  progress {} tracks  margin {} points\n",
                    c["use"].as_str().unwrap_or(""),
                    signed(f(&c["expected_points"]), 3),
                    fixed(f(&c["progress"]), 3),
                    signed(f(&c["expected_margin"]), 3)
                );
                continue;
            }
            s += &format!(
                "  use {:<6} next roll busts {:>4}/1296  optimal-turn value {:.3} {unit}\n",
                c["use"].as_str().unwrap_or(""),
                c["bust_rolls_next"],
                f(&c["optimal_turn_value"])
            );
        }
        for p in a["policies"].as_array().into_iter().flatten() {
            let order: Vec<&str> = p["ranking"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|x| x.as_str())
                .collect();
            let ranks: Vec<u64> = p["ranks"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_u64)
                .collect();
            s += &format!(
                "  {:<width$} {}\n",
                p["policy"].as_str().unwrap_or(""),
                ranking_text(&order, &ranks)
            );
        }
    }
    s
}
