//! Numbers as a reader expects them, in text, tables and JSON alike: fixed decimals with no
//! negative zero (`-0.00` reads as a loss of nothing), differences with their sign (`+3.21`,
//! `-1.20`, `+0.00`), and counts with their noun in the singular or the plural (`1 error`,
//! `2 errors`).

/// `x` with `decimals` digits after the point; a value that rounds to zero is written without
/// a sign (`0.00`, never `-0.00`).
pub fn fixed(x: f64, decimals: usize) -> String {
    let text = format!("{x:.decimals$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => text,
    }
}

/// `x` with its sign and `decimals` digits after the point: `+3.21`, `-1.20`; a value that
/// rounds to zero is `+0.00`.
pub fn signed(x: f64, decimals: usize) -> String {
    let text = fixed(x, decimals);
    if text.starts_with('-') {
        text
    } else {
        format!("+{text}")
    }
}

/// `x` as a JSON number never written `-0.0`: negative zero becomes zero.
pub fn json_number(x: f64) -> f64 {
    x + 0.0
}

/// `n` and its noun: `one` for 1, else `many` (`count(1, "error", "errors")` is `1 error`).
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_negative_zero_and_signed_differences() {
        assert_eq!(fixed(-0.0, 2), "0.00");
        assert_eq!(fixed(-0.004, 2), "0.00");
        assert_eq!(fixed(-0.005_1, 2), "-0.01");
        assert_eq!(fixed(-0.0, 0), "0");
        assert_eq!(fixed(-12.5, 1), "-12.5");
        assert_eq!(fixed(3.0, 4), "3.0000");
        assert_eq!(signed(-0.0, 2), "+0.00");
        assert_eq!(signed(-0.001, 3), "-0.001");
        assert_eq!(signed(311.7, 2), "+311.70");
        assert_eq!(signed(-111.7, 2), "-111.70");
        assert!(json_number(-0.0).is_sign_positive());
        assert_eq!(json_number(-0.5), -0.5);
    }

    #[test]
    fn counts_take_the_singular_for_one() {
        assert_eq!(count(1, "error", "errors"), "1 error");
        assert_eq!(count(0, "error", "errors"), "0 errors");
        assert_eq!(
            count(2, "successful roll", "successful rolls"),
            "2 successful rolls"
        );
    }
}
