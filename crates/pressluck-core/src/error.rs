//! Error text: messages that quote user input kept on one line, TOML errors with their line.

/// `text` on one line: line breaks and other control characters escaped (`\n`, `\u{1b}`), so
/// a message quoting user input (a key, a path, a spec) never spans lines.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

/// A TOML parse error of file text `text` as `line N: message` (the line where the error's
/// span starts, counted from 1), or the message alone when the error has no span.
pub fn toml_error(text: &str, e: &toml::de::Error) -> String {
    // The parser puts what it expected on a line of its own (`invalid array` / `expected ]`):
    // joined by `: `. A line break quoted from the file stays for `one_line` to escape.
    let msg = e.message().trim().replace("\nexpected ", ": expected ");
    match e.span() {
        Some(span) => {
            let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
            format!("line {line}: {msg}")
        }
        None => msg.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_escapes_breaks_and_controls() {
        assert_eq!(one_line("a\nb\r\tc\u{1b}d"), "a\\nb\\r\\tc\\u{1b}d");
        assert_eq!(one_line("café – ok"), "café – ok");
        assert_eq!(one_line("x\u{2028}y").lines().count(), 1);
    }

    #[test]
    fn toml_errors_name_the_line_their_span_starts_on() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct File {
            a: i64,
        }
        let at = |text: &str| toml_error(text, &toml::from_str::<File>(text).unwrap_err());
        assert!(at("a = 1\nb = 2\n").starts_with("line 2: unknown field `b`"));
        assert!(at("a = 1\n\nthis is bad\n").starts_with("line 3: "));
        assert!(at("a = \"x\"").starts_with("line 1: "));
        let broken = at("a = [\n");
        assert!(
            !broken.contains('\n') && !broken.contains("\\n"),
            "{broken}"
        );
        assert!(broken.contains("invalid array: expected"), "{broken}");
    }
}
