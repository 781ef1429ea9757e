//! Helpers shared by the rulebook tests: replaying records and writing long ones.
#![allow(dead_code)]

use pressluck::columns::Rules;
use pressluck::transcript::{play, Overrides, Record, Replay, Setup};

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
    pressluck::transcript::legal_text(&list)
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
    let len = pressluck::columns::Layout::cant_stop().len(c);
    let roll = dice_for(c);
    let mut s = String::new();
    for _ in 0..(len - 1) / 2 {
        s += &format!("roll {roll}\nuse {c} {c}\n");
    }
    s + &format!("roll {roll}\nuse {c}\nstop\n")
}

/// Runs `pressluck` with `args`; panics with its stderr unless it succeeds. Returns stdout.
pub fn stdout_of<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Vec<u8> {
    let out = assert_cmd::Command::cargo_bin("pressluck")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// [`stdout_of`], parsed as one JSON value.
pub fn json_of<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> serde_json::Value {
    serde_json::from_slice(&stdout_of(args)).unwrap()
}

/// A CSV table read by its header, so tests name the columns they check.
pub struct Table {
    /// The header's column names.
    pub header: Vec<String>,
    /// The rows, each a field per column.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Parses CSV text with a header row.
    pub fn parse(text: &str) -> Table {
        let mut r = csv::Reader::from_reader(text.as_bytes());
        let header = r.headers().unwrap().iter().map(String::from).collect();
        let rows = r
            .records()
            .map(|rec| rec.unwrap().iter().map(String::from).collect())
            .collect();
        Table { header, rows }
    }

    /// The index of column `name`; panics naming it when there is none.
    pub fn col(&self, name: &str) -> usize {
        self.header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column '{name}' in {:?}", self.header))
    }

    /// Field `name` of row `i`.
    pub fn get(&self, i: usize, name: &str) -> &str {
        &self.rows[i][self.col(name)]
    }

    /// Field `name` of row `i` as a number.
    pub fn num(&self, i: usize, name: &str) -> f64 {
        let v = self.get(i, name);
        v.parse()
            .unwrap_or_else(|_| panic!("'{v}' in column '{name}' is not a number"))
    }

    /// The indices of the rows whose fields match every `(column, value)`.
    pub fn find(&self, wanted: &[(&str, &str)]) -> Vec<usize> {
        (0..self.rows.len())
            .filter(|&i| wanted.iter().all(|(c, v)| self.get(i, c) == *v))
            .collect()
    }

    /// The one row matching every `(column, value)`; panics unless exactly one does.
    pub fn one(&self, wanted: &[(&str, &str)]) -> usize {
        let found = self.find(wanted);
        assert_eq!(found.len(), 1, "rows matching {wanted:?}: {found:?}");
        found[0]
    }
}
