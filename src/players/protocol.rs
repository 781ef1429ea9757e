//! The player protocol's messages (docs/players.md), one JSON object a line, seats numbered
//! from 1: what pressluck writes (`hello`, `start`, `decision`, `end`) and how it reads a bot's
//! answers (to `hello`: an object, its `name` and `protocol` optional; to a `decision`:
//! `{"option": "LABEL"}`).

use pressluck_core::games::asked::{GameEnd, GameStart, Question, PROTOCOL_VERSION};
use serde::Serialize;
use serde_json::Value;

/// The table a bot is greeted with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Greeting {
    /// The game's name (`cant-stop`).
    pub game: String,
    /// The rules label, as the CSV's `rules` column writes it (`standard`).
    pub rules: String,
    /// The seats at the table.
    pub players: u8,
    /// The bot's seat, from 0.
    pub seat: u8,
    /// The name it plays under.
    pub name: String,
}

/// `hello`: the protocol version, the game, its rules, the seats and the bot's seat.
pub fn hello(g: &Greeting) -> String {
    #[derive(Serialize)]
    struct Hello<'a> {
        r#type: &'static str,
        protocol: u32,
        game: &'a str,
        rules: &'a str,
        players: u8,
        seat: u8,
        name: &'a str,
    }
    line(&Hello {
        r#type: "hello",
        protocol: PROTOCOL_VERSION,
        game: &g.game,
        rules: &g.rules,
        players: g.players,
        seat: g.seat + 1,
        name: &g.name,
    })
}

/// `start`: a game begins (its index in its matchup, or null for a game played on from a
/// position), the bot's seat, the seats' players, the game's seed.
pub fn start(s: &GameStart) -> String {
    #[derive(Serialize)]
    struct Start<'a> {
        r#type: &'static str,
        game: Option<u64>,
        seat: u8,
        seats: &'a [String],
        seed: u64,
    }
    line(&Start {
        r#type: "start",
        game: s.game,
        seat: s.seat + 1,
        seats: &s.seats,
        seed: s.seed,
    })
}

/// `decision`: what is decided, the game, the seat, the decision's seed, the options by name
/// and the position as the seat may see it.
pub fn decision(q: &Question) -> String {
    #[derive(Serialize)]
    struct Decision<'a> {
        r#type: &'static str,
        decision: &'a str,
        game: Option<u64>,
        seat: u8,
        seed: u64,
        options: &'a [String],
    }
    let head = line(&Decision {
        r#type: "decision",
        decision: q.decision,
        game: q.game,
        seat: q.seat + 1,
        seed: q.seed,
        options: q.options,
    });
    // The position is JSON already: written as it is, the last field.
    format!(
        "{},\"position\":{}}}",
        head.strip_suffix('}').unwrap_or(&head),
        q.position
    )
}

/// `end`: the game is over (or stopped): the winner's seat or null, each seat's score and
/// turns.
pub fn end(e: &GameEnd, game: Option<u64>) -> String {
    #[derive(Serialize)]
    struct End<'a> {
        r#type: &'static str,
        game: Option<u64>,
        seat: u8,
        winner: Option<u8>,
        scores: &'a [u64],
        turns: &'a [u32],
    }
    line(&End {
        r#type: "end",
        game,
        seat: e.seat + 1,
        winner: e.winner.map(|w| w + 1),
        scores: &e.scores,
        turns: &e.turns,
    })
}

/// A message as JSON on one line.
fn line<T: Serialize>(message: &T) -> String {
    serde_json::to_string(message).unwrap_or_default()
}

/// A bot's answer to `hello`: the name it gives itself, if any; the error says what is wrong.
pub fn read_hello(line: &str) -> Result<Option<String>, String> {
    let v: Value = serde_json::from_str(line).map_err(|_| "is not JSON".to_string())?;
    let Value::Object(o) = v else {
        return Err("is not a JSON object".into());
    };
    if let Some(p) = o.get("protocol") {
        if p.as_u64() != Some(PROTOCOL_VERSION as u64) {
            return Err(format!(
                "asks for protocol {p}, and pressluck speaks protocol {PROTOCOL_VERSION}"
            ));
        }
    }
    Ok(o.get("name").and_then(Value::as_str).map(str::to_string))
}

/// A bot's answer to a decision: the index of the option it names among `options`; the error
/// says what is wrong.
pub fn read_option(line: &str, options: &[String]) -> Result<usize, String> {
    let v: Value = serde_json::from_str(line).map_err(|_| "is not JSON".to_string())?;
    let Some(label) = v.get("option").and_then(Value::as_str) else {
        return Err("names no option (the answer is {\"option\": \"LABEL\"})".into());
    };
    options.iter().position(|o| o == label).ok_or_else(|| {
        format!(
            "names '{label}', not one of the options ({})",
            options.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_carries_the_position_as_its_last_field() {
        let options = ["roll".to_string(), "stop".to_string()];
        let q = Question {
            seat: 1,
            decision: "roll-or-stop",
            position: r#"{"to_move":2}"#.into(),
            options: &options,
            seed: 9,
            game: Some(4),
            record: None,
        };
        let line = decision(&q);
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["seat"], 2);
        assert_eq!(v["position"]["to_move"], 2);
        assert_eq!(v["options"][1], "stop");
        assert!(!line.contains('\n'));
    }

    #[test]
    fn answers_are_read_or_refused_with_the_reason() {
        let options = ["roll".to_string(), "stop".to_string()];
        assert_eq!(read_option(r#"{"option":"stop"}"#, &options), Ok(1));
        assert!(read_option("stop", &options)
            .unwrap_err()
            .contains("not JSON"));
        assert!(read_option(r#"{"choice":"stop"}"#, &options)
            .unwrap_err()
            .contains("names no option"));
        assert!(read_option(r#"{"option":"jump"}"#, &options)
            .unwrap_err()
            .contains("'jump', not one of the options (roll, stop)"));
        assert_eq!(read_hello(r#"{"name":"x"}"#), Ok(Some("x".into())));
        assert_eq!(read_hello("{}"), Ok(None));
        assert!(read_hello(r#"{"protocol":2}"#).is_err());
        assert!(read_hello("[1]").is_err());
    }
}
