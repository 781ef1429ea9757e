//! The advice of `pressluck advise` as JSON, game by game, and drawn for a person: the usable
//! set, the bust chance of the next roll, the expected gain of one more roll, what each policy
//! would do, and after a roll every legal choice ranked by each policy — with the exact
//! within-turn values of `optimal-turn` (Route 66, Can't Stop); every pairing's scores (The
//! Great Races); the tile, the hand and each policy's action (Treasure Hunt).

use crate::error::input;
use crate::settings::AdvisePolicies;
use anyhow::Result;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use pressluck_core::columns::record::Decision;
use pressluck_core::columns::{
    bust_rolls, Choice, ChoiceList, Game, GameKind, Rules, PROGRESS_UNIT,
};
use pressluck_core::engine::Avx2;
use pressluck_core::games::column_races::SeatPolicy;
use pressluck_core::games::great_races::{exact, progress_gain, RaceSpec};
use pressluck_core::games::treasure_hunt::{cell_name, Act, ThSpec};
use pressluck_core::policy::{ExpectedValue, OptimalTurn, Policy, PolicySpec, View};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Value};

/// Every choice in the order a policy prefers them: its pick, then its pick of the rest, ….
pub fn ranking<P: Policy>(
    policy: &mut P,
    view: &View,
    roll: pressluck_core::dice::Roll,
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

/// What a Treasure Hunt action is, for a person: `claim the tile underfoot`, `discard r1A …`.
fn treasure_action(s: &pressluck_core::games::treasure_hunt::State, spec: &ThSpec) -> String {
    use pressluck_core::games::treasure_hunt::StealKind;
    let cards = |mask: u8| -> String {
        let hand = s.cur().cards();
        let picked: Vec<String> = (0..hand.len())
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| hand[i].to_string())
            .collect();
        picked.join(" ")
    };
    match spec.act(s) {
        Act::Claim => "claim the tile underfoot".into(),
        Act::Steal(StealKind::Four, m) => format!("steal the tile underfoot with {}", cards(m)),
        Act::Steal(StealKind::Half, m) => {
            format!("play half a two-turn steal with {}", cards(m))
        }
        Act::Move => {
            let rolls = s.rules.dice..=6 * s.rules.dice;
            let steps: Vec<String> = rolls
                .map(|r| format!("{r}: {:+}", spec.steps(s, r)))
                .collect();
            format!("roll and move (steps by roll {})", steps.join(", "))
        }
        Act::Reinforce(cell) => format!("reinforce {}", cell_name(cell)),
        Act::Discard(m) => format!("discard {} and draw as many", cards(m)),
        Act::End => "end the turn".into(),
    }
}

/// The Treasure Hunt advice as one JSON value: the tile underfoot, what the hand can claim or
/// steal, and each policy's next action. Seats are numbered from 1.
pub fn treasure_advice(s: &pressluck_core::games::treasure_hunt::State, specs: &[ThSpec]) -> Value {
    use pressluck_core::games::treasure_hunt::Outlook;
    use pressluck_core::games::treasure_hunt::NONE;
    use pressluck_core::games::treasure_hunt::SYMBOL_NAMES;
    let names = |bits: u8| -> Vec<&str> {
        (0..6)
            .filter(|k| bits & (1 << k) != 0)
            .map(|k| SYMBOL_NAMES[k])
            .collect()
    };
    let mut out = json!({
        "game": pressluck_core::games::treasure_hunt::GAME_NAME,
        "finished": s.finished,
        "winner": (s.winner != NONE).then(|| s.winner + 1),
    });
    if s.finished {
        out["decision"] = json!("over");
        return out;
    }
    let p = s.current as usize;
    let here = s.cell_of(p);
    let o = Outlook::new(s, p);
    out["decision"] = json!("act");
    out["to_move"] = json!(p + 1);
    out["actions_used"] = json!(s.actions);
    out["cell"] = json!(cell_name(here));
    out["tile"] = json!({
        "symbol": s.visible(here).map(|k| SYMBOL_NAMES[k as usize]),
        "owner": (s.owner[here as usize] != NONE).then(|| s.owner[here as usize] + 1),
        "cubes": s.cubes[here as usize],
    });
    out["claim_blocked"] = json!(s.claim_blocker());
    out["needed"] = json!(o
        .need
        .iter()
        .zip(SYMBOL_NAMES)
        .filter(|(n, _)| **n > 0)
        .map(|(n, name)| json!({ "symbol": name, "tiles": n }))
        .collect::<Vec<_>>());
    out["claimable_symbols"] = json!(names(o.can3));
    out["four_card_symbols"] = json!(names(o.can4));
    out["hand_quality"] = json!(o.hand_quality());
    out["policies"] = specs
        .iter()
        .map(|spec| json!({ "policy": spec.name, "action": treasure_action(s, spec) }))
        .collect();
    out
}

/// The Treasure Hunt advice drawn for a person.
pub fn treasure_text(a: &Value) -> String {
    if a["decision"] == "over" {
        return match a["winner"].as_u64() {
            Some(w) => format!("treasure-hunt: the game is over: seat {w} won\n"),
            None => "treasure-hunt: the game is over, with no winner\n".into(),
        };
    }
    let list = |v: &Value| -> String {
        let items: Vec<&str> = v
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        if items.is_empty() {
            "none".into()
        } else {
            items.join(", ")
        }
    };
    let tile = &a["tile"];
    let mut s = format!(
        "treasure-hunt: seat {} to act ({} of 2 actions used), on {}: {}\n",
        a["to_move"],
        a["actions_used"],
        a["cell"].as_str().unwrap_or(""),
        match (tile["symbol"].as_str(), tile["owner"].as_u64()) {
            (Some(sym), Some(o)) => format!("{sym}, seat {o}'s ({} cubes)", tile["cubes"]),
            (Some(sym), None) => format!("{sym}, face up, unclaimed"),
            (None, _) => "face down".to_string(),
        }
    );
    if let Some(why) = a["claim_blocked"].as_str() {
        s += &format!("no claim here: {why}\n");
    }
    let needed: Vec<String> = a["needed"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|n| format!("{} {}", n["symbol"].as_str().unwrap_or(""), n["tiles"]))
        .collect();
    s += &format!(
        "still needed: {}\nthe hand claims: {}; steals with four cards: {}; chance a needed face-down tile is claimable: {:.3}\n",
        if needed.is_empty() { "nothing (reach the far row)".to_string() } else { needed.join(", ") },
        list(&a["claimable_symbols"]),
        list(&a["four_card_symbols"]),
        a["hand_quality"].as_f64().unwrap_or(0.0)
    );
    for p in a["policies"].as_array().into_iter().flatten() {
        s += &format!(
            "  {:<12} {}\n",
            p["policy"].as_str().unwrap_or(""),
            p["action"].as_str().unwrap_or("")
        );
    }
    s
}

/// The number nearest an exact score: equal scores print alike, and a higher one never lower.
fn nearest(exact: BigRational) -> f64 {
    exact.to_f64().unwrap_or(f64::NAN)
}

/// The Great Races advice as one JSON value: after a roll, every legal pairing with each
/// rule's score, and each policy's ranking of them.
pub fn race_advice(rules: &Rules, game: &Game, decision: Decision, specs: &[RaceSpec]) -> Value {
    let mut out = json!({
        "game": rules.game.name(),
        "to_move": game.to_move + 1,
        "finished": game.finished(),
        "winner": game.winner.map(|w| w + 1),
    });
    match decision {
        Decision::Over => out["decision"] = json!("over"),
        Decision::Roll | Decision::RollOrStop => {
            out["decision"] = json!("roll");
            out["note"] = json!("a turn opens with a roll: there is nothing to decide yet");
        }
        Decision::Use(roll, list) => {
            out["decision"] = json!("use");
            out["roll"] = json!(roll.0);
            out["choices"] = list
                .as_slice()
                .iter()
                .map(|&c| {
                    json!({
                        "use": c.to_string(),
                        "expected_points": nearest(exact::points_gain(rules, game, c)),
                        "progress": progress_gain(rules, c) as f64 / PROGRESS_UNIT as f64,
                        "expected_margin": nearest(exact::margin_gain(rules, game, c)),
                    })
                })
                .collect();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
            out["policies"] = specs
                .iter()
                .map(|s| {
                    let mut left = list;
                    let mut order = Vec::new();
                    while !left.is_empty() {
                        let i = if left.len() == 1 {
                            0
                        } else {
                            s.rule.choose(rules, game, &left, &mut rng)
                        };
                        order.push(left.get(i).to_string());
                        left.remove(i);
                    }
                    json!({ "policy": s.name, "ranking": order })
                })
                .collect();
        }
    }
    out
}

/// The policy `spec` plays at a seat: a fixed rule, or the searching player (`rollout:`).
fn seat_policy(spec: &PolicySpec, rules: &Rules) -> SeatPolicy {
    SeatPolicy::build(spec, rules, Avx2::cpu())
}

/// The advice as one JSON value (the text form is drawn from it).
pub fn advice(rules: &Rules, game: &Game, decision: Decision, specs: &[PolicySpec]) -> Value {
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
                    let go = seat_policy(s, rules).keep_rolling(&view, &mut rng);
                    json!({ "policy": s.name, "decision": if go { "roll" } else { "stop" } })
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
                    let order = ranking(&mut seat_policy(s, rules), &view, roll, &list);
                    json!({ "policy": s.name, "ranking": order.iter().map(Choice::to_string).collect::<Vec<_>>() })
                })
                .collect();
        }
    }
    out
}

/// The advice drawn for a person.
pub fn to_text(a: &Value) -> String {
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
            ", {} successful roll(s) this turn\nusable {}: the next roll busts on {}/1296 rolls ({:.1}%)\n",
            a["rolls_this_turn"],
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
                    "  use {:<6} expected points {:+.3}  progress {:.3} tracks  margin {:+.3} points\n",
                    c["use"].as_str().unwrap_or(""),
                    f(&c["expected_points"]),
                    f(&c["progress"]),
                    f(&c["expected_margin"])
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
            s += &format!(
                "  {:<width$} {}\n",
                p["policy"].as_str().unwrap_or(""),
                order.join("  >  ")
            );
        }
    }
    s
}

/// The advice of Route 66, Can't Stop or The Great Races, by the policies of its kind.
pub fn columns_advice(
    rules: &Rules,
    game: &Game,
    decision: Decision,
    policies: &AdvisePolicies,
) -> Result<Value> {
    match policies {
        AdvisePolicies::Races(specs) if rules.game == GameKind::GreatRaces => {
            Ok(race_advice(rules, game, decision, specs))
        }
        AdvisePolicies::Columns(specs) if rules.game != GameKind::GreatRaces => {
            Ok(advice(rules, game, decision, specs))
        }
        _ => Err(input(format!(
            "--game {}: the policies asked are of another game",
            rules.game.name()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pressluck_core::dice::Roll;
    use pressluck_core::games::GameId;

    #[test]
    fn great_races_scores_print_the_exact_values_and_equal_ones_alike() {
        // The mover one space below the top of track 8 (6/3 points) with the opponent three
        // below, and three below the top of track 9 (7/4 points) with the opponent one below:
        // roll 3 4 5 3 offers 8, then 9 (6 and 7 closed), each gaining exactly 3/10 of a
        // point and a margin of 6/10.
        let rules = Rules::new(GameKind::GreatRaces, 2);
        let mut game = Game::new();
        for (c, mine, theirs) in [(8, 10, 8), (9, 6, 8)] {
            game.board.set_cube(0, c, mine);
            game.board.set_cube(1, c, theirs);
        }
        for c in [3, 6, 7, 11, 12] {
            game.board.closed = game.board.closed.with(c);
        }
        let roll = Roll([3, 4, 5, 3]);
        let specs: Vec<RaceSpec> = GameId::GreatRaces
            .entry()
            .default_policies
            .split(',')
            .map(|s| RaceSpec::parse(s).unwrap())
            .collect();
        let a = race_advice(
            &rules,
            &game,
            Decision::Use(roll, game.choices(&rules, roll)),
            &specs,
        );
        let choices = a["choices"].as_array().unwrap();
        let uses: Vec<&str> = choices.iter().map(|c| c["use"].as_str().unwrap()).collect();
        assert_eq!(uses, ["8", "9"]);
        for c in choices {
            assert_eq!(c["expected_points"].as_f64(), Some(0.3), "{c}");
            assert_eq!(c["expected_margin"].as_f64(), Some(0.6), "{c}");
        }
        // Both rules take the first listed of equal scores, as the printed scores show
        // (race-progress prefers the shorter track 9).
        let ranking = |name: &str| {
            let policies = a["policies"].as_array().unwrap();
            policies.iter().find(|p| p["policy"] == name).unwrap()["ranking"].clone()
        };
        assert_eq!(ranking("race-points"), json!(["8", "9"]));
        assert_eq!(ranking("race-margin"), json!(["8", "9"]));
        assert_eq!(ranking("race-progress"), json!(["9", "8"]));
        let text = to_text(&a);
        assert_eq!(text.matches("expected points +0.300").count(), 2, "{text}");
    }
}
