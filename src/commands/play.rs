//! `pressluck play`: one game between any seats at the game's table, each roll and decision
//! told as it is played (and the board as `replay` draws it at each turn, or before each of a
//! person's decisions), its record written line by line — flushed each line, so Ctrl-C or a
//! crash keeps every action so far: the one output written as it goes rather than whole.

use crate::error::input;
use crate::players::session;
use crate::settings::{PlaySettings, RecordOut, Screen, TableGame};
use anyhow::{Context, Result};
use pressluck_core::games::asked::TableSink;
use pressluck_core::games::{Family, GameRecord, UseRecord};
use std::fs::File;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// Where the record's lines go, and the narration of the game for people.
struct Narrator<'a> {
    /// The record's destination, if any.
    out: Option<Box<dyn Write>>,
    /// The record so far.
    record: String,
    /// Each seat's player.
    names: Vec<String>,
    /// Where the words go.
    screen: Screen,
    /// The game, to draw the board.
    table: &'a TableGame,
    /// Whether a person sits: they are shown the board before their decisions, not at every
    /// turn.
    person: bool,
    /// The seat of the last action told.
    last_seat: Option<u8>,
    /// The first error writing the record.
    failed: Option<std::io::Error>,
}

impl Narrator<'_> {
    /// Writes `line` to the record, flushed.
    fn write(&mut self, line: &str) {
        self.record.push_str(line);
        self.record.push('\n');
        if let Some(out) = &mut self.out {
            let written = out
                .write_all(line.as_bytes())
                .and_then(|_| out.write_all(b"\n"))
                .and_then(|_| out.flush());
            if let Err(e) = written {
                self.failed.get_or_insert(e);
            }
        }
    }
}

impl TableSink for Narrator<'_> {
    fn line(&mut self, seat: Option<u8>, line: &str) {
        // A turn begins: the board, unless a person sits (they see it before each decision).
        if let Some(s) = seat {
            if !self.person && self.last_seat != Some(s) && self.last_seat.is_some() {
                self.screen
                    .print(&format!("\n{}", self.table.board(&self.record, None)));
            }
        }
        self.write(line);
        let Some(s) = seat else { return };
        self.last_seat = Some(s);
        let name = self.names.get(s as usize).map_or("", String::as_str);
        let told = line.strip_prefix("# ").unwrap_or(line);
        self.screen
            .print(&format!("seat {} ({name}): {told}\n", s + 1));
    }
}

/// The winner's seat (from 1) of the position the record reaches, if the game is over.
fn winner(table: &TableGame, record: &str) -> Option<u64> {
    struct Winner;
    impl UseRecord for Winner {
        type Output = Option<u64>;
        fn with<R: GameRecord>(self, record: R) -> Option<u64> {
            let v: serde_json::Value = serde_json::from_str(&record.position_json()).ok()?;
            v["winner"].as_u64()
        }
    }
    table
        .game
        .read_record("the game", record.as_bytes(), &table.options, Winner)
        .ok()
        .flatten()
}

/// Plays the game: the record written as it goes, the narration, the end.
pub fn run<F: Family>(s: PlaySettings<F>) -> Result<ExitCode> {
    use pressluck_core::games::Named;
    // Ctrl-C from here on ends the game, keeping the record.
    session().interrupt();
    let names: Vec<String> = s.seats.iter().map(|p| p.name().to_string()).collect();
    let (out, shown): (Option<Box<dyn Write>>, Option<String>) = match &s.out {
        None => (None, None),
        Some(RecordOut::Stdout) => (Some(Box::new(std::io::stdout())), None),
        Some(RecordOut::File { path, force }) => {
            let mut open = File::options();
            open.write(true);
            if *force {
                open.create(true).truncate(true);
            } else {
                open.create_new(true);
            }
            let file = open
                .open(path)
                .map_err(|e| input(format!("--out {}: {e}", path.display())))?;
            (Some(Box::new(file)), Some(path.display().to_string()))
        }
    };
    let mut narrator = Narrator {
        out,
        record: String::new(),
        names: names.clone(),
        screen: s.screen,
        table: &s.table,
        person: s.person.is_some(),
        last_seat: None,
        failed: None,
    };
    let seats: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("seat {} {n}", i + 1))
        .collect();
    narrator.write(&format!("# {}", s.command));
    narrator.write(&format!("# {}", seats.join(", ")));
    for (what, file) in [
        ("--board", &s.table.options.board),
        ("--deck", &s.table.options.deck),
    ] {
        if let Some(f) = file {
            narrator.write(&format!(
                "# played with {what} {}: replay, advise and review it with the same flag",
                f.display()
            ));
        }
    }
    if s.seed_drawn {
        s.screen.print(&format!(
            "seed {} (play this game again with --seed {})\n",
            s.seed, s.seed
        ));
    }
    s.screen.print(&format!(
        "{}, {} player(s): {}\n",
        s.family.game_name(),
        s.family.players(),
        seats.join(", ")
    ));
    let ended = s
        .family
        .play_one(&s.seats, s.seed, &mut narrator)
        .map_err(input)?;
    if let Some(e) = narrator.failed.take() {
        return Err(e).context("writing the record");
    }
    let kept = match &shown {
        Some(path) => format!("the record so far is in {path}"),
        None => "no record was written (--out FILE keeps one)".to_string(),
    };
    if let Some(fault) = session().fault() {
        let mut text = fault.message();
        if let Some(path) = &shown {
            text += &format!("; the game up to that decision: {path} (pressluck advise {path})");
        }
        return Err(input(text));
    }
    if !ended {
        if session().interrupt().load(Ordering::SeqCst) {
            s.screen.print(&format!("interrupted: {kept}\n"));
            return Ok(ExitCode::from(130));
        }
        if s.person.as_ref().is_some_and(|p| p.quit()) {
            s.screen.print(&format!("quit: {kept}\n"));
            return Ok(ExitCode::SUCCESS);
        }
    }
    s.screen
        .print(&format!("\n{}", s.table.board(&narrator.record, None)));
    let result = match winner(&s.table, &narrator.record) {
        Some(w) => format!(
            "seat {w} ({}) wins",
            names.get(w as usize - 1).map_or("", String::as_str)
        ),
        None => "the game ended without a winner (the turn limit)".to_string(),
    };
    match &shown {
        Some(path) => s.screen.print(&format!(
            "{result}; the record is in {path} (pressluck review {path})\n"
        )),
        None => s.screen.print(&format!("{result}\n")),
    }
    Ok(ExitCode::SUCCESS)
}
