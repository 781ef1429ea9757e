//! Sweep templates: a policy spec holding one range `{a..b}` or `{a..b step s}`, expanded into
//! the spec texts of its points (`fixed-risk:{0.05..0.6 step 0.05}` → `fixed-risk:0.05`, …).
//! Numbers are exact decimals, so `0.05 + 0.05` is `0.1`, never `0.15000000000000002`.

/// Most points a template may expand to.
pub const MAX_POINTS: usize = 1000;

/// Most digits after the decimal point in a range's numbers.
const MAX_SCALE: u32 = 9;

/// One point of a sweep: the parameter value as written in outputs and the spec text it makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// The value, shortest decimal form (`0.1`, `28`, `-2`).
    pub parameter: String,
    /// The template with the range replaced by the value.
    pub spec: String,
}

/// A decimal number: `units` × 10^−`scale`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Decimal {
    units: i128,
    scale: u32,
}

impl Decimal {
    /// Whether it is a whole number (`3`, `-2`, `4.0`).
    fn is_whole(self) -> bool {
        self.units % 10i128.pow(self.scale) == 0
    }

    /// Parses `-12.50`, `3`, `+0.05`: an optional sign, digits, an optional fraction.
    fn parse(text: &str) -> Result<Decimal, String> {
        let bad = || format!("'{text}' is not a decimal number");
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.len() + frac.len() == 0 || !digits(whole) || !digits(frac) {
            return Err(bad());
        }
        if frac.len() as u32 > MAX_SCALE || whole.len() > 18 {
            return Err(format!(
                "'{text}': at most 18 digits before the point and {MAX_SCALE} after"
            ));
        }
        let units: i128 = format!("{whole}{frac}").parse().map_err(|_| bad())?;
        Ok(Decimal {
            units: if negative { -units } else { units },
            scale: frac.len() as u32,
        })
    }

    /// The same number in units of 10^−`scale` (`scale` ≥ its own).
    fn at(self, scale: u32) -> i128 {
        self.units * 10i128.pow(scale - self.scale)
    }
}

/// `units` × 10^−`scale` in its shortest decimal form.
fn format_units(units: i128, scale: u32) -> String {
    let p = 10i128.pow(scale);
    let (whole, frac) = (units.abs() / p, units.abs() % p);
    let sign = if units < 0 { "-" } else { "" };
    if frac == 0 {
        return format!("{sign}{whole}");
    }
    let frac = format!("{frac:0width$}", width = scale as usize);
    format!("{sign}{whole}.{}", frac.trim_end_matches('0'))
}

/// The range inside the braces: `a..b` or `a..b step s` (step 1 when not given, for whole
/// bounds only: `{0.1..0.5}` asks for its step).
fn parse_range(inner: &str) -> Result<(Decimal, Decimal, Decimal), String> {
    let (range, step) = match inner.split_once("step") {
        Some((r, s)) => (r.trim(), Some(s.trim())),
        None => (inner.trim(), None),
    };
    let (a, b) = range.split_once("..").ok_or_else(|| {
        format!("'{{{inner}}}' is not a range like {{1..8}} or {{0.1..0.5 step 0.1}}")
    })?;
    let start = Decimal::parse(a.trim())?;
    let end = Decimal::parse(b.trim())?;
    let step = match step {
        Some(s) => Decimal::parse(s)?,
        None if start.is_whole() && end.is_whole() => Decimal { units: 1, scale: 0 },
        None => {
            return Err(format!(
            "the range {{{}}} has decimal bounds and no step: give one, like {{{}..{} step 0.1}}",
            inner.trim(),
            a.trim(),
            b.trim()
        ))
        }
    };
    Ok((start, end, step))
}

/// Expands a template into its points, in increasing order of the parameter. The range must
/// be the template's only `{…}`; the end is included when the steps land on it exactly.
pub fn expand(template: &str) -> Result<Vec<Point>, String> {
    let open = template.find('{');
    let close = template.find('}');
    let (Some(open), Some(close)) = (open, close) else {
        return Err(format!(
            "'{template}' has no range to sweep: write one like fixed-risk:{{0.05..0.6 step 0.05}}"
        ));
    };
    if close < open
        || template[close + 1..].contains(['{', '}'])
        || template[open + 1..close].contains('{')
    {
        return Err(format!(
            "'{template}': a template holds exactly one range in braces"
        ));
    }
    let (start, end, step) =
        parse_range(&template[open + 1..close]).map_err(|e| format!("'{template}': {e}"))?;
    let scale = start.scale.max(end.scale).max(step.scale);
    let (a, b, s) = (start.at(scale), end.at(scale), step.at(scale));
    if s <= 0 {
        return Err(format!("'{template}': the step must be above 0"));
    }
    if a > b {
        return Err(format!(
            "'{template}': the range is empty (its start is above its end)"
        ));
    }
    let count = (b - a) / s + 1;
    if count > MAX_POINTS as i128 {
        return Err(format!(
            "'{template}': {count} points; a sweep takes at most {MAX_POINTS}"
        ));
    }
    let (prefix, suffix) = (&template[..open], &template[close + 1..]);
    Ok((0..count)
        .map(|i| {
            let parameter = format_units(a + i * s, scale);
            Point {
                spec: format!("{prefix}{parameter}{suffix}"),
                parameter,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(t: &str) -> Vec<String> {
        expand(t)
            .unwrap()
            .into_iter()
            .map(|p| p.parameter)
            .collect()
    }

    #[test]
    fn decimal_ranges_are_exact() {
        let p = params("fixed-risk:{0.05..0.60 step 0.05}");
        assert_eq!(p.len(), 12);
        assert_eq!(p[..3], ["0.05", "0.1", "0.15"]);
        assert_eq!(p[11], "0.6");
        let pts = expand("fixed-risk:{0.1..0.3 step 0.1},ignore-top").unwrap();
        assert_eq!(pts[2].spec, "fixed-risk:0.3,ignore-top");
    }

    #[test]
    fn integer_ranges_step_one_by_default() {
        assert_eq!(params("rolls:{1..4}"), ["1", "2", "3", "4"]);
        assert_eq!(params("rule-of-n:{20..36 step 2}").len(), 9);
        assert_eq!(params("x:{-2..2 step 2}"), ["-2", "0", "2"]);
        // The end is kept only when a step lands on it.
        assert_eq!(params("press:{1..6 step 2}"), ["1", "3", "5"]);
        assert_eq!(params("press:{ 3 .. 3 }"), ["3"]);
        assert_eq!(params("x:{1.0..3}"), ["1", "2", "3"]);
    }

    #[test]
    fn bad_templates_say_why() {
        for (t, why) in [
            ("fixed-risk:0.3", "no range"),
            ("rolls:{1..8", "no range"),
            ("rolls:}1..8{", "exactly one"),
            ("rolls:{1..2}{3..4}", "exactly one"),
            ("rolls:{1-8}", "not a range"),
            ("rolls:{8..1}", "empty"),
            ("rolls:{1..8 step 0}", "above 0"),
            ("rolls:{1..8 step -1}", "above 0"),
            ("rolls:{1..x}", "not a decimal"),
            ("rolls:{1..1e3}", "not a decimal"),
            ("rolls:{..3}", "not a decimal"),
            ("rolls:{1..5000}", "at most 1000"),
            ("rolls:{0..1 step 0.0000000001}", "digits"),
            ("rolls:{0..99999999999999999999}", "digits"),
            (
                "fixed-risk:{0.1..0.5}",
                "give one, like {0.1..0.5 step 0.1}",
            ),
            ("fixed-risk:{0..0.5}", "decimal bounds and no step"),
        ] {
            let e = expand(t).unwrap_err();
            assert!(e.contains(why), "{t}: {e}");
        }
    }
}
