//! Policy specs: `name` or `name:param,param` on the command line, or a path to a
//! `strategies/NAME.toml` file holding a named, documented spec.

use super::ev::ExpectedValue;
use super::fixed_risk::FixedRisk;
use super::one_roll::OneRoll;
use super::optimal_turn::OptimalTurn;
use super::random::RandomStop;
use super::rolls::Rolls;
use super::rule_of_n::{RuleOfN, RuleParams, GLENN, KELLER};
use super::AnyPolicy;
use crate::columns::Rules;
use crate::error::one_line;
use std::fmt;
use std::path::Path;

/// A parsed, validated policy spec: what to build, and the name it reports under.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicySpec {
    /// The name in outputs: the canonical spec (`fixed-risk:0.3`) or a strategy file's name.
    pub name: String,
    /// What to build.
    pub kind: SpecKind,
}

/// The built-in policy families with their parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum SpecKind {
    /// `one-roll`.
    OneRoll,
    /// `fixed-risk:P[,ignore-top]`.
    FixedRisk {
        /// Highest bust chance still worth a roll.
        max_bust: f64,
        /// Stop as soon as a car stands on a scoring space.
        stop_at_top: bool,
    },
    /// `ev` (or `expected-value`).
    Ev,
    /// `optimal-turn`.
    OptimalTurn(Option<f64>),
    /// `rule28`, `glenn`, `rule-of-n:T[,…]`.
    RuleOfN(RuleParams),
    /// `rolls:N`.
    Rolls(u16),
    /// `random:P`.
    Random(f64),
}

impl fmt::Display for PolicySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl PolicySpec {
    /// Parses a spec (or loads a strategy file when the text ends in `.toml`); the error is one
    /// line.
    pub fn parse(text: &str) -> Result<PolicySpec, String> {
        PolicySpec::parse_text(text).map_err(|e| one_line(&e))
    }

    /// [`PolicySpec::parse`] before its error is made one line.
    fn parse_text(text: &str) -> Result<PolicySpec, String> {
        let text = text.trim();
        if text.ends_with(".toml") {
            return load_strategy(Path::new(text));
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
            "rule28" => {
                no_params(name, &params)?;
                SpecKind::RuleOfN(KELLER)
            }
            "glenn" => {
                no_params(name, &params)?;
                SpecKind::RuleOfN(GLENN)
            }
            "rule-of-n" => SpecKind::RuleOfN(rule_of_n_params(&params)?),
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

    /// Builds the policy for a game.
    pub fn build(&self, rules: &Rules) -> AnyPolicy {
        let _ = rules;
        match self.kind {
            SpecKind::OneRoll => AnyPolicy::OneRoll(OneRoll),
            SpecKind::FixedRisk {
                max_bust,
                stop_at_top,
            } => AnyPolicy::FixedRisk(FixedRisk::new(max_bust, stop_at_top)),
            SpecKind::Ev => AnyPolicy::Ev(Box::new(ExpectedValue::new())),
            SpecKind::OptimalTurn(w) => {
                AnyPolicy::OptimalTurn(Box::new(OptimalTurn::with_end_worth(w)))
            }
            SpecKind::RuleOfN(params) => AnyPolicy::RuleOfN(RuleOfN { params }),
            SpecKind::Rolls(n) => AnyPolicy::Rolls(Rolls { n }),
            SpecKind::Random(p_stop) => AnyPolicy::Random(RandomStop { p_stop }),
        }
    }
}

/// The canonical spec text of a kind.
fn canonical(kind: &SpecKind) -> String {
    match kind {
        SpecKind::OneRoll => "one-roll".into(),
        SpecKind::FixedRisk {
            max_bust,
            stop_at_top: true,
        } => format!("fixed-risk:{max_bust}"),
        SpecKind::FixedRisk {
            max_bust,
            stop_at_top: false,
        } => format!("fixed-risk:{max_bust},ignore-top"),
        SpecKind::Ev => "ev".into(),
        SpecKind::OptimalTurn(None) => "optimal-turn".into(),
        SpecKind::OptimalTurn(Some(w)) => format!("optimal-turn:{w}"),
        SpecKind::RuleOfN(p) if *p == KELLER => "rule28".into(),
        SpecKind::RuleOfN(p) if *p == GLENN => "glenn".into(),
        SpecKind::RuleOfN(p)
            if RuleParams {
                threshold: KELLER.threshold,
                ..*p
            } == KELLER =>
        {
            format!("rule-of-n:{}", p.threshold)
        }
        SpecKind::RuleOfN(p) => {
            let join = |w: &[i32; 6]| w.map(|x| x.to_string()).join("/");
            format!(
                "rule-of-n:{},progress={},choice={},odd={},even={},high={},low={},marker={}",
                p.threshold,
                join(&p.progress),
                join(&p.choice),
                p.odd,
                p.even,
                p.high,
                p.low,
                p.marker
            )
        }
        SpecKind::Rolls(n) => format!("rolls:{n}"),
        SpecKind::Random(p) => format!("random:{p}"),
    }
}

/// Parses `rule-of-n:T[,key=value…]`: Keller's weights with threshold T, any of them replaced
/// (`progress=6/5/4/3/2/1`, `choice=1/2/3/4/5/6`, `odd=`, `even=`, `high=`, `low=`, `marker=`).
fn rule_of_n_params(params: &[&str]) -> Result<RuleParams, String> {
    let (t, rest) = params
        .split_first()
        .ok_or("rule-of-n needs a threshold, like rule-of-n:28")?;
    let int = |key: &str, v: &str| {
        v.parse::<i32>()
            .map_err(|_| format!("rule-of-n: {key}={v}: '{v}' is not a whole number"))
    };
    let mut p = KELLER;
    p.threshold = int("threshold", t)?;
    for item in rest {
        let (key, v) = item
            .split_once('=')
            .ok_or_else(|| format!("rule-of-n: '{item}' is not key=value"))?;
        let weights = |v: &str| -> Result<[i32; 6], String> {
            let parts: Vec<&str> = v.split('/').collect();
            let mut w = [0; 6];
            if parts.len() != 6 {
                return Err(format!(
                    "rule-of-n: {key}={v}: give six weights for 2/12,3/11,4/10,5/9,6/8,7 like 6/5/4/3/2/1"
                ));
            }
            for (slot, x) in w.iter_mut().zip(parts) {
                *slot = int(key, x)?;
            }
            Ok(w)
        };
        match key {
            "progress" => p.progress = weights(v)?,
            "choice" => p.choice = weights(v)?,
            "odd" => p.odd = int(key, v)?,
            "even" => p.even = int(key, v)?,
            "high" => p.high = int(key, v)?,
            "low" => p.low = int(key, v)?,
            "marker" => p.marker = int(key, v)?,
            _ => {
                return Err(format!(
                    "rule-of-n: unknown parameter '{key}' (expected progress, choice, odd, even, high, low or marker)"
                ))
            }
        }
    }
    Ok(p)
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

/// A strategy file: a named, documented spec.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StrategyFile {
    /// One line on what the strategy does.
    description: String,
    /// The spec it stands for.
    policy: String,
}

/// A loaded strategy file, for listing.
#[derive(Clone, Debug, PartialEq)]
pub struct Strategy {
    /// The spec, named after the file (`cautious` for `strategies/cautious.toml`).
    pub spec: PolicySpec,
    /// The canonical spec text it stands for (`fixed-risk:0.2`).
    pub canonical: String,
    /// Its one-line description.
    pub description: String,
}

/// Reads a strategy file; errors name the file.
pub fn read_strategy(path: &Path) -> Result<Strategy, String> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{shown}: not UTF-8 text"))?;
    let file: StrategyFile =
        toml::from_str(&text).map_err(|e| one_line(&format!("{shown}: {}", e.message())))?;
    if file.policy.trim().ends_with(".toml") {
        return Err(format!(
            "{shown}: a strategy file names a policy spec, not another file"
        ));
    }
    let inner = PolicySpec::parse(&file.policy).map_err(|e| one_line(&format!("{shown}: {e}")))?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| inner.name.clone());
    Ok(Strategy {
        spec: PolicySpec {
            name,
            kind: inner.kind,
        },
        canonical: inner.name,
        description: file.description.trim().to_string(),
    })
}

/// Loads `strategies/NAME.toml`: its spec under the name NAME.
fn load_strategy(path: &Path) -> Result<PolicySpec, String> {
    read_strategy(path).map(|s| s.spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_names_canonically() {
        assert_eq!(PolicySpec::parse("one-roll").unwrap().name, "one-roll");
        assert_eq!(
            PolicySpec::parse("fixed-risk:0.30").unwrap().name,
            "fixed-risk:0.3"
        );
        assert_eq!(
            PolicySpec::parse("fixed-risk:0.3,ignore-top").unwrap().name,
            "fixed-risk:0.3,ignore-top"
        );
        for (spec, name) in [
            ("ev", "ev"),
            ("expected-value", "ev"),
            ("rule28", "rule28"),
            ("glenn", "glenn"),
            ("rule-of-n:28", "rule28"),
            ("rule-of-n:30", "rule-of-n:30"),
            ("rule-of-n:29,progress=7/7/3/2/2/1,choice=7/0/2/0/4/3,odd=7,even=1,high=6,low=5", "glenn"),
            (
                "rule-of-n:28,marker=5",
                "rule-of-n:28,progress=6/5/4/3/2/1,choice=1/2/3/4/5/6,odd=2,even=2,high=4,low=4,marker=5",
            ),
            ("rolls:2", "rolls:2"),
            ("random:0.50", "random:0.5"),
            ("random:1", "random:1"),
        ] {
            assert_eq!(PolicySpec::parse(spec).unwrap().name, name, "{spec}");
        }
        // A full-form name parses back to the same policy.
        let odd = PolicySpec::parse("rule-of-n:28,marker=5").unwrap();
        assert_eq!(PolicySpec::parse(&odd.name).unwrap(), odd);
        assert_eq!(
            PolicySpec::parse("glenn").unwrap().kind,
            SpecKind::RuleOfN(GLENN)
        );
        assert_eq!(
            PolicySpec::parse("rolls:3").unwrap().kind,
            SpecKind::Rolls(3)
        );
    }

    #[test]
    fn builds_every_family() {
        let rules = Rules::new(crate::columns::GameKind::Route66, 2);
        for spec in [
            "one-roll",
            "fixed-risk:0.3",
            "ev",
            "optimal-turn",
            "rule28",
            "glenn",
            "rolls:2",
            "random:0.3",
        ] {
            let built = PolicySpec::parse(spec).unwrap().build(&rules);
            let want = match spec {
                "one-roll" => matches!(built, AnyPolicy::OneRoll(_)),
                "fixed-risk:0.3" => matches!(built, AnyPolicy::FixedRisk(_)),
                "ev" => matches!(built, AnyPolicy::Ev(_)),
                "optimal-turn" => matches!(built, AnyPolicy::OptimalTurn(_)),
                "rule28" | "glenn" => matches!(built, AnyPolicy::RuleOfN(_)),
                "rolls:2" => matches!(built, AnyPolicy::Rolls(Rolls { n: 2 })),
                _ => matches!(built, AnyPolicy::Random(_)),
            };
            assert!(want, "{spec}: {built:?}");
        }
    }

    #[test]
    fn strategy_files_load_under_their_names() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
        for (file, kind) in [
            (
                "cautious",
                SpecKind::FixedRisk {
                    max_bust: 0.2,
                    stop_at_top: true,
                },
            ),
            (
                "bold",
                SpecKind::FixedRisk {
                    max_bust: 0.4,
                    stop_at_top: true,
                },
            ),
            ("keller", SpecKind::RuleOfN(KELLER)),
            ("glenn", SpecKind::RuleOfN(GLENN)),
            ("two-rolls", SpecKind::Rolls(2)),
            ("expected-value", SpecKind::Ev),
        ] {
            let path = dir.join(format!("{file}.toml"));
            let spec = PolicySpec::parse(path.to_str().unwrap()).unwrap();
            assert_eq!(
                spec,
                PolicySpec {
                    name: file.into(),
                    kind
                },
                "{file}"
            );
            assert!(!read_strategy(&path).unwrap().description.is_empty());
        }
    }

    #[test]
    fn rejects_malformed_specs_with_a_reason() {
        for (spec, needle) in [
            ("fixed-risk:1.5", "0..1"),
            ("fixed-risk:abc", "not a number"),
            ("fixed-risk", "needs a bust chance"),
            ("fixed-risk:1", "below 1"),
            ("one-roll:3", "no parameters"),
            ("ev:3", "no parameters"),
            ("rule28:29", "no parameters"),
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
