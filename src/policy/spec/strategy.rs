//! Strategy files: `strategies/NAME.toml`, a described, named spec (`cautious` =
//! `fixed-risk:0.2`), loaded under the file's name.

use super::PolicySpec;
use crate::error::{one_line, toml_error};
use std::path::Path;

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
    let file: StrategyFile = toml::from_str(&text)
        .map_err(|e| one_line(&format!("{shown}: {}", toml_error(&text, &e))))?;
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
pub(super) fn load_strategy(path: &Path) -> Result<PolicySpec, String> {
    read_strategy(path).map(|s| s.spec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::rule_of_n::{GLENN, KELLER};
    use crate::policy::spec::SpecKind;

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
}
