//! Reading a record: header lines, then actions, each kept with its line number and text.

use crate::columns::set::{MAX_COLUMN, MIN_COLUMN};
use crate::columns::{Choice, Edition, GameKind, Variant};
use crate::dice::Roll;
use crate::error::one_line;
use std::fmt;

/// The header lines of a record, each with the line it stood on (`(line, value)`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `game G`.
    pub game: Option<(usize, GameKind)>,
    /// `edition E`.
    pub edition: Option<(usize, Edition)>,
    /// `variant V` lines, in order.
    pub variants: Vec<(usize, Variant)>,
    /// `players N`.
    pub players: Option<(usize, u8)>,
}

/// One action of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `roll a b c d`: the four dice of the player to move.
    Roll(Roll),
    /// `use a [b]`: the sums raced in.
    Use(Choice),
    /// `stop`: a voluntary stop.
    Stop,
}

impl fmt::Display for Action {
    /// The action as written in a record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Roll(r) => write!(f, "roll {}", dice_text(*r)),
            Action::Use(c) => write!(f, "use {c}"),
            Action::Stop => f.write_str("stop"),
        }
    }
}

/// The dice of a roll as written in a record: `2 3 4 5`, in the order rolled.
pub fn dice_text(r: Roll) -> String {
    let d = r.0;
    format!("{} {} {} {}", d[0], d[1], d[2], d[3])
}

/// An action with the (1-based) line it stood on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Line number in the record, from 1.
    pub line: usize,
    /// The action.
    pub action: Action,
}

impl Entry {
    /// Prefixes a message with this entry's line and action: `line 7: use 5 9: {msg}`.
    pub fn error(&self, msg: impl fmt::Display) -> String {
        format!("line {}: {}: {msg}", self.line, self.action)
    }
}

/// A parsed record: header and actions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The header lines.
    pub header: Header,
    /// The actions in order.
    pub actions: Vec<Entry>,
}

impl Record {
    /// Parses a record from raw bytes: like [`Record::parse`], and non-UTF-8 input is an error
    /// naming the line of the first bad byte.
    pub fn from_bytes(bytes: &[u8]) -> Result<Record, String> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Record::parse(text),
            Err(e) => {
                let at = e.valid_up_to();
                let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                Err(format!(
                    "line {line}: not UTF-8 text (bad byte at offset {at})"
                ))
            }
        }
    }

    /// Parses a record; the error names the line, what it said and what is wrong, on one line.
    pub fn parse(text: &str) -> Result<Record, String> {
        Record::parse_text(text).map_err(|e| one_line(&e))
    }

    /// [`Record::parse`] before its error is made one line.
    fn parse_text(text: &str) -> Result<Record, String> {
        let mut rec = Record::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let body = raw.split('#').next().unwrap_or("");
            let words: Vec<&str> = body.split_whitespace().collect();
            let Some((&word, args)) = words.split_first() else {
                continue;
            };
            let shown = || shown(&words);
            let fail = |msg: String| format!("line {line}: {}: {msg}", shown());
            match word {
                "roll" => {
                    let roll = parse_roll(args).map_err(fail)?;
                    rec.actions.push(Entry { line, action: Action::Roll(roll) });
                }
                "use" => {
                    let choice = parse_use(args).map_err(fail)?;
                    rec.actions.push(Entry { line, action: Action::Use(choice) });
                }
                "stop" if args.is_empty() => rec.actions.push(Entry { line, action: Action::Stop }),
                "stop" => return Err(fail("stop takes no numbers".into())),
                "game" | "edition" | "variant" | "players" => {
                    if !rec.actions.is_empty() {
                        return Err(fail(format!("header line '{word}' after the first action")));
                    }
                    rec.header.read(line, word, args).map_err(fail)?;
                }
                _ => {
                    return Err(fail(format!(
                        "unknown word '{}' (expected roll, use, stop, or before the first action: game, edition, variant, players)",
                        shown_word(word)
                    )))
                }
            }
        }
        Ok(rec)
    }
}

impl Header {
    /// Reads one header line (`word` is game, edition, variant or players).
    fn read(&mut self, line: usize, word: &str, args: &[&str]) -> Result<(), String> {
        let [value] = args else {
            return Err(format!("{word} takes one value"));
        };
        let twice = |prev: Option<usize>| match prev {
            Some(l) => Err(format!("{word} was already given on line {l}")),
            None => Ok(()),
        };
        match word {
            "game" => {
                twice(self.game.map(|g| g.0))?;
                self.game = Some((line, value.parse()?));
            }
            "edition" => {
                twice(self.edition.map(|e| e.0))?;
                self.edition = Some((line, value.parse()?));
            }
            "variant" => self.variants.push((line, value.parse()?)),
            _ => {
                twice(self.players.map(|p| p.0))?;
                let n = value.parse::<u8>().ok().filter(|n| (1..=4).contains(n));
                let n = n.ok_or_else(|| {
                    format!("players must be 1 to 4, not '{}'", shown_word(value))
                })?;
                self.players = Some((line, n));
            }
        }
        Ok(())
    }
}

/// Four dice, each 1 to 6.
fn parse_roll(args: &[&str]) -> Result<Roll, String> {
    if args.len() != 4 {
        return Err(format!("a roll is four dice, not {}", args.len()));
    }
    let mut d = [0u8; 4];
    for (slot, w) in d.iter_mut().zip(args) {
        *slot = number(w)
            .filter(|v| (1..=6).contains(v))
            .ok_or_else(|| format!("die '{}' is not a number from 1 to 6", shown_word(w)))?;
    }
    Ok(Roll(d))
}

/// One or two sums, each 2 to 12.
fn parse_use(args: &[&str]) -> Result<Choice, String> {
    if !(1..=2).contains(&args.len()) {
        return Err(format!("use takes one or two sums, not {}", args.len()));
    }
    let mut sums = [0u8; 2];
    for (slot, w) in sums.iter_mut().zip(args) {
        *slot = number(w)
            .filter(|v| (MIN_COLUMN..=MAX_COLUMN).contains(v))
            .ok_or_else(|| format!("sum '{}' is not a number from 2 to 12", shown_word(w)))?;
    }
    Ok(match args.len() {
        1 => Choice::one(sums[0]),
        _ => Choice::two(sums[0], sums[1]),
    })
}

/// A plain decimal number of at most two digits (no signs, no leading `+`).
fn number(w: &str) -> Option<u8> {
    (w.len() <= 2 && w.bytes().all(|b| b.is_ascii_digit()))
        .then(|| w.parse().ok())
        .flatten()
}

/// A line's words for an error message: joined by single spaces, escaped, at most 40 chars.
fn shown(words: &[&str]) -> String {
    shown_word(&words.join(" "))
}

/// A word for an error message: control and odd characters escaped, long text cut.
fn shown_word(w: &str) -> String {
    let escaped: String = w.chars().flat_map(char::escape_debug).collect();
    match escaped.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &escaped[..cut]),
        None => escaped,
    }
}

/// The name of an edition as written in records and on the command line.
pub fn edition_name(e: Edition) -> &'static str {
    match e {
        Edition::En => "en",
        Edition::De => "de",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_header_actions_comments_and_blanks() {
        let text = "# Anna's turn\ngame route66   # comment\nplayers 3\n\n  roll 2 3 4 5\nuse 9 5\nuse 7\nuse 7 7\n\tstop # done\n";
        let r = Record::parse(text).unwrap();
        assert_eq!(r.header.game, Some((2, GameKind::Route66)));
        assert_eq!(r.header.players, Some((3, 3)));
        let actions: Vec<(usize, Action)> = r.actions.iter().map(|e| (e.line, e.action)).collect();
        assert_eq!(
            actions,
            vec![
                (5, Action::Roll(Roll([2, 3, 4, 5]))),
                (6, Action::Use(Choice::two(5, 9))),
                (7, Action::Use(Choice::one(7))),
                (8, Action::Use(Choice::two(7, 7))),
                (9, Action::Stop),
            ]
        );
        assert_eq!(r.actions[1].action.to_string(), "use 5 9");
    }

    #[test]
    fn bad_lines_are_named() {
        let cases = [
            (
                "roll 1 2 3 7",
                "line 1: roll 1 2 3 7: die '7' is not a number from 1 to 6",
            ),
            (
                "\nroll 1 2 3",
                "line 2: roll 1 2 3: a roll is four dice, not 3",
            ),
            ("roll 1 2 3 +4", "line 1: roll 1 2 3 +4: die '+4'"),
            (
                "use 13",
                "line 1: use 13: sum '13' is not a number from 2 to 12",
            ),
            ("use", "line 1: use: use takes one or two sums, not 0"),
            ("use 5 6 7", "use takes one or two sums, not 3"),
            ("stop now", "line 1: stop now: stop takes no numbers"),
            ("jump 3", "line 1: jump 3: unknown word 'jump'"),
            (
                "roll 1 1 1 1\ngame route66",
                "line 2: game route66: header line 'game' after the first action",
            ),
            (
                "game monopoly",
                "line 1: game monopoly: unknown game 'monopoly'",
            ),
            ("edition fr", "unknown edition 'fr'"),
            ("variant turbo", "unknown variant 'turbo'"),
            (
                "players 5",
                "line 1: players 5: players must be 1 to 4, not '5'",
            ),
            ("players", "players takes one value"),
            (
                "game route66\ngame cant-stop",
                "line 2: game cant-stop: game was already given on line 1",
            ),
            (
                "\u{0}\u{1}garbage",
                "line 1: \\0\\u{1}garbage: unknown word",
            ),
        ];
        for (text, want) in cases {
            let e = Record::parse(text).unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
            assert_eq!(e.lines().count(), 1, "{e}");
        }
    }

    #[test]
    fn non_utf8_and_long_garbage_give_one_line_errors() {
        let e = Record::from_bytes(b"roll 1 2 3 4\nuse 3 7\n\xff\xfe junk").unwrap_err();
        assert_eq!(e, "line 3: not UTF-8 text (bad byte at offset 21)");
        let long = "x".repeat(500);
        let e = Record::parse(&long).unwrap_err();
        assert!(e.len() < 260 && e.contains('…'), "{e}");
        assert!(Record::from_bytes(b"roll 1 2 3 4\r\nuse 3 7\r\n").is_ok());
    }
}
