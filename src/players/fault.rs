//! A bot's fault ([`Fault`]): it could not be started, exited, hung past the timeout, printed
//! a line that is not JSON or answered what is not an option. Told in one line naming the
//! bot, its seat, the game and the offending line; the game's record up to the decision (when
//! the table kept one) is kept for `advise`.

use super::process::NoLine;
use crate::error::one_line;
use std::time::Duration;

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// The process could not be started.
    Start(String),
    /// A message could not be written to it.
    Write(String),
    /// No answer came: it exited, or the timeout passed.
    NoLine(NoLine, Duration),
    /// It answered a line that is refused, and why.
    Answer(String, String),
}

/// A bot's fault in a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The bot's name.
    pub bot: String,
    /// Its seat, from 0.
    pub seat: u8,
    /// The game's index in its matchup, when in a game of a run.
    pub game: Option<u64>,
    /// The seats' players of that game, in seat order.
    pub seats: Vec<String>,
    /// The run's seed, when the run has one.
    pub seed: Option<u64>,
    /// What went wrong.
    pub kind: FaultKind,
    /// The game's record up to the decision, when the table kept one.
    pub record: Option<String>,
}

/// A bot's line for a message: escaped, at most 120 characters.
fn shown(line: &str) -> String {
    let escaped: String = line.chars().flat_map(char::escape_debug).collect();
    match escaped.char_indices().nth(120) {
        Some((cut, _)) => format!("{}…", &escaped[..cut]),
        None => escaped,
    }
}

impl Fault {
    /// The fault in one line: `bot NAME (seat S, game G: A vs B): WHAT`.
    pub fn message(&self) -> String {
        let mut at = format!("seat {}", self.seat + 1);
        if let Some(g) = self.game {
            at += &format!(", game {g}");
        }
        if !self.seats.is_empty() {
            at += &format!(" of {}", self.seats.join(" vs "));
        }
        if let Some(s) = self.seed {
            at += &format!(", --seed {s}");
        }
        let what = match &self.kind {
            FaultKind::Start(e) => e.clone(),
            FaultKind::Write(e) => format!("{e} (it has exited?)"),
            FaultKind::NoLine(NoLine::Exited(status), _) => {
                format!("exited ({status}) without answering")
            }
            FaultKind::NoLine(NoLine::TimedOut, t) => {
                format!(
                    "gave no answer within {} s (--bot-timeout)",
                    t.as_secs_f64()
                )
            }
            FaultKind::NoLine(NoLine::Interrupted, _) => "was interrupted".into(),
            FaultKind::Answer(line, why) => format!("answered \"{}\", which {why}", shown(line)),
        };
        one_line(&format!("bot {} ({at}): {what}", self.bot))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_bot_seat_game_and_line_on_one_line() {
        let f = Fault {
            bot: "mybot".into(),
            seat: 1,
            game: Some(17),
            seats: vec!["glenn".into(), "mybot".into()],
            seed: Some(1),
            kind: FaultKind::Answer("{\"option\":\"jump\"}\n".into(), "names 'jump'".into()),
            record: None,
        };
        let m = f.message();
        assert_eq!(
            m,
            "bot mybot (seat 2, game 17 of glenn vs mybot, --seed 1): answered \"{\\\"option\\\":\\\"jump\\\"}\\n\", which names 'jump'"
        );
        assert!(!m.contains('\n'));
    }
}
