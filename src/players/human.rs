//! A person at the table of `pressluck play` ([`Human`]): asked each decision on the terminal
//! (or standard input piped in) with the board as their seat may see it and the options
//! numbered and named; `hint` plays the options out as `advise --rollouts` does, `board` draws
//! the board again, `quit` ends the game keeping its record. Bad input is answered on the spot.

use super::session::session;
use crate::commands::rollouts::{rollouts, rollouts_text};
use crate::settings::{Person, RolloutSettings, Screen, TableGame};
use anyhow::Result;
use pressluck_core::games::asked::{Asker, GameEnd, GameStart, Question};
use pressluck_core::games::{GameRecord, UseRecord, WithStrategies};
use std::io::{BufRead, IsTerminal};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

/// A person taking a seat: their answers read line by line from standard input.
#[derive(Debug)]
pub struct Human {
    /// The game, for the board and hints.
    table: TableGame,
    /// Where the words go.
    screen: Screen,
    /// Lines of standard input, read by a thread of their own (`None` once it closed).
    lines: Mutex<Receiver<Option<String>>>,
    /// Whether the person quit (or standard input ended).
    quit: AtomicBool,
    /// The seats' players of the game in hand.
    seats: Mutex<Vec<String>>,
    /// Whether answers are echoed: read from a pipe, not typed at a terminal.
    echo: bool,
}

impl Human {
    /// A person at the table of `table`, asked on `screen`, answering on standard input.
    pub fn new(table: TableGame, screen: Screen) -> Human {
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if send.send(Some(line)).is_err() {
                    return;
                }
            }
            let _ = send.send(None);
        });
        Human {
            table,
            screen,
            lines: Mutex::new(lines),
            quit: AtomicBool::new(false),
            seats: Mutex::new(Vec::new()),
            echo: !std::io::stdin().is_terminal(),
        }
    }

    /// The next line typed, `None` when input ended or the run was interrupted.
    fn line(&self) -> Option<String> {
        let lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if session().interrupt().load(Ordering::Relaxed) {
                return None;
            }
            match lines.recv_timeout(Duration::from_millis(50)) {
                Ok(Some(line)) => {
                    if self.echo {
                        self.screen.print(&format!("{line}\n"));
                    }
                    return Some(line);
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                    self.quit.store(true, Ordering::SeqCst);
                    return None;
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// The prompt of `q`: what is decided, and the options numbered.
    fn prompt(&self, q: &Question) -> String {
        let seats = self.seats.lock().unwrap_or_else(|e| e.into_inner());
        let who = seats.get(q.seat as usize).map_or("you", String::as_str);
        let what = match q.decision {
            "use" => "which use of the roll?",
            "roll-or-stop" => "roll on or stop?",
            "announce" => "main road, shortcut or push?",
            "press-or-stop" => "press on, or stop where?",
            "action" => "which action?",
            "cards" => "which cards for the tile?",
            "steps" => "how far?",
            other => other,
        };
        let mut text = format!("seat {} ({who}), {what}\n", q.seat + 1);
        let mut row = String::new();
        for (i, o) in q.options.iter().enumerate() {
            let item = format!("{:>3}) {o}", i + 1);
            if !row.is_empty() && row.len() + item.len() > 96 {
                text += &row;
                text.push('\n');
                row.clear();
            }
            row += &format!("{item:<24}");
        }
        text += row.trim_end();
        text += &format!(
            "\n[1-{}, an option's name, hint, board or quit] > ",
            q.options.len()
        );
        text
    }
}

impl Person for Human {
    fn quit(&self) -> bool {
        self.quit.load(Ordering::SeqCst)
    }
}

impl Asker for Human {
    fn definition(&self) -> String {
        "human".into()
    }

    fn begin(&self, start: &GameStart) {
        *self.seats.lock().unwrap_or_else(|e| e.into_inner()) = start.seats.clone();
    }

    fn ask(&self, q: &Question) -> Option<usize> {
        let record = q.record.unwrap_or_default();
        self.screen
            .print(&format!("\n{}", self.table.board(record, Some(q.seat))));
        if let Some(turn) = shortcut_turn(&q.position) {
            self.screen.print(&turn);
        }
        loop {
            self.screen.print(&self.prompt(q));
            let Some(line) = self.line() else {
                self.screen.print("\n");
                return None;
            };
            let answer = line.trim();
            let chosen = answer
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=q.options.len()).contains(n))
                .map(|n| n - 1)
                .or_else(|| q.options.iter().position(|o| o == answer));
            if let Some(i) = chosen {
                return Some(i);
            }
            match answer {
                "quit" | "q" => {
                    self.quit.store(true, Ordering::SeqCst);
                    return None;
                }
                "board" | "b" => self
                    .screen
                    .print(&self.table.board(record, Some(q.seat))),
                "hint" | "h" => {
                    let text = match q.decision {
                        "press-or-stop" | "cards" | "steps" => Err(format!(
                            "no hint mid-{}: a record holds whole {}, so the rollouts start at the \
                             next one",
                            if q.decision == "press-or-stop" { "turn" } else { "action" },
                            if q.decision == "press-or-stop" { "turns" } else { "actions" }
                        )),
                        _ => {
                            self.screen
                                .print(&format!("rolling out {} times an option…\n", self.table.hint.rollouts));
                            hint(&self.table, record)
                        }
                    };
                    match text {
                        Ok(t) => self.screen.print(&t),
                        Err(e) => self.screen.print(&format!("hint: {e}\n")),
                    }
                }
                _ => self.screen.print(&format!(
                    "'{}' is not an option: answer 1 to {}, an option's name, hint, board or quit\n",
                    answer.chars().flat_map(char::escape_debug).collect::<String>(),
                    q.options.len()
                )),
            }
        }
    }

    fn end(&self, _: &GameEnd) {}
}

/// Each option's chance to win at the decision the record `record` of `table`'s game ends at,
/// as `advise --rollouts` gives them, drawn for a person.
fn hint(table: &TableGame, record: &str) -> Result<String, String> {
    struct Hint<'a>(&'a RolloutSettings);
    impl UseRecord for Hint<'_> {
        type Output = Result<String, String>;
        fn with<R: GameRecord>(self, record: R) -> Result<String, String> {
            let s = self.0;
            let decided = record.decided(None)?.ok_or("the game is over")?;
            let family = WithStrategies {
                family: record.family(s.engine),
                strategies: s.book.clone(),
            };
            let json = rollouts(&family, decided.options, decided.mover, decided.turns, s)
                .map_err(|e| format!("{e:#}"))?;
            Ok(rollouts_text(&json))
        }
    }
    table.game.read_record(
        "the game",
        record.as_bytes(),
        &table.options,
        Hint(&table.hint),
    )?
}

/// A Shortcut turn in hand, for a person: the rolls' total and where a stop may end, from the
/// position's JSON; `None` for any other position.
fn shortcut_turn(position: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(position).ok()?;
    let turn = v.get("shortcut_turn").filter(|t| !t.is_null())?;
    let to: Vec<String> = v["to"]
        .as_array()?
        .iter()
        .map(|s| {
            format!(
                "{} ({} to go)",
                s["square"].as_str().unwrap_or(""),
                s["distance"]
            )
        })
        .collect();
    Some(format!(
        "this shortcut turn: {} rolls, {} in all; a stop may end on {}\n",
        turn["rolled"],
        turn["total"],
        to.join(", ")
    ))
}
