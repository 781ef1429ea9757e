//! A run's identity: the canonical text of every setting that changes play (the game, its
//! rules, its board or deck, the seats), written field by field by each game in a fixed order
//! behind a version tag. Two runs whose texts differ play different games and never merge;
//! the text depends on no type's layout or `Debug` output, so renaming a field or a type
//! leaves it as it is. docs/csv.md ("Run identity") documents the encoding.

use std::fmt::Display;

/// The tag that opens every identity text. A change to any game's encoding changes the tag
/// (and the counters files' format), so that runs identified the old way are refused as such.
pub const IDENTITY_VERSION: &str = "pressluck-identity-2";

/// An identity text being written: the version tag, then `;key=value` fields in the order
/// they are added. Values are numbers, fixed words or lists; free text (a square's id) goes
/// through [`escape`].
#[derive(Clone, Debug)]
pub struct Identity {
    text: String,
}

impl Identity {
    /// The text of game `game` (its name on the command line): the version tag and the field
    /// `game`.
    pub fn of_game(game: &str) -> Identity {
        Identity {
            text: format!("{IDENTITY_VERSION};game={game}"),
        }
    }

    /// Adds the field `key=value`.
    pub fn field(mut self, key: &str, value: impl Display) -> Identity {
        self.text.push_str(&format!(";{key}={value}"));
        self
    }

    /// Adds a yes-or-no field: `key=1` or `key=0`.
    pub fn flag(self, key: &str, value: bool) -> Identity {
        self.field(key, u8::from(value))
    }

    /// Adds the field `key=a/b/c`: the items in order, joined by `/`.
    pub fn list<T: Display>(self, key: &str, items: impl IntoIterator<Item = T>) -> Identity {
        let joined: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
        self.field(key, joined.join("/"))
    }

    /// The finished text.
    pub fn text(self) -> String {
        self.text
    }
}

/// Free text made safe inside a field: a backslash before each `\`, `;`, `=`, `/`, `,` and
/// `:`, so no text can pass for a separator.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | ';' | '=' | '/' | ',' | ':') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_follow_the_tag_in_order() {
        let text = Identity::of_game("x")
            .field("players", 2)
            .flag("jump", true)
            .flag("gear", false)
            .list("length", [3, 5])
            .text();
        assert_eq!(
            text,
            "pressluck-identity-2;game=x;players=2;jump=1;gear=0;length=3/5"
        );
    }

    #[test]
    fn escaped_text_holds_no_bare_separator() {
        assert_eq!(escape("r0"), "r0");
        assert_eq!(escape(r"a;b=c/d,e:f\g"), r"a\;b\=c\/d\,e\:f\\g");
        assert_ne!(escape("a,b"), escape("a") + "," + &escape("b"));
    }
}
