//! Helpers of the rulebook tests: replaying records and writing long ones.
#![allow(dead_code)]

use pressluck_core::columns::record::{play, Overrides, Record, Replay, Setup};
use pressluck_core::columns::Rules;

/// Replays a record under its own header; panics with the engine's message on any error.
pub fn replay(text: &str) -> (Rules, Replay) {
    replay_with(text, &Overrides::default())
}

/// Replays a record with overrides; panics with the engine's message on any error.
pub fn replay_with(text: &str, over: &Overrides) -> (Rules, Replay) {
    let record = Record::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let Setup { rules, .. } = record.setup(over).unwrap_or_else(|e| panic!("{e}"));
    let r = play(&record, &rules).unwrap_or_else(|e| panic!("{e}"));
    (rules, r)
}

/// The error a record gives (parse, header or play), which must exist.
pub fn replay_err(text: &str) -> String {
    let run = || -> Result<Replay, String> {
        let record = Record::parse(text)?;
        let setup = record.setup(&Overrides::default())?;
        play(&record, &setup.rules)
    };
    match run() {
        Ok(_) => panic!("record should fail:\n{text}"),
        Err(e) => e,
    }
}

/// The legal uses of the roll awaiting its use, as `a b, c` text.
pub fn legal(r: &Replay) -> String {
    let (_, list, _) = r.pending.expect("a roll awaits its use");
    pressluck_core::columns::record::legal_text(&list)
}

/// Four dice that always offer the pair sum `c` twice: `c/2` four times for even `c` (the only
/// pairing is c+c), else `a b a b` with a+b = c.
pub fn dice_for(c: u8) -> String {
    if c.is_multiple_of(2) {
        let h = c / 2;
        format!("{h} {h} {h} {h}")
    } else {
        let a = c.saturating_sub(6).max(1);
        let b = c - a;
        format!("{a} {b} {a} {b}")
    }
}

/// Route 66 / Can't Stop: one turn climbing column `c` (of odd length on the standard board)
/// from its foot with doubles, no other cube in the way, then a stop: (len-1)/2 doubles, a
/// single step to the top, stop.
pub fn climb_and_stop(c: u8) -> String {
    let len = pressluck_core::columns::Layout::cant_stop().len(c);
    let roll = dice_for(c);
    let mut s = String::new();
    for _ in 0..(len - 1) / 2 {
        s += &format!("roll {roll}\nuse {c} {c}\n");
    }
    s + &format!("roll {roll}\nuse {c}\nstop\n")
}
