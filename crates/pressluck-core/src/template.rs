//! Policy templates: a policy spec holding ranges in braces.
//!
//! - A sweep's template holds one range, `{a..b}` (whole bounds, step 1) or `{a..b step s}`,
//!   expanded into the spec texts of its points (`fixed-risk:{0.05..0.6 step 0.05}` →
//!   `fixed-risk:0.05`, …) by [`expand`]. Without a step it walks in steps of 1, so its bounds
//!   must be whole numbers (`{1..4}`, `{1.0..3}`); `{0.1..0.5}` asks for a step.
//! - A tuning template ([`SearchSpace`]) holds one or more ranges, each the bounds of one
//!   parameter: `{a..b}` is whole when both bounds are written without a decimal point
//!   (`{20..40}`) and real when either has one (`{-6.0..6.0}`, `{0..1.0}`: any value, to 4
//!   decimals more than the bounds show), `{a..b step s}` takes the values on that grid, and
//!   `from x` (`{20..40 from 29}`) says where the search starts (else the middle).
//!
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

/// Most ranges a tuning template holds.
pub const MAX_DIMENSIONS: usize = 32;

/// Decimals a value of a real range without a step is given, beyond its bounds' own.
const REAL_DECIMALS: u32 = 4;

/// One parameter of a tuning template: its bounds, its grid and where the search starts.
#[derive(Clone, Debug, PartialEq)]
struct Dimension {
    /// Lower and upper bounds, in units of 10^−`scale`.
    lo: i128,
    hi: i128,
    /// The grid's step in the same units (1 unit when no step was given).
    step: i128,
    /// The start, in the same units.
    start: i128,
    /// The decimals values are written with.
    scale: u32,
    /// The bounds as written (`-6.0`, `6.0`).
    bounds_text: (String, String),
    /// The range as written, in its braces (`{-6.0..6.0}`).
    text: String,
}

impl Dimension {
    /// The value at `u` in 0..=1 of the bounds, on the grid, in units of 10^−`scale`.
    fn value(&self, u: f64) -> i128 {
        let u = if u.is_nan() { 0.5 } else { u.clamp(0.0, 1.0) };
        let steps = (self.hi - self.lo) / self.step;
        self.lo + ((u * steps as f64).round() as i128).clamp(0, steps) * self.step
    }

    /// The highest value on the grid, in units.
    fn top(&self) -> i128 {
        self.lo + (self.hi - self.lo) / self.step * self.step
    }

    /// Where `value` (in units) lies in 0..=1 of the bounds.
    fn unit(&self, value: i128) -> f64 {
        if self.hi == self.lo {
            0.5
        } else {
            (value - self.lo) as f64 / (self.hi - self.lo) as f64
        }
    }
}

/// A tuning template: a policy spec with one or more ranges (see the module comment). A point
/// of the search is given in unit coordinates, each 0..=1 of its range.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSpace {
    /// The text around the ranges: one more piece than ranges.
    pieces: Vec<String>,
    /// The ranges, in order.
    dims: Vec<Dimension>,
}

impl SearchSpace {
    /// Reads a tuning template; the error says what is wrong with which range.
    pub fn parse(template: &str) -> Result<SearchSpace, String> {
        let mut pieces = Vec::new();
        let mut dims = Vec::new();
        let mut rest = template;
        while let Some(open) = rest.find(['{', '}']) {
            if rest[open..].starts_with('}') {
                return Err(format!("'{template}': a '}}' without its '{{'"));
            }
            let close = rest[open..]
                .find('}')
                .map(|c| open + c)
                .ok_or_else(|| format!("'{template}': a '{{' without its '}}'"))?;
            if rest[open + 1..close].contains('{') {
                return Err(format!("'{template}': ranges do not nest"));
            }
            pieces.push(rest[..open].to_string());
            dims.push(dimension(&rest[open + 1..close]).map_err(|e| format!("'{template}': {e}"))?);
            rest = &rest[close + 1..];
        }
        pieces.push(rest.to_string());
        if dims.is_empty() {
            return Err(format!(
                "'{template}' has no range to tune: write one like rule-of-n:{{20..40 from 29}}"
            ));
        }
        if dims.len() > MAX_DIMENSIONS {
            return Err(format!(
                "'{template}': {} ranges; a template takes at most {MAX_DIMENSIONS}",
                dims.len()
            ));
        }
        Ok(SearchSpace { pieces, dims })
    }

    /// The number of ranges.
    pub fn dimensions(&self) -> usize {
        self.dims.len()
    }

    /// The start of the search, in unit coordinates.
    pub fn start(&self) -> Vec<f64> {
        self.dims.iter().map(|d| d.unit(d.start)).collect()
    }

    /// The spec text at the point `unit` (one coordinate a range, each 0..=1, clamped).
    pub fn spec(&self, unit: &[f64]) -> String {
        let mut out = self.pieces[0].clone();
        for (i, d) in self.dims.iter().enumerate() {
            out += &format_units(d.value(unit.get(i).copied().unwrap_or(0.5)), d.scale);
            out += &self.pieces[i + 1];
        }
        out
    }

    /// Each range's value in `spec`, a spec this template made, in units of its scale; `None`
    /// when `spec` is not one of the template's.
    fn values(&self, spec: &str) -> Option<Vec<i128>> {
        let mut rest = spec.strip_prefix(self.pieces[0].as_str())?;
        let mut out = Vec::with_capacity(self.dims.len());
        for (d, piece) in self.dims.iter().zip(&self.pieces[1..]) {
            let len = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '-' || c == '.'))
                .unwrap_or(rest.len());
            let v = Decimal::parse(&rest[..len]).ok()?;
            if v.scale > d.scale {
                return None;
            }
            out.push(v.at(d.scale));
            rest = rest[len..].strip_prefix(piece.as_str())?;
        }
        rest.is_empty().then_some(out)
    }

    /// The parameters of `spec` (a spec this template made) that sit at the lowest or highest
    /// value of their range, in the template's order: a search that ends there may have been
    /// stopped by the box rather than by the game.
    pub fn edges(&self, spec: &str) -> Vec<Edge> {
        let Some(values) = self.values(spec) else {
            return Vec::new();
        };
        let names = parameter_names(&self.pieces);
        let mut out = Vec::new();
        for ((d, v), name) in self.dims.iter().zip(values).zip(names) {
            let (upper, value) = if v == d.lo {
                (false, d.bounds_text.0.clone())
            } else if v == d.top() && d.top() == d.hi {
                (true, d.bounds_text.1.clone())
            } else if v == d.top() {
                (true, format_units(v, d.scale))
            } else {
                continue;
            };
            out.push(Edge {
                name,
                value,
                upper,
                range: d.text.clone(),
            });
        }
        out
    }

    /// The spec texts at the corners of each range (one range at a bound, the others at the
    /// start): a parameter's domain is checked by parsing them.
    pub fn corners(&self) -> Vec<String> {
        let start = self.start();
        let mut out = Vec::new();
        for i in 0..self.dims.len() {
            for bound in [0.0, 1.0] {
                let mut u = start.clone();
                u[i] = bound;
                out.push(self.spec(&u));
            }
        }
        out
    }
}

/// A tuning range's inside: `a..b`, `a..b step s`, either followed by `from x`.
fn dimension(inner: &str) -> Result<Dimension, String> {
    let (range, from) = match inner.split_once("from") {
        Some((r, f)) => (r.trim(), Some(f.trim())),
        None => (inner.trim(), None),
    };
    let (body, step) = match range.split_once("step") {
        Some((r, s)) => (r.trim(), Some(Decimal::parse(s.trim())?)),
        None => (range, None),
    };
    let (a, b) = body.split_once("..").ok_or_else(|| {
        format!("'{{{inner}}}' is not a range like {{20..40}}, {{0.1..0.5}} or {{1..8 step 2}}")
    })?;
    let (lo, hi) = (Decimal::parse(a.trim())?, Decimal::parse(b.trim())?);
    let from = from.map(Decimal::parse).transpose()?;
    // Whole only when both bounds are written as whole numbers: `{-6.0..6.0}` is real.
    let whole = !a.contains('.') && !b.contains('.');
    let mut scale = lo.scale.max(hi.scale);
    if step.is_none() && !whole {
        scale += REAL_DECIMALS;
    }
    scale = scale
        .max(step.map_or(0, |s| s.scale))
        .max(from.map_or(0, |f| f.scale));
    if scale > MAX_SCALE + REAL_DECIMALS {
        return Err(format!("'{{{inner}}}': too many digits after the point"));
    }
    let (l, h) = (lo.at(scale), hi.at(scale));
    // Without a step: whole values between whole bounds, else every value at this scale.
    let s = match step {
        Some(s) => s.at(scale),
        None if whole => Decimal { units: 1, scale: 0 }.at(scale),
        None => 1,
    };
    if s <= 0 {
        return Err(format!("'{{{inner}}}': the step must be above 0"));
    }
    if l >= h {
        return Err(format!(
            "'{{{inner}}}': a range to tune needs its start below its end"
        ));
    }
    let start = match from {
        Some(f) => f.at(scale),
        None => l + ((h - l) / s / 2) * s,
    };
    if start < l || start > h || (start - l) % s != 0 {
        return Err(format!(
            "'{{{inner}}}': from {} is not a value of the range",
            format_units(start, scale)
        ));
    }
    Ok(Dimension {
        lo: l,
        hi: h,
        step: s,
        start,
        scale,
        bounds_text: (a.trim().to_string(), b.trim().to_string()),
        text: format!("{{{}}}", inner.trim()),
    })
}

/// A parameter of a tuned spec that sits at a bound of its range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The parameter's name: the key before its range (`won`), the policy's name for its
    /// first value (`race-aware`), or a list's key and place (`progress value 2`).
    pub name: String,
    /// Its value, as the bound is written (`6.0`).
    pub value: String,
    /// Whether it is the upper bound (else the lower).
    pub upper: bool,
    /// The range as written, in its braces (`{-6.0..6.0}`).
    pub range: String,
}

impl std::fmt::Display for Edge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} = {} is at the {} edge of {}: the box may be too small",
            self.name,
            self.value,
            if self.upper { "upper" } else { "lower" },
            self.range
        )
    }
}

/// The key a range follows in `piece` (the template text before it): `won` of `,won=`, the
/// policy's name of `race-aware:`; `None` when the range is one more value of a list
/// (`/` in `progress={0..14}/{0..14}`).
fn key_before(piece: &str) -> Option<&str> {
    let tail = piece.rsplit(',').next().unwrap_or(piece);
    let key = tail
        .strip_suffix('=')
        .or_else(|| tail.strip_suffix(':'))?
        .trim();
    (!key.is_empty() && !key.contains([':', '='])).then_some(key)
}

/// The names of the ranges, in order: each range's key, and for a key holding a list of
/// ranges, the key and the value's place (`progress value 2`).
fn parameter_names(pieces: &[String]) -> Vec<String> {
    let n = pieces.len() - 1;
    let keys: Vec<Option<&str>> = pieces[..n].iter().map(|p| key_before(p)).collect();
    let mut names = Vec::with_capacity(n);
    let (mut key, mut place) = (None, 0);
    for i in 0..n {
        match keys[i] {
            Some(k) => (key, place) = (Some(k), 1),
            None => place += 1,
        }
        let listed = place > 1 || keys.get(i + 1).is_some_and(|k| k.is_none());
        names.push(match key {
            Some(k) if listed => format!("{k} value {place}"),
            Some(k) => k.to_string(),
            None => format!("parameter {}", i + 1),
        });
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tuning_template_maps_unit_points_to_specs() {
        let t = SearchSpace::parse("rule-of-n:{20..40 from 29},odd={0..10},x={0.1..0.5}").unwrap();
        assert_eq!(t.dimensions(), 3);
        let start = t.start();
        assert_eq!(t.spec(&start), "rule-of-n:29,odd=5,x=0.3");
        assert_eq!(t.spec(&[0.0, 1.0, 0.0]), "rule-of-n:20,odd=10,x=0.1");
        assert_eq!(
            t.spec(&[1.0, 0.26, 0.12345]),
            "rule-of-n:40,odd=3,x=0.14938"
        );
        assert_eq!(t.spec(&[2.0, -1.0, f64::NAN]), "rule-of-n:40,odd=0,x=0.3");
        let g = SearchSpace::parse("fixed-risk:{0.1..0.5 step 0.05}").unwrap();
        assert_eq!(g.spec(&[0.51]), "fixed-risk:0.3");
        assert_eq!(g.corners(), ["fixed-risk:0.1", "fixed-risk:0.5"]);
    }

    #[test]
    fn a_decimal_point_in_either_bound_makes_a_range_real() {
        let t = SearchSpace::parse("race-aware:{5..45},won={-6.0..6.0},x={0..1.0}").unwrap();
        assert_eq!(t.spec(&t.start()), "race-aware:25,won=0,x=0.5");
        assert_eq!(t.spec(&[0.5, 0.3, 0.123]), "race-aware:25,won=-2.4,x=0.123");
        assert_eq!(
            t.spec(&[0.5, 0.61234, 0.0]),
            "race-aware:25,won=1.34808,x=0"
        );
        // Whole bounds stay whole; a step makes a grid.
        let w = SearchSpace::parse("x:{-6..6},y={0.0..1.0 step 0.5}").unwrap();
        assert_eq!(w.spec(&[0.3, 0.3]), "x:-2,y=0.5");
    }

    #[test]
    fn a_spec_at_a_bound_names_its_edge() {
        let t = SearchSpace::parse("race-aware:{5..45 from 29},won={-6.0..6.0},g={1..6 step 2}")
            .unwrap();
        let edges = t.edges("race-aware:29,won=6,g=1");
        let text: Vec<String> = edges.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            text,
            [
                "won = 6.0 is at the upper edge of {-6.0..6.0}: the box may be too small",
                "g = 1 is at the lower edge of {1..6 step 2}: the box may be too small",
            ]
        );
        let top = t.edges("race-aware:5,won=-1.5,g=5");
        assert_eq!(
            (top[0].name.as_str(), top[0].upper, top[1].value.as_str()),
            ("race-aware", false, "5")
        );
        assert!(top[1].upper, "5 is the grid's last value");
        assert!(t.edges("race-aware:29,won=-5.99999,g=3").is_empty());
        assert!(t.edges("another:29").is_empty(), "not the template's spec");
        let list =
            SearchSpace::parse("race-aware:{5..45},progress={0..14}/{0..14}/{0..14},x={0..2}")
                .unwrap();
        let names: Vec<String> = list
            .edges("race-aware:5,progress=0/3/14,x=2")
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(
            names,
            ["race-aware", "progress value 1", "progress value 3", "x"]
        );
        let bare = SearchSpace::parse("{1..3}").unwrap();
        assert_eq!(bare.edges("3")[0].name, "parameter 1");
    }

    #[test]
    fn bad_tuning_templates_say_why() {
        for (t, why) in [
            ("rule28", "no range"),
            ("x:{1..2", "without its '}'"),
            ("x:1..2}", "without its '{'"),
            ("x:{{1..2}}", "do not nest"),
            ("x:{3..3}", "start below its end"),
            ("x:{5..1}", "start below its end"),
            ("x:{1..8 step 0}", "above 0"),
            ("x:{1..8 from 9}", "not a value"),
            ("x:{1..8 step 2 from 2}", "not a value"),
            ("x:{a..8}", "not a decimal"),
        ] {
            let e = SearchSpace::parse(t).unwrap_err();
            assert!(e.contains(why), "{t}: {e}");
        }
    }

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
