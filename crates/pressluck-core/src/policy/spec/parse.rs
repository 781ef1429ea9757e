//! Parsing a spec's text: `name` or `name:param,param` into a [`SpecKind`] with its canonical
//! name, every parameter checked. A strategy file's path is no spec here: the
//! [`StrategyBook`] reads it for the game it is named in.
//!
//! [`StrategyBook`]: crate::games::strategy_book::StrategyBook

use super::{
    canonical, rollout_name, PolicySpec, Search, SpecKind, DEFAULT_SEARCH_BUDGET,
    DEFAULT_SEARCH_HORIZON, DEFAULT_SEARCH_Z, MAX_SEARCH_BUDGET, MAX_SEARCH_HORIZON,
};
use crate::error::one_line;
use crate::policy::linear_n::{LinearParams, GLENN_LINEAR};
use crate::policy::race_aware::RaceParams;
use crate::policy::rule_of_n::{RuleParams, Ties, GLENN, KELLER};

impl PolicySpec {
    /// Parses a spec; the error is one line. A strategy's name or file is the
    /// [`StrategyBook`]'s to read.
    ///
    /// [`StrategyBook`]: crate::games::strategy_book::StrategyBook
    pub fn parse(text: &str) -> Result<PolicySpec, String> {
        PolicySpec::parse_with(text, &PolicySpec::parse)
    }

    /// Parses a spec whose inner spec (a searching player's base, `rollout:BASE`) is read by
    /// `base`: [`PolicySpec::parse`] itself, or a parse that knows strategies by name. The
    /// error is one line.
    pub fn parse_with(
        text: &str,
        base: &dyn Fn(&str) -> Result<PolicySpec, String>,
    ) -> Result<PolicySpec, String> {
        parse_text(text, base).map_err(|e| one_line(&e))
    }
}

/// `rollout:BASE[,budget=B][,z=Z][,horizon=H]` after its `rollout:`: the base read by `base`,
/// then the search's own keys from the end (no base spec has a key `budget`, `z` or
/// `horizon`), else their defaults.
fn rollout(
    params: &str,
    base: &dyn Fn(&str) -> Result<PolicySpec, String>,
) -> Result<PolicySpec, String> {
    let (mut base_text, mut budget, mut z, mut horizon) = (params.trim(), None, None, None);
    let twice = |key: &str, last: &str| format!("rollout: {key} is given twice ({last})");
    while let Some((b, last)) = base_text.rsplit_once(',') {
        let last = last.trim();
        if let Some(v) = last.strip_prefix("budget=") {
            if budget.is_some() {
                return Err(twice("budget", last));
            }
            budget = Some(search_budget(v.trim())?);
        } else if let Some(v) = last.strip_prefix("z=") {
            if z.is_some() {
                return Err(twice("z", last));
            }
            let v = v.trim();
            let margin: f64 = v
                .parse()
                .map_err(|_| format!("rollout: z={v}: '{v}' is not a number"))?;
            if !(margin.is_finite() && (0.0..=10.0).contains(&margin)) {
                return Err(format!(
                    "rollout: z={v}: the margin must be 0 to 10 standard errors"
                ));
            }
            z = Some(margin);
        } else if let Some(v) = last.strip_prefix("horizon=") {
            if horizon.is_some() {
                return Err(twice("horizon", last));
            }
            horizon = Some(search_horizon(v.trim())?);
        } else if let Some(v) = last.strip_prefix("n=") {
            return Err(format!(
                "rollout: n={}: unknown key n; the search's size is budget= (games played on per \
                 decision over all its options; n rollouts of each of two options is budget={})",
                v.trim(),
                v.trim()
                    .parse::<u64>()
                    .map_or("2n".into(), |n| (2 * n).to_string())
            ));
        } else {
            break;
        }
        base_text = b.trim();
    }
    let bare_key = ["budget=", "z=", "horizon=", "n="]
        .iter()
        .any(|k| base_text.starts_with(k));
    if base_text.is_empty() || bare_key {
        return Err(
            "rollout needs a base player first, like rollout:glenn,budget=2000 (see `pressluck policies`)"
                .into(),
        );
    }
    let searches = |t: &str| t == "rollout" || t.starts_with("rollout:");
    if searches(base_text) {
        return Err(format!(
            "rollout:{base_text}: the base player of a search cannot itself search"
        ));
    }
    let inner = base(base_text).map_err(|e| format!("rollout: base player: {e}"))?;
    if inner.search().is_some() {
        return Err(format!(
            "rollout:{base_text}: the base player of a search cannot itself search"
        ));
    }
    if matches!(inner.kind, SpecKind::Asked(_)) {
        return Err(format!(
            "rollout:{base_text}: the base player of a search is a rule the search plays \
             thousands of times, not a bot"
        ));
    }
    let search = Search {
        base: Box::new(inner),
        budget: budget.unwrap_or(DEFAULT_SEARCH_BUDGET),
        z: z.unwrap_or(DEFAULT_SEARCH_Z),
        horizon: horizon.unwrap_or(DEFAULT_SEARCH_HORIZON),
    };
    Ok(PolicySpec {
        name: rollout_name(&search.base.name, &search),
        kind: SpecKind::Rollout(search),
    })
}

/// A searching player's `budget=` value: games played on per decision.
fn search_budget(v: &str) -> Result<u32, String> {
    let count: u32 = v
        .parse()
        .map_err(|_| format!("rollout: budget={v}: '{v}' is not a whole number of games"))?;
    if count == 0 || count > MAX_SEARCH_BUDGET {
        return Err(format!(
            "rollout: budget={v}: the games played on per decision must be 1 to {MAX_SEARCH_BUDGET}"
        ));
    }
    Ok(count)
}

/// A searching player's `horizon=` value: turns, or `end` (`None`).
fn search_horizon(v: &str) -> Result<Option<u32>, String> {
    if v == "end" {
        return Ok(None);
    }
    match v.parse::<u32>() {
        Ok(h) if (1..=MAX_SEARCH_HORIZON).contains(&h) => Ok(Some(h)),
        _ => Err(format!(
            "rollout: horizon={v}: the horizon must be 1 to {MAX_SEARCH_HORIZON} turns or end"
        )),
    }
}

/// [`PolicySpec::parse_with`] before its error is made one line.
fn parse_text(
    text: &str,
    base: &dyn Fn(&str) -> Result<PolicySpec, String>,
) -> Result<PolicySpec, String> {
    let text = text.trim();
    if let Some(params) = text.strip_prefix("rollout:") {
        return rollout(params, base);
    }
    if text == "rollout" {
        return rollout("", base);
    }
    if text.ends_with(".toml") {
        return Err(format!(
            "{text}: a strategy file is read for a game (as in --policies), not as a bare spec"
        ));
    }
    let (name, params) = match text.split_once(':') {
        Some((n, p)) => (n, p.split(',').map(str::trim).collect::<Vec<_>>()),
        None => (text, Vec::new()),
    };
    let kind = match name {
        "one-roll" => {
            no_params(name, &params)?;
            SpecKind::OneRoll
        }
        "fixed-risk" => {
            let (p, rest) = params
                .split_first()
                .ok_or("fixed-risk needs a bust chance, like fixed-risk:0.3")?;
            let max_bust = probability(name, p)?;
            if max_bust >= 1.0 {
                return Err(format!(
                    "fixed-risk:{p}: the bust chance must be below 1 (at 1 it never stops)"
                ));
            }
            let stop_at_top = match rest {
                [] => true,
                ["ignore-top"] => false,
                _ => {
                    return Err(format!(
                        "fixed-risk: unknown option '{}' (expected ignore-top)",
                        rest.join(",")
                    ))
                }
            };
            SpecKind::FixedRisk {
                max_bust,
                stop_at_top,
            }
        }
        "ev" | "expected-value" => {
            no_params(name, &params)?;
            SpecKind::Ev
        }
        "optimal-turn" if params.is_empty() => SpecKind::OptimalTurn(None),
        "optimal-turn" => {
            let [w] = params[..] else {
                return Err("optimal-turn takes one parameter at most: optimal-turn:W".into());
            };
            let v: f64 = w
                .parse()
                .map_err(|_| format!("optimal-turn:{w}: '{w}' is not a number"))?;
            if !(v.is_finite() && v >= 0.0) {
                return Err(format!(
                    "optimal-turn:{w}: the worth of ending the game must be a number >= 0"
                ));
            }
            SpecKind::OptimalTurn(Some(v))
        }
        "rule28" => SpecKind::RuleOfN(preset_params(name, KELLER, &params)?),
        "glenn" => SpecKind::RuleOfN(preset_params(name, GLENN, &params)?),
        "rule-of-n" => SpecKind::RuleOfN(rule_of_n_params(&params)?),
        "race-aware" => SpecKind::RaceAware(race_aware_params(&params)?),
        "glenn-linear" => {
            // The preset takes a tie-break only, read as a Rule of N preset's.
            let mut p = GLENN_LINEAR;
            p.ties = preset_params(name, GLENN, &params)?.ties;
            SpecKind::LinearN(p)
        }
        "linear-n" => SpecKind::LinearN(linear_n_params(&params)?),
        "rolls" => {
            let [n] = params[..] else {
                return Err("rolls needs one whole number of rolls, like rolls:2".into());
            };
            let v: u16 = n
                .parse()
                .map_err(|_| format!("rolls:{n}: '{n}' is not a whole number of rolls"))?;
            if v == 0 {
                return Err("rolls:0: a turn has at least 1 roll".into());
            }
            SpecKind::Rolls(v)
        }
        "random" => {
            let [p] = params[..] else {
                return Err("random needs one stop chance, like random:0.3".into());
            };
            let v = probability(name, p)?;
            if v <= 0.0 {
                return Err(format!(
                    "random:{p}: the stop chance must be above 0 (at 0 it never stops)"
                ));
            }
            SpecKind::Random(v)
        }
        "" => return Err("empty policy name".into()),
        _ => {
            return Err(format!(
                "unknown policy '{name}' (see `pressluck policies`)"
            ))
        }
    };
    Ok(PolicySpec {
        name: canonical(&kind),
        kind,
    })
}

/// Parses the parameters of a Rule of N preset (`rule28`, `glenn`): none, or `ties=glenn`.
fn preset_params(name: &str, preset: RuleParams, params: &[&str]) -> Result<RuleParams, String> {
    let mut p = preset;
    for item in params {
        match item.split_once('=') {
            Some(("ties", v)) => p.ties = ties(name, v)?,
            _ => {
                return Err(format!(
                    "{name}: unknown parameter '{item}' (it takes only ties=glenn or ties=shared)"
                ))
            }
        }
    }
    Ok(p)
}

/// Parses a Rule of N tie-break: `shared` or `glenn`.
fn ties(name: &str, v: &str) -> Result<Ties, String> {
    match v {
        "shared" => Ok(Ties::Shared),
        "glenn" => Ok(Ties::Glenn),
        _ => Err(format!(
            "{name}: ties={v}: expected ties=shared (the shared choice rule) or ties=glenn (Glenn's move order)"
        )),
    }
}

/// Parses `rule-of-n:T[,key=value…]`: Keller's weights with threshold T, any of them replaced
/// (`progress=6/5/4/3/2/1`, `choice=1/2/3/4/5/6`, `odd=`, `even=`, `high=`, `low=`, `marker=`,
/// `ties=`).
fn rule_of_n_params(params: &[&str]) -> Result<RuleParams, String> {
    let name = "rule-of-n";
    let (t, rest) = params
        .split_first()
        .ok_or("rule-of-n needs a threshold, like rule-of-n:28")?;
    let mut p = KELLER;
    p.threshold = whole(name, "threshold", t)?;
    for item in rest {
        let (key, v) = key_value(name, item)?;
        if !rule_key(name, &mut p, key, v)? {
            return Err(format!(
                "rule-of-n: unknown parameter '{key}' (expected progress, choice, odd, even, high, low, marker or ties)"
            ));
        }
    }
    Ok(p)
}

/// Parses `race-aware:T[,key=value…]`: Glenn & Aloi's weights with threshold T, any Rule of N
/// parameter replaced as in `rule-of-n`, and the race terms (real numbers) and `reach`.
fn race_aware_params(params: &[&str]) -> Result<RaceParams, String> {
    let name = "race-aware";
    let (t, rest) = params
        .split_first()
        .ok_or("race-aware needs a threshold, like race-aware:29")?;
    let mut p = RaceParams::default();
    p.rule.threshold = whole(name, "threshold", t)?;
    for item in rest {
        let (key, v) = key_value(name, item)?;
        if rule_key(name, &mut p.rule, key, v)? {
            continue;
        }
        if key == "reach" {
            p.reach = match v.parse::<u8>() {
                Ok(r) if (1..=6).contains(&r) => r,
                _ => {
                    return Err(format!(
                        "race-aware: reach={v}: a reach is a whole number of spaces from 1 to 6"
                    ))
                }
            };
            continue;
        }
        let Some(term) = p.terms.term_mut(key) else {
            return Err(format!(
                "race-aware: unknown parameter '{key}' (expected a rule-of-n parameter, won, tops, near, car-near, opp-won, opp-near, lead, open, claim, contest or reach)"
            ));
        };
        *term = match v.parse::<f64>() {
            Ok(x) if x.is_finite() && x.abs() <= 1e6 => x,
            _ => {
                return Err(format!(
                    "race-aware: {key}={v}: '{v}' is not a number (at most 1000000 either way)"
                ))
            }
        };
    }
    Ok(p)
}

/// Parses `linear-n:T[,key=value…]`: Glenn's linear weights with threshold T, any of them
/// replaced (`progress=15/13/8/8/4/3`, `intercept=15/0/3/0/7/5`, `slope=72/48/56/44/28/32`,
/// `odd=`, `even=`, `high=`, `low=`, `marker=`, `ties=`).
fn linear_n_params(params: &[&str]) -> Result<LinearParams, String> {
    let name = "linear-n";
    let (t, rest) = params
        .split_first()
        .ok_or("linear-n needs a threshold, like linear-n:61")?;
    let mut p = GLENN_LINEAR;
    p.threshold = whole(name, "threshold", t)?;
    for item in rest {
        let (key, v) = key_value(name, item)?;
        match key {
            "intercept" => {
                for (slot, x) in p.intercept.iter_mut().zip(six(name, key, v)?) {
                    *slot = whole(name, key, x)?;
                }
            }
            "slope" => {
                for (slot, x) in p.slope.iter_mut().zip(six(name, key, v)?) {
                    *slot = match x.parse::<f64>() {
                        Ok(m) if m.is_finite() && m.abs() <= 1e6 => m,
                        _ => {
                            return Err(format!(
                            "{name}: slope={v}: '{x}' is not a number (at most 1000000 either way)"
                        ))
                        }
                    };
                }
            }
            _ => {
                let mut rule = RuleParams {
                    progress: p.progress,
                    choice: [0; 6],
                    odd: p.odd,
                    even: p.even,
                    high: p.high,
                    low: p.low,
                    marker: p.marker,
                    threshold: p.threshold,
                    ties: p.ties,
                };
                if key == "choice" || !rule_key(name, &mut rule, key, v)? {
                    return Err(format!(
                        "linear-n: unknown parameter '{key}' (expected progress, intercept, slope, odd, even, high, low, marker or ties)"
                    ));
                }
                p.progress = rule.progress;
                (p.odd, p.even, p.high, p.low) = (rule.odd, rule.even, rule.high, rule.low);
                (p.marker, p.ties) = (rule.marker, rule.ties);
            }
        }
    }
    Ok(p)
}

/// The six `/`-separated values of `key=v`, for 2/12, 3/11, 4/10, 5/9, 6/8 and 7.
fn six<'a>(name: &str, key: &str, v: &'a str) -> Result<Vec<&'a str>, String> {
    let parts: Vec<&str> = v.split('/').collect();
    if parts.len() != 6 {
        return Err(format!(
            "{name}: {key}={v}: give six values for 2/12,3/11,4/10,5/9,6/8,7 like 15/13/8/8/4/3"
        ));
    }
    Ok(parts)
}

/// Splits a `key=value` parameter of policy `name`.
fn key_value<'a>(name: &str, item: &'a str) -> Result<(&'a str, &'a str), String> {
    item.split_once('=')
        .ok_or_else(|| format!("{name}: '{item}' is not key=value"))
}

/// A whole-number parameter `key=v` of policy `name`.
fn whole(name: &str, key: &str, v: &str) -> Result<i32, String> {
    v.parse::<i32>()
        .map_err(|_| format!("{name}: {key}={v}: '{v}' is not a whole number"))
}

/// Sets the Rule of N parameter `key` (`progress`, `choice`, `odd`, `even`, `high`, `low`,
/// `marker`, `ties`) of `p` to `v`; false when `key` is none of them.
fn rule_key(name: &str, p: &mut RuleParams, key: &str, v: &str) -> Result<bool, String> {
    let weights = |v: &str| -> Result<[i32; 6], String> {
        let parts: Vec<&str> = v.split('/').collect();
        let mut w = [0; 6];
        if parts.len() != 6 {
            return Err(format!(
                "{name}: {key}={v}: give six weights for 2/12,3/11,4/10,5/9,6/8,7 like 6/5/4/3/2/1"
            ));
        }
        for (slot, x) in w.iter_mut().zip(parts) {
            *slot = whole(name, key, x)?;
        }
        Ok(w)
    };
    match key {
        "progress" => p.progress = weights(v)?,
        "choice" => p.choice = weights(v)?,
        "odd" => p.odd = whole(name, key, v)?,
        "even" => p.even = whole(name, key, v)?,
        "high" => p.high = whole(name, key, v)?,
        "low" => p.low = whole(name, key, v)?,
        "marker" => p.marker = whole(name, key, v)?,
        "ties" => p.ties = ties(name, v)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// Errors unless a policy was given no parameters.
fn no_params(name: &str, params: &[&str]) -> Result<(), String> {
    if params.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{name} takes no parameters (got '{}')",
            params.join(",")
        ))
    }
}

/// Parses a probability in [0, 1].
fn probability(name: &str, text: &str) -> Result<f64, String> {
    let v: f64 = text
        .parse()
        .map_err(|_| format!("{name}:{text}: '{text}' is not a number"))?;
    if !(0.0..=1.0).contains(&v) {
        return Err(format!("{name}:{text}: a probability must lie in 0..1"));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_malformed_specs_with_a_reason() {
        for (spec, needle) in [
            ("fixed-risk:1.5", "0..1"),
            ("fixed-risk:abc", "not a number"),
            ("fixed-risk", "needs a bust chance"),
            ("fixed-risk:1", "below 1"),
            ("one-roll:3", "no parameters"),
            ("ev:3", "no parameters"),
            ("rule28:29", "unknown parameter '29'"),
            ("glenn:ties=first", "ties=first"),
            ("rule-of-n:28,ties=x", "expected ties=shared"),
            ("rolls:0", "at least 1"),
            ("rolls:x", "not a whole number"),
            ("rolls:-1", "not a whole number"),
            ("rolls", "needs one whole number"),
            ("rolls:2,3", "needs one whole number"),
            ("random:0", "above 0"),
            ("random:2", "0..1"),
            ("random:x", "not a number"),
            ("random", "needs one stop chance"),
            ("rule-of-n", "needs a threshold"),
            ("rule-of-n:x", "not a whole number"),
            ("rule-of-n:28,speed=3", "unknown parameter 'speed'"),
            ("rule-of-n:28,odd", "not key=value"),
            ("rule-of-n:28,progress=1/2/3", "six weights"),
            ("race-aware", "needs a threshold"),
            ("linear-n", "needs a threshold"),
            ("linear-n:x", "not a whole number"),
            (
                "linear-n:61,choice=1/2/3/4/5/6",
                "unknown parameter 'choice'",
            ),
            ("linear-n:61,slope=1/2/3", "six values"),
            ("linear-n:61,slope=1/2/3/4/5/nan", "'nan' is not a number"),
            ("linear-n:61,intercept=1/2/3/4/5/1.5", "not a whole number"),
            ("linear-n:61,odd=1.5", "not a whole number"),
            ("glenn-linear:61", "unknown parameter '61'"),
            ("glenn-linear:ties=x", "expected ties=shared"),
            ("race-aware:29,won=x", "won=x"),
            ("race-aware:29,won=inf", "not a number"),
            ("race-aware:29,reach=0", "1 to 6"),
            ("race-aware:29,speed=1", "unknown parameter 'speed'"),
            ("race-aware:29,marker=1.5", "not a whole number"),
            ("fixed-risk:0.3,foo", "unknown option"),
            ("nope", "unknown policy 'nope'"),
            ("", "empty"),
            ("missing.toml", "missing.toml"),
        ] {
            let e = PolicySpec::parse(spec).unwrap_err();
            assert!(e.contains(needle), "{spec}: {e}");
        }
    }
}
