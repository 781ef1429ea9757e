//! The advice of `pressluck advise` on a Treasure Hunt decision, as JSON and drawn for a
//! person: the tile underfoot, what the hand can claim or steal, and each policy's next action.

use super::actions::StealKind;
use super::deck::SYMBOL_NAMES;
use super::grid::cell_name;
use super::options::{cards_of, treasure_options};
use super::plan::Outlook;
use super::policy::{Act, ThSpec};
use super::rules::GAME_NAME;
use super::state::{State, NONE};
use super::view::position_json_seen;
use crate::games::asked::{ask_once, AskedSeat};
use crate::games::decision::Options;
use serde_json::{json, Value};

/// What a Treasure Hunt action is, for a person: `claim the tile underfoot`, `discard r1A …`.
fn treasure_action(s: &State, spec: &ThSpec) -> String {
    if let Some(seat) = &spec.asked {
        return asked_action(s, seat);
    }
    let cards = |mask: u8| cards_of(s, mask);
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

/// An asked seat's next action in `s` (the seat to act, seeing its own hand), by its option's
/// name, or `no answer`.
fn asked_action(s: &State, seat: &AskedSeat) -> String {
    let names: Vec<String> = match treasure_options(s) {
        Some(Options::Open(options)) => options.into_iter().map(|(n, _)| n).collect(),
        _ => return "end".into(),
    };
    let json = position_json_seen(s, s.current);
    match ask_once(seat, s.current, s.rules.players, "action", json, &names) {
        Some(i) => names[i].clone(),
        None => "no answer".into(),
    }
}

/// The Treasure Hunt advice as one JSON value: the tile underfoot, what the hand can claim or
/// steal, and each policy's next action. Seats are numbered from 1.
pub fn treasure_advice(s: &State, specs: &[ThSpec]) -> Value {
    let names = |bits: u8| -> Vec<&str> {
        (0..6)
            .filter(|k| bits & (1 << k) != 0)
            .map(|k| SYMBOL_NAMES[k])
            .collect()
    };
    let mut out = json!({
        "game": GAME_NAME,
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
pub fn treasure_advice_text(a: &Value) -> String {
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
            (Some(sym), Some(o)) => format!(
                "{sym}, seat {o}'s ({})",
                crate::numbers::count(tile["cubes"].as_u64().unwrap_or(0), "cube", "cubes")
            ),
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
