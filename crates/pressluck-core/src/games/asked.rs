//! Seats that are asked: a player from outside the library — a program speaking the player
//! protocol (a bot) or a person at a terminal — takes a seat wherever a policy can. The games
//! know only "a seat that is asked" ([`Asker`]): each decision is put to it as the position
//! that seat may see, the legal options by name and a seed ([`Question`]), and it answers one
//! option; it is told when a game begins and ends. Processes, pipes, timeouts and terminals
//! are the command line's, which implements [`Asker`] and makes bots ([`BotMaker`]).
//!
//! A game with an asked seat is played by its game's *table* (each game's `table.rs`): the
//! game loop that asks seats by their options' names, keeps the game's record as it goes and
//! counts the same counters as the fast engines, game for game (a test of each game checks
//! the two give the same counters).
//!
//! A seat that cannot answer (a bot that faulted, a person who quit, a run stopping) answers
//! `None`: the table ends the game there, and a tournament's chunk in hand is *spoiled*
//! ([`take_spoiled`]): the runner keeps no counters of it.

use crate::engine::deal::splitmix64;
use serde_json::Value;
use std::cell::Cell;
use std::fmt;
use std::sync::Arc;

/// The version of the player protocol (docs/players.md) the games' questions follow.
pub const PROTOCOL_VERSION: u32 = 1;

/// A seat that is asked its decisions (a bot process, a person at a terminal).
pub trait Asker: Send + Sync + fmt::Debug {
    /// What the seat is, as a run's identity writes it (a bot's command and environment), so
    /// that runs with other players never merge or resume into each other.
    fn definition(&self) -> String;

    /// A game begins with this seat at the table.
    fn begin(&self, start: &GameStart);

    /// A decision of the seat: the index into `question.options` of the option it takes, or
    /// `None` when it cannot answer (a fault the asker has recorded, a person who quit, a run
    /// stopping). The asker checks the answer is one of the options.
    fn ask(&self, question: &Question) -> Option<usize>;

    /// The game has ended (or stopped).
    fn end(&self, end: &GameEnd);
}

/// A game beginning, as told to one asked seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStart {
    /// The game's index in its matchup (`None`: a game played on from a position, as a
    /// rollout is).
    pub game: Option<u64>,
    /// The seat told, from 0.
    pub seat: u8,
    /// The names of the seats' players, in seat order.
    pub seats: Vec<String>,
    /// The game's seed for asked seats: each decision's seed derives from it
    /// ([`decision_seed`]), so it depends on the game alone, never on the process asked.
    pub seed: u64,
}

/// A decision put to an asked seat.
#[derive(Clone, Debug)]
pub struct Question<'a> {
    /// The seat deciding, from 0.
    pub seat: u8,
    /// What is decided (`roll-or-stop`, `use`, `announce`, `press-or-stop`, `action`,
    /// `cards`, `steps`).
    pub decision: &'static str,
    /// The position as the seat may see it, as JSON on one line: the fields `replay --format
    /// json` prints (Treasure Hunt: the seat's own hand only, the others' as counts, no
    /// face-down tile).
    pub position: String,
    /// The legal options by name, as `advise --rollouts` names them (two or more).
    pub options: &'a [String],
    /// The decision's seed, for a seat that draws chances: the same for the same decision of
    /// the same game whatever thread or process asks.
    pub seed: u64,
    /// The game's index in its matchup, as in [`GameStart::game`].
    pub game: Option<u64>,
    /// The game's record so far, where the table keeps one (a game from its start): it ends
    /// at this decision, so `advise` on it shows the decision.
    pub record: Option<&'a str>,
}

/// A game ended, as told to one asked seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The seat told, from 0.
    pub seat: u8,
    /// The winner, from 0; `None` when the game was abandoned (the turn limit) or stopped.
    pub winner: Option<u8>,
    /// Each seat's score (as the tournament's `mean_score` counts it).
    pub scores: Vec<u64>,
    /// Each seat's turns.
    pub turns: Vec<u32>,
}

/// A seat taken by an [`Asker`]: the name it plays under, and who is asked.
#[derive(Clone)]
pub struct AskedSeat {
    /// The name in outputs (a strategy file's, or the quick form as written).
    pub name: String,
    /// Who is asked.
    pub asker: Arc<dyn Asker>,
}

impl AskedSeat {
    /// The seat `name` taken by `asker`.
    pub fn new(name: &str, asker: Arc<dyn Asker>) -> AskedSeat {
        AskedSeat {
            name: name.to_string(),
            asker,
        }
    }

    /// Its definition in a run's identity.
    pub fn definition(&self) -> String {
        self.asker.definition()
    }
}

impl fmt::Debug for AskedSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AskedSeat({}: {})", self.name, self.definition())
    }
}

impl PartialEq for AskedSeat {
    /// Two seats are the same when they play under the same name and definition.
    fn eq(&self, other: &AskedSeat) -> bool {
        self.name == other.name && self.definition() == other.definition()
    }
}

impl Eq for AskedSeat {}

/// A policy spec of a game that may stand for an asked seat: every game's spec type.
pub trait SeatSpec: Sized {
    /// The spec of a seat taken by `seat`.
    fn asked(seat: AskedSeat) -> Self;

    /// The asked seat it stands for, if any.
    fn asked_seat(&self) -> Option<&AskedSeat>;
}

/// A bot as a strategy file or the quick form `bot:PROGRAM [ARG…]` names it: the program and
/// its arguments, run without a shell, and the environment it is given besides the inherited
/// one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotCommand {
    /// The program, then its arguments.
    pub command: Vec<String>,
    /// Variables set for it, in the order given.
    pub env: Vec<(String, String)>,
}

impl BotCommand {
    /// Its definition in a run's identity: `bot:` and a JSON object of its command line and
    /// environment (`bot:{"command":["python3","bot.py"],"env":{}}`).
    pub fn definition(&self) -> String {
        let env: serde_json::Map<String, Value> = self
            .env
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(v.clone())))
            .collect();
        let json = serde_json::json!({ "command": self.command, "env": env });
        format!("bot:{json}")
    }

    /// The quick form's command: `bot:PROGRAM [ARG…]`, words split on white space (no
    /// quoting: a program or argument with a space needs a strategy file). `None` when
    /// `text` is not of the quick form.
    pub fn quick(text: &str) -> Option<Result<BotCommand, String>> {
        let rest = text.trim().strip_prefix("bot:")?;
        let command: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
        Some(if command.is_empty() {
            Err("'bot:' needs a program, like bot:./my-bot or bot:python3 my_bot.py".into())
        } else {
            Ok(BotCommand {
                command,
                env: Vec::new(),
            })
        })
    }
}

/// Makes the askers of bots: the command line's, which runs them as processes.
pub trait BotMaker: Send + Sync + fmt::Debug {
    /// The asker of the bot `bot` playing under `name` in `game` (no process starts before
    /// it is first asked).
    fn asker(&self, name: &str, game: &str, bot: &BotCommand) -> Arc<dyn Asker>;
}

/// The seed of the `k`-th question (from 0) put to `seat` in a game whose seed for asked
/// seats is `game_seed`.
pub fn decision_seed(game_seed: u64, seat: u8, k: u64) -> u64 {
    splitmix64(game_seed ^ splitmix64((u64::from(seat) << 56) ^ k))
}

/// Salt separating the seed told to asked seats from the game's own streams.
const ASKED_STREAM: u64 = 0x0a5c_ed5e_a7ed_0001;

/// The seed told to asked seats for a game whose policy stream starts at `policy_state`
/// (`engine::deal::game_streams`): it depends on the game alone and draws nothing from it.
pub fn game_seed_for_seats(policy_state: [u64; 4]) -> u64 {
    splitmix64(policy_state[0] ^ ASKED_STREAM)
}

/// The questions of one game, seat by seat: counts them for their seeds.
#[derive(Clone, Debug)]
pub struct AskedGame {
    /// The game's index in its matchup.
    pub game: Option<u64>,
    /// The game's seed for asked seats.
    pub seed: u64,
    /// Questions put so far, per seat.
    asked: [u64; 4],
}

impl AskedGame {
    /// Game `game` whose seed for asked seats is `seed`, nothing asked yet.
    pub fn new(game: Option<u64>, seed: u64) -> AskedGame {
        AskedGame {
            game,
            seed,
            asked: [0; 4],
        }
    }

    /// Puts a question to `seat` taken by `asked`: `None` when it cannot answer, which
    /// spoils the games in hand ([`take_spoiled`]).
    pub fn ask(
        &mut self,
        asked: &AskedSeat,
        seat: u8,
        decision: &'static str,
        position: String,
        options: &[String],
        record: Option<&str>,
    ) -> Option<usize> {
        let k = &mut self.asked[seat as usize & 3];
        let seed = decision_seed(self.seed, seat, *k);
        *k += 1;
        let answer = asked.asker.ask(&Question {
            seat,
            decision,
            position,
            options,
            seed,
            game: self.game,
            record,
        });
        match answer {
            Some(i) if i < options.len() => Some(i),
            _ => {
                spoil();
                None
            }
        }
    }

    /// Tells each asked seat of `seats` (in seat order) that the game begins.
    pub fn begin(&self, seats: &[(&str, Option<&AskedSeat>)]) {
        let names: Vec<String> = seats.iter().map(|(n, _)| n.to_string()).collect();
        for (seat, (_, asked)) in seats.iter().enumerate() {
            if let Some(a) = asked {
                a.asker.begin(&GameStart {
                    game: self.game,
                    seat: seat as u8,
                    seats: names.clone(),
                    seed: self.seed,
                });
            }
        }
    }

    /// Tells each asked seat of `seats` (in seat order) that the game has ended.
    pub fn end(
        &self,
        seats: &[Option<&AskedSeat>],
        winner: Option<u8>,
        scores: &[u64],
        turns: &[u32],
    ) {
        for (seat, asked) in seats.iter().enumerate() {
            if let Some(a) = asked {
                a.asker.end(&GameEnd {
                    seat: seat as u8,
                    winner,
                    scores: scores.to_vec(),
                    turns: turns.to_vec(),
                });
            }
        }
    }
}

/// Where a table tells its game's record as it is played: line by line, the header first.
pub trait TableSink {
    /// One line of the record: a header line (`seat` none) or an action of the seat `seat`
    /// (from 0), as the record writes it.
    fn line(&mut self, seat: Option<u8>, line: &str);
}

/// A sink that keeps nothing: a tournament's table keeps the record itself, for faults.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSink;

impl TableSink for NoSink {
    fn line(&mut self, _: Option<u8>, _: &str) {}
}

/// A sink that keeps the record's lines as text: for tests that replay a table's game.
#[cfg(test)]
#[derive(Debug, Default)]
pub(crate) struct RecordLines(pub String);

#[cfg(test)]
impl TableSink for RecordLines {
    fn line(&mut self, _: Option<u8>, line: &str) {
        self.0 += line;
        self.0.push('\n');
    }
}

/// A table's record of the game in hand: kept as text (a game from its start; a game played
/// on from a position keeps none) and told to a sink line by line.
pub struct Scribe<'s> {
    /// The record so far.
    text: Option<String>,
    /// Where each line goes as well.
    sink: &'s mut dyn TableSink,
}

impl<'s> Scribe<'s> {
    /// A scribe keeping the record (`keep`) and telling `sink`.
    pub fn new(keep: bool, sink: &'s mut dyn TableSink) -> Scribe<'s> {
        Scribe {
            text: keep.then(String::new),
            sink,
        }
    }

    /// Starts the record of a new game afresh.
    pub fn clear(&mut self) {
        if let Some(t) = &mut self.text {
            t.clear();
        }
    }

    /// Writes one line (see [`TableSink::line`]).
    pub fn line(&mut self, seat: Option<u8>, line: &str) {
        if let Some(t) = &mut self.text {
            t.push_str(line);
            t.push('\n');
        }
        self.sink.line(seat, line);
    }

    /// The record so far, if kept.
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }
}

/// Asks `asked`, in seat `seat` of a table of `players`, one decision outside any game (as
/// `advise` asks its policies): told a game begins (no index, seed 0), asked, told it ends
/// (no winner). `None` when it could not answer.
pub fn ask_once(
    asked: &AskedSeat,
    seat: u8,
    players: u8,
    decision: &'static str,
    position: String,
    options: &[String],
) -> Option<usize> {
    let mut game = AskedGame::new(None, 0);
    let names: Vec<String> = (0..players)
        .map(|p| match p == seat {
            true => asked.name.clone(),
            false => String::new(),
        })
        .collect();
    let seats: Vec<(&str, Option<&AskedSeat>)> = names
        .iter()
        .enumerate()
        .map(|(p, n)| (n.as_str(), (p as u8 == seat).then_some(asked)))
        .collect();
    game.begin(&seats);
    let answer = game.ask(asked, seat, decision, position, options, None);
    let ended: Vec<Option<&AskedSeat>> = seats.iter().map(|(_, a)| *a).collect();
    game.end(&ended, None, &[], &[]);
    answer
}

thread_local! {
    /// Whether a seat could not answer on this thread since the last [`take_spoiled`].
    static SPOILED: Cell<bool> = const { Cell::new(false) };
}

/// Marks the games in hand on this thread as spoiled: a seat could not answer.
pub fn spoil() {
    SPOILED.with(|s| s.set(true));
}

/// Whether a seat could not answer on this thread since the last call, clearing the mark.
/// The runner plays a piece of a chunk on one thread from start to end, so a mark taken after
/// it is of that piece alone.
pub fn take_spoiled() -> bool {
    SPOILED.with(|s| s.replace(false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_form_splits_words_and_defines_the_bot_by_its_command() {
        let b = BotCommand::quick("bot:python3  bots/x.py --fast")
            .unwrap()
            .unwrap();
        assert_eq!(b.command, ["python3", "bots/x.py", "--fast"]);
        assert_eq!(
            b.definition(),
            r#"bot:{"command":["python3","bots/x.py","--fast"],"env":{}}"#
        );
        assert!(BotCommand::quick("bot:  ").unwrap().is_err());
        assert!(BotCommand::quick("glenn").is_none());
        let with_env = BotCommand {
            env: vec![("DEPTH".into(), "3".into())],
            ..b
        };
        assert_ne!(with_env.definition(), b_definition());
    }

    fn b_definition() -> String {
        BotCommand::quick("bot:python3 bots/x.py --fast")
            .unwrap()
            .unwrap()
            .definition()
    }

    #[test]
    fn decision_seeds_differ_by_game_seat_and_question() {
        let s = decision_seed(7, 0, 0);
        assert_ne!(s, decision_seed(8, 0, 0));
        assert_ne!(s, decision_seed(7, 1, 0));
        assert_ne!(s, decision_seed(7, 0, 1));
        assert_eq!(s, decision_seed(7, 0, 0));
    }

    #[test]
    fn a_spoiled_mark_is_taken_once_and_stays_on_its_thread() {
        assert!(!take_spoiled());
        spoil();
        std::thread::spawn(|| assert!(!take_spoiled()))
            .join()
            .unwrap();
        assert!(take_spoiled());
        assert!(!take_spoiled());
    }
}
