//! Strategies: a described, named spec in a TOML file (`cautious.toml`: `fixed-risk:0.2`),
//! known under the file's name. The built-in ones ship inside the binary; a folder of the user's
//! own joins them in a [`StrategyBook`], and a file path works anywhere a spec does.

use super::PolicySpec;
use crate::error::{one_line, toml_error};
use std::path::{Path, PathBuf};

/// The strategy files shipped inside the binary: name and text.
pub const BUILTIN_STRATEGIES: [(&str, &str); 9] = [
    ("bold", include_str!("../../../strategies/bold.toml")),
    (
        "cautious",
        include_str!("../../../strategies/cautious.toml"),
    ),
    (
        "expected-value",
        include_str!("../../../strategies/expected-value.toml"),
    ),
    ("glenn", include_str!("../../../strategies/glenn.toml")),
    ("keller", include_str!("../../../strategies/keller.toml")),
    (
        "tuned-cant-stop-duel",
        include_str!("../../../strategies/tuned-cant-stop-duel.toml"),
    ),
    (
        "tuned-cant-stop-solo",
        include_str!("../../../strategies/tuned-cant-stop-solo.toml"),
    ),
    (
        "tuned-route66-duel",
        include_str!("../../../strategies/tuned-route66-duel.toml"),
    ),
    (
        "two-rolls",
        include_str!("../../../strategies/two-rolls.toml"),
    ),
];

/// A strategy file: a named, documented spec.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StrategyFile {
    /// One line on what the strategy does.
    description: String,
    /// The spec it stands for.
    policy: String,
    /// Where it came from (a tuning run writes its command, seed and validation here); kept
    /// for people, not read.
    #[serde(default)]
    #[allow(dead_code)]
    provenance: Option<toml::Table>,
}

/// A strategy: a named, described spec.
#[derive(Clone, Debug, PartialEq)]
pub struct Strategy {
    /// The spec, named after the file (`cautious` for `cautious.toml`).
    pub spec: PolicySpec,
    /// The canonical spec text it stands for (`fixed-risk:0.2`).
    pub canonical: String,
    /// Its one-line description.
    pub description: String,
    /// The file it was read from; `None` for a built-in one.
    pub file: Option<PathBuf>,
}

impl Strategy {
    /// The strategy `name` of the TOML `text`; errors name `shown` (the file).
    pub fn from_toml(name: &str, text: &str, shown: &str) -> Result<Strategy, String> {
        let file: StrategyFile = toml::from_str(text)
            .map_err(|e| one_line(&format!("{shown}: {}", toml_error(text, &e))))?;
        if file.policy.trim().ends_with(".toml") {
            return Err(format!(
                "{shown}: a strategy file names a policy spec, not another file"
            ));
        }
        let inner =
            PolicySpec::parse(&file.policy).map_err(|e| one_line(&format!("{shown}: {e}")))?;
        Ok(Strategy {
            spec: PolicySpec {
                name: name.to_string(),
                kind: inner.kind,
            },
            canonical: inner.name,
            description: file.description.trim().to_string(),
            file: None,
        })
    }
}

/// Reads a strategy file, named after the file; errors name the file.
pub fn read_strategy(path: &Path) -> Result<Strategy, String> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{shown}: not UTF-8 text"))?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut s = Strategy::from_toml(&name, &text, &shown)?;
    s.file = Some(path.to_path_buf());
    Ok(s)
}

/// The strategies known by name: the built-in ones, and a folder of the user's own, which win
/// over a built-in strategy of the same name. A built-in policy's own name (`glenn`, `ev`)
/// always means the policy.
#[derive(Clone, Debug, PartialEq)]
pub struct StrategyBook {
    /// By name.
    strategies: Vec<Strategy>,
}

impl StrategyBook {
    /// The built-in strategies.
    pub fn builtin() -> StrategyBook {
        let strategies = BUILTIN_STRATEGIES
            .iter()
            .map(|(name, text)| {
                Strategy::from_toml(name, text, name)
                    .unwrap_or_else(|e| panic!("the built-in strategy {name} is broken: {e}"))
            })
            .collect();
        StrategyBook { strategies }
    }

    /// Adds the strategy files (`*.toml`) of the folder `dir`, in name order; one of the same
    /// name as a built-in replaces it. A malformed file is an error naming it.
    pub fn with_folder(mut self, dir: &Path) -> Result<StrategyBook, String> {
        let shown = dir.display();
        let mut paths = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(|e| format!("{shown}: {e}"))? {
            let path = entry.map_err(|e| format!("{shown}: {e}"))?.path();
            if path.extension().is_some_and(|x| x == "toml") && path.is_file() {
                paths.push(path);
            }
        }
        paths.sort();
        for path in paths {
            let s = read_strategy(&path)?;
            self.strategies.retain(|t| t.spec.name != s.spec.name);
            self.strategies.push(s);
        }
        self.strategies
            .sort_by(|a, b| a.spec.name.cmp(&b.spec.name));
        Ok(self)
    }

    /// Every strategy, by name.
    pub fn list(&self) -> &[Strategy] {
        &self.strategies
    }

    /// The strategy called `name`.
    pub fn get(&self, name: &str) -> Option<&Strategy> {
        self.strategies.iter().find(|s| s.spec.name == name)
    }

    /// Parses a spec, a strategy file's path or a strategy's name; the error is the spec's.
    pub fn parse(&self, text: &str) -> Result<PolicySpec, String> {
        PolicySpec::parse(text).or_else(|e| match self.get(text.trim()) {
            Some(s) => Ok(s.spec.clone()),
            None => Err(e),
        })
    }
}

/// Loads a strategy file `NAME.toml`: its spec under the name NAME.
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
            let builtin = StrategyBook::builtin().get(file).unwrap().clone();
            assert_eq!(builtin.spec, spec_of(file), "{file}");
        }
    }

    /// The spec of the strategy file `file` in the repository's folder.
    fn spec_of(file: &str) -> PolicySpec {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("strategies")
            .join(format!("{file}.toml"));
        PolicySpec::parse(path.to_str().unwrap()).unwrap()
    }

    #[test]
    fn every_file_in_the_folder_is_built_in_and_names_resolve() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies");
        let on_disk = StrategyBook {
            strategies: Vec::new(),
        }
        .with_folder(&dir)
        .unwrap();
        let names = |b: &StrategyBook| {
            b.list()
                .iter()
                .map(|s| s.spec.name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&on_disk), names(&StrategyBook::builtin()));
        let book = StrategyBook::builtin();
        assert_eq!(book.parse("cautious").unwrap().name, "cautious");
        assert_eq!(
            book.parse("glenn").unwrap(),
            PolicySpec::parse("glenn").unwrap()
        );
        assert!(book
            .parse("nope")
            .unwrap_err()
            .contains("unknown policy 'nope'"));
    }

    #[test]
    fn a_users_strategy_replaces_a_builtin_of_the_same_name() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("cautious.toml"),
            "description = \"mine\"\npolicy = \"fixed-risk:0.1\"\n",
        )
        .unwrap();
        let book = StrategyBook::builtin().with_folder(dir.path()).unwrap();
        let s = book.get("cautious").unwrap();
        assert_eq!(
            (s.canonical.as_str(), s.description.as_str()),
            ("fixed-risk:0.1", "mine")
        );
        assert!(s.file.is_some());
        assert_eq!(book.list().len(), BUILTIN_STRATEGIES.len());
    }
}
