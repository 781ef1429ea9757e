//! Policy specs: `name` or `name:param,param` on the command line, or a path to a
//! `strategies/NAME.toml` file holding a named, documented spec.

use super::fixed_risk::FixedRisk;
use super::one_roll::OneRoll;
use super::AnyPolicy;
use crate::columns::Rules;
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
}

impl fmt::Display for PolicySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl PolicySpec {
    /// Parses a spec (or loads a strategy file when the text ends in `.toml`).
    pub fn parse(text: &str) -> Result<PolicySpec, String> {
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
            } => AnyPolicy::FixedRisk(FixedRisk {
                max_bust,
                stop_at_top,
            }),
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
    }
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
    #[allow(dead_code)]
    description: String,
    /// The spec it stands for.
    policy: String,
}

/// Loads `strategies/NAME.toml`: its spec under the name NAME.
fn load_strategy(path: &Path) -> Result<PolicySpec, String> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{shown}: not UTF-8 text"))?;
    let file: StrategyFile =
        toml::from_str(&text).map_err(|e| format!("{shown}: {}", e.message()))?;
    if file.policy.trim().ends_with(".toml") {
        return Err(format!(
            "{shown}: a strategy file names a policy spec, not another file"
        ));
    }
    let inner = PolicySpec::parse(&file.policy).map_err(|e| format!("{shown}: {e}"))?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| inner.name.clone());
    Ok(PolicySpec {
        name,
        kind: inner.kind,
    })
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
    }

    #[test]
    fn rejects_malformed_specs_with_a_reason() {
        for (spec, needle) in [
            ("fixed-risk:1.5", "0..1"),
            ("fixed-risk:abc", "not a number"),
            ("fixed-risk", "needs a bust chance"),
            ("fixed-risk:1", "below 1"),
            ("one-roll:3", "no parameters"),
            ("nope", "unknown policy 'nope'"),
            ("", "empty"),
            ("missing.toml", "missing.toml"),
        ] {
            let e = PolicySpec::parse(spec).unwrap_err();
            assert!(e.contains(needle), "{spec}: {e}");
        }
    }
}
