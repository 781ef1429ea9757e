//! Bots as seats: the command line's [`BotMaker`] ([`Bots`]) and each bot's [`Asker`]
//! ([`BotAsker`]), which speaks the protocol ([`super::protocol`]) to one process per worker
//! thread and seat — started at its first game, kept for the run, so a deterministic bot
//! answers the same whichever process is asked — and records the first fault of the run
//! ([`mod@super::session`]), which ends it as Ctrl-C does.

use super::fault::{Fault, FaultKind};
use super::process::{BotProcess, NoLine};
use super::protocol::{self, Greeting};
use super::session::{session, Processes, Session};
use pressluck_core::games::asked::{Asker, BotCommand, BotMaker, GameEnd, GameStart, Question};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;

/// Makes the askers of bots for the strategy book.
#[derive(Debug, Default)]
pub struct Bots;

impl BotMaker for Bots {
    fn asker(&self, name: &str, game: &str, bot: &BotCommand) -> Arc<dyn Asker> {
        let asker = Arc::new(BotAsker {
            name: name.to_string(),
            game: game.to_string(),
            bot: bot.clone(),
            processes: Mutex::new(HashMap::new()),
        });
        session().register(&asker);
        asker
    }
}

/// A bot's process for one worker thread and seat, with the game it is playing.
#[derive(Debug)]
struct Connection {
    /// The process.
    process: BotProcess,
    /// The game in hand, as told at its start.
    game: Option<GameStart>,
}

/// A bot taking seats: its processes, one per worker thread and seat.
#[derive(Debug)]
pub struct BotAsker {
    /// The name it plays under.
    name: String,
    /// The game.
    game: String,
    /// What runs.
    bot: BotCommand,
    /// Its processes by (worker thread, seat); each taken out while it is spoken to.
    processes: Mutex<HashMap<(ThreadId, u8), Connection>>,
}

impl BotAsker {
    /// The key of this thread's process for `seat`.
    fn key(seat: u8) -> (ThreadId, u8) {
        (std::thread::current().id(), seat)
    }

    /// This thread's process for `seat`, taken out of the pool.
    fn take(&self, seat: u8) -> Option<Connection> {
        self.lock().remove(&Self::key(seat))
    }

    /// Puts this thread's process for `seat` back.
    fn put(&self, seat: u8, c: Connection) {
        self.lock().insert(Self::key(seat), c);
    }

    /// The pool, locked.
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<(ThreadId, u8), Connection>> {
        self.processes.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts a process for `seat` at a table of `players` and greets it.
    fn start(&self, s: &Session, seat: u8, players: u8) -> Result<Connection, Box<Fault>> {
        let fault = |kind| Box::new(self.fault(seat, None, kind));
        let log = s.log();
        let mut process =
            BotProcess::start(&self.bot, log.as_ref()).map_err(|e| fault(FaultKind::Start(e)))?;
        let greeting = Greeting {
            game: self.game.clone(),
            rules: s.rules(),
            players,
            seat,
            name: self.name.clone(),
        };
        process
            .send(&protocol::hello(&greeting))
            .map_err(|e| fault(FaultKind::Write(e)))?;
        let line = process
            .receive(s.timeout(), s.interrupt())
            .map_err(|e| fault(FaultKind::NoLine(e, s.timeout())))?;
        protocol::read_hello(&line).map_err(|why| fault(FaultKind::Answer(line, why)))?;
        Ok(Connection {
            process,
            game: None,
        })
    }

    /// A fault of this bot at `seat` in the game `game`.
    fn fault(&self, seat: u8, game: Option<&GameStart>, kind: FaultKind) -> Fault {
        Fault {
            bot: self.name.clone(),
            seat,
            game: game.and_then(|g| g.game),
            seats: game.map(|g| g.seats.clone()).unwrap_or_default(),
            seed: None,
            kind,
            record: None,
        }
    }
}

impl Asker for BotAsker {
    fn definition(&self) -> String {
        self.bot.definition()
    }

    fn begin(&self, start: &GameStart) {
        let s = session();
        if s.stopping() {
            return;
        }
        let seat = start.seat;
        let mut c = match self.take(seat) {
            Some(c) => c,
            None => match self.start(s, seat, start.seats.len() as u8) {
                Ok(c) => c,
                Err(f) => return s.fail(*f),
            },
        };
        if let Err(e) = c.process.send(&protocol::start(start)) {
            return s.fail(self.fault(seat, Some(start), FaultKind::Write(e)));
        }
        c.game = Some(start.clone());
        self.put(seat, c);
    }

    fn ask(&self, q: &Question) -> Option<usize> {
        let s = session();
        if s.stopping() {
            return None;
        }
        let mut c = self.take(q.seat)?;
        let in_game = |c: &Connection, kind| {
            let mut f = self.fault(q.seat, c.game.as_ref(), kind);
            f.record = q.record.map(str::to_string);
            f
        };
        if let Err(e) = c.process.send(&protocol::decision(q)) {
            s.fail(in_game(&c, FaultKind::Write(e)));
            return None;
        }
        let line = match c.process.receive(s.timeout(), s.interrupt()) {
            Ok(line) => line,
            // A run stopping: no fault, and the process, mid-answer, is ended.
            Err(NoLine::Interrupted) => return None,
            Err(e) => {
                s.fail(in_game(&c, FaultKind::NoLine(e, s.timeout())));
                return None;
            }
        };
        match protocol::read_option(&line, q.options) {
            Ok(i) => {
                self.put(q.seat, c);
                Some(i)
            }
            Err(why) => {
                s.fail(in_game(&c, FaultKind::Answer(line, why)));
                None
            }
        }
    }

    fn end(&self, end: &GameEnd) {
        let s = session();
        let Some(mut c) = self.take(end.seat) else {
            return;
        };
        if s.stopping() {
            return;
        }
        let game = c.game.take();
        if let Err(e) = c
            .process
            .send(&protocol::end(end, game.as_ref().and_then(|g| g.game)))
        {
            return s.fail(self.fault(end.seat, game.as_ref(), FaultKind::Write(e)));
        }
        self.put(end.seat, c);
    }
}

impl Processes for BotAsker {
    fn end_all(&self) {
        let all: Vec<Connection> = self.lock().drain().map(|(_, c)| c).collect();
        drop(all);
    }
}
