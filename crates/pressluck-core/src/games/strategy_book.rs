//! Strategies: a described, named spec in a TOML file (`cautious.toml`: `rule-of-n:10`), known
//! under the file's name, for the games the file names (`game = "shortcut"`; a file without a
//! `game` key is for the column races, route66 and cant-stop). The built-in ones ship inside
//! the binary; a folder of the user's own joins them in a [`StrategyBook`], and a file path
//! works anywhere a spec does.
//!
//! A strategy file may name a bot instead of a spec (`command = ["python3", "bot.py"]`, with
//! optional `args` and `env`): it then takes its seat as a program asked each decision
//! ([`crate::games::asked`]), and so does the quick form `bot:PROGRAM [ARG…]`. The book makes
//! bots' askers through the [`BotMaker`] the command line gives it.
//!
//! A user's file that cannot be played (malformed, a spec its game does not know, or named
//! like a built-in policy) is kept in the book as refused: naming it is an error giving the
//! reason, and a run that never names it only warns.

use crate::error::{one_line, toml_error};
use crate::games::asked::{AskedSeat, BotCommand, BotMaker};
use crate::games::catalogue::GAMES;
use crate::games::strategies::{parse_column_spec, Strategies};
use crate::policy::PolicySpec;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The strategy files shipped inside the binary: name and text.
pub const BUILTIN_STRATEGIES: [(&str, &str); 12] = [
    ("bold", include_str!("../../../../strategies/bold.toml")),
    (
        "cautious",
        include_str!("../../../../strategies/cautious.toml"),
    ),
    (
        "expected-value",
        include_str!("../../../../strategies/expected-value.toml"),
    ),
    ("glenn", include_str!("../../../../strategies/glenn.toml")),
    ("keller", include_str!("../../../../strategies/keller.toml")),
    (
        "tuned-cant-stop-3p",
        include_str!("../../../../strategies/tuned-cant-stop-3p.toml"),
    ),
    (
        "tuned-cant-stop-duel",
        include_str!("../../../../strategies/tuned-cant-stop-duel.toml"),
    ),
    (
        "tuned-cant-stop-solo",
        include_str!("../../../../strategies/tuned-cant-stop-solo.toml"),
    ),
    (
        "tuned-route66-3p",
        include_str!("../../../../strategies/tuned-route66-3p.toml"),
    ),
    (
        "tuned-route66-4p",
        include_str!("../../../../strategies/tuned-route66-4p.toml"),
    ),
    (
        "tuned-route66-duel",
        include_str!("../../../../strategies/tuned-route66-duel.toml"),
    ),
    (
        "two-rolls",
        include_str!("../../../../strategies/two-rolls.toml"),
    ),
];

/// The games a strategy file may name in its `game` key, in the order listings give them:
/// the catalogue's.
pub const STRATEGY_GAMES: [&str; 5] = [
    GAMES[0].name,
    GAMES[1].name,
    GAMES[2].name,
    GAMES[3].name,
    GAMES[4].name,
];

/// The games of a strategy file without a `game` key: the column races, whose specs it names.
pub const COLUMN_GAMES: [&str; 2] = ["route66", "cant-stop"];

/// The canonical text of the built-in policy spec `text` of `game` (one of
/// [`STRATEGY_GAMES`]), or why it is none.
pub fn builtin_spec(game: &str, text: &str) -> Result<String, String> {
    if text.trim().ends_with(".toml") {
        return Err(format!(
            "'{}': a strategy file names a policy spec, not another file",
            text.trim()
        ));
    }
    match GAMES.iter().find(|e| e.name == game) {
        Some(entry) => (entry.spec_name)(text),
        None => Err(format!(
            "unknown game '{game}' (expected {})",
            STRATEGY_GAMES.join(", ")
        )),
    }
}

/// A strategy file as read.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StrategyFile {
    /// One line on what the strategy does.
    description: String,
    /// The game its policy is for; none: route66 and cant-stop.
    #[serde(default)]
    game: Option<String>,
    /// The spec it stands for, in its game's spec language (or `command`, a bot).
    #[serde(default)]
    policy: Option<String>,
    /// A bot: the program and its first arguments, run without a shell.
    #[serde(default)]
    command: Option<Vec<String>>,
    /// A bot's further arguments.
    #[serde(default)]
    args: Vec<String>,
    /// A bot's environment variables, besides the inherited ones.
    #[serde(default)]
    env: toml::Table,
    /// Where it came from (a tuning run writes its command, seed and validation here); kept
    /// for people, not read.
    #[serde(default)]
    #[allow(dead_code)]
    provenance: Option<toml::Table>,
}

/// A strategy: a named, described spec for one game or more.
#[derive(Clone, Debug, PartialEq)]
pub struct Strategy {
    /// Its name, the file's (`cautious` for `cautious.toml`).
    pub name: String,
    /// The games it plays, each with the canonical spec it stands for there, in the order of
    /// `STRATEGY_GAMES`; empty when refused.
    pub specs: Vec<(&'static str, String)>,
    /// Its one-line description.
    pub description: String,
    /// The file it was read from; `None` for a built-in one.
    pub file: Option<PathBuf>,
    /// Why it cannot be played, when it cannot: the one-line error naming it gives.
    pub refused: Option<String>,
    /// Whether it is a user's file in place of a different built-in strategy of the same name.
    pub replaces_builtin: bool,
    /// The bot it runs, when it names a program instead of a spec.
    pub bot: Option<BotCommand>,
}

impl Strategy {
    /// The strategy `name` of the TOML `text`; errors name `shown` (the file).
    pub fn from_toml(name: &str, text: &str, shown: &str) -> Result<Strategy, String> {
        let file: StrategyFile = toml::from_str(text)
            .map_err(|e| one_line(&format!("{shown}: {}", toml_error(text, &e))))?;
        let games: Vec<&'static str> = match file.game.as_deref() {
            None => COLUMN_GAMES.to_vec(),
            Some(g) => match STRATEGY_GAMES.iter().find(|&&k| k == g) {
                Some(&k) => vec![k],
                None => {
                    return Err(one_line(&format!(
                        "{shown}: game = '{g}': unknown game (expected {})",
                        STRATEGY_GAMES.join(", ")
                    )))
                }
            },
        };
        let policy = match (file.policy, file.command) {
            (Some(p), None) if file.args.is_empty() && file.env.is_empty() => p,
            (Some(_), None) => {
                return Err(one_line(&format!(
                    "{shown}: args and env belong to a bot's command, not to a policy"
                )))
            }
            (None, Some(command)) => {
                let bot = bot_command(command, file.args, &file.env)
                    .map_err(|e| one_line(&format!("{shown}: {e}")))?;
                let shown_spec = format!("bot:{}", bot.command.join(" "));
                return Ok(Strategy {
                    name: name.to_string(),
                    specs: games.into_iter().map(|g| (g, shown_spec.clone())).collect(),
                    description: file.description.trim().to_string(),
                    file: None,
                    refused: None,
                    replaces_builtin: false,
                    bot: Some(bot),
                });
            }
            (Some(_), Some(_)) => {
                return Err(one_line(&format!(
                    "{shown}: give a policy or a command (a bot), not both"
                )))
            }
            (None, None) => {
                return Err(one_line(&format!(
                    "{shown}: missing policy (a spec) or command (a bot's program)"
                )))
            }
        };
        let mut specs = Vec::new();
        for game in games {
            let spec = builtin_spec(game, &policy).map_err(|e| {
                // A spec of another game in a file without a game key: say how to name it.
                let other = STRATEGY_GAMES
                    .iter()
                    .find(|g| file.game.is_none() && builtin_spec(g, &policy).is_ok());
                let hint = match other {
                    Some(g) => format!(
                        " (a file without a game key is for route66 and cant-stop; for {g} \
                         write game = \"{g}\")"
                    ),
                    None => String::new(),
                };
                one_line(&format!("{shown}: policy for {game}: {e}{hint}"))
            })?;
            specs.push((game, spec));
        }
        Ok(Strategy {
            name: name.to_string(),
            specs,
            description: file.description.trim().to_string(),
            file: None,
            refused: None,
            replaces_builtin: false,
            bot: None,
        })
    }

    /// The canonical spec it plays in `game`, if it plays that game (a bot: `bot:` and its
    /// command line, for listings).
    pub fn spec_for(&self, game: &str) -> Option<&str> {
        self.specs
            .iter()
            .find(|(g, _)| *g == game)
            .map(|(_, s)| s.as_str())
    }

    /// The games it plays, joined with `and`.
    pub fn games_text(&self) -> String {
        let games: Vec<&str> = self.specs.iter().map(|(g, _)| *g).collect();
        games.join(" and ")
    }

    /// Its file (or, built in, its name) as errors show it.
    fn shown(&self) -> String {
        match &self.file {
            Some(p) => p.display().to_string(),
            None => format!("the built-in strategy {}", self.name),
        }
    }

    /// The spec it stands for in `game`, or the one-line error of naming it there.
    fn playing(&self, game: &str) -> Result<(String, String), String> {
        if let Some(why) = &self.refused {
            return Err(why.clone());
        }
        if self.bot.is_some() {
            return Err(format!(
                "{}: '{}' is a bot (a program), which has no spec to read here",
                self.shown(),
                self.name
            ));
        }
        match self.spec_for(game) {
            Some(spec) => Ok((self.name.clone(), spec.to_string())),
            None => Err(format!(
                "{}: '{}' is a strategy for {}, not for {game}",
                self.shown(),
                self.name,
                self.games_text()
            )),
        }
    }
}

/// The bot of a strategy file's `command`, `args` and `env`; the error says what is wrong.
fn bot_command(
    command: Vec<String>,
    args: Vec<String>,
    env: &toml::Table,
) -> Result<BotCommand, String> {
    if command.first().is_none_or(|p| p.trim().is_empty()) {
        return Err("command = [...] needs a program first, like [\"python3\", \"bot.py\"]".into());
    }
    let env = env
        .iter()
        .map(|(k, v)| match v {
            toml::Value::String(s) => Ok((k.clone(), s.clone())),
            other => Err(format!(
                "env.{k} = {other}: an environment variable's value is a string"
            )),
        })
        .collect::<Result<Vec<_>, String>>()?;
    if let Some((k, _)) = env.iter().find(|(k, _)| k.is_empty() || k.contains('=')) {
        return Err(format!("env: '{k}' is no environment variable's name"));
    }
    Ok(BotCommand {
        command: command.into_iter().chain(args).collect(),
        env,
    })
}

/// Reads a user's strategy file, named after the file. Errors name the file: it is unreadable
/// or malformed, or its name is a built-in policy's in one of its games while its spec is
/// another (so the name would play the policy, not the file).
pub fn read_strategy(path: &Path) -> Result<Strategy, String> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| one_line(&format!("{shown}: {e}")))?;
    let text =
        String::from_utf8(bytes).map_err(|_| one_line(&format!("{shown}: not UTF-8 text")))?;
    let name = stem(path);
    let mut s = Strategy::from_toml(&name, &text, &shown)?;
    // Named like a built-in policy, the file would be listed as one thing and the name play
    // another: refused, unless the file stands for that very policy.
    let clash = |(g, spec): &(&str, String)| builtin_spec(g, &name).is_ok_and(|b| b != *spec);
    if s.specs.iter().any(clash) {
        return Err(one_line(&format!(
            "{shown}: '{name}' is a built-in policy's name; rename the file"
        )));
    }
    s.file = Some(path.to_path_buf());
    Ok(s)
}

/// The name a strategy file goes by: its file name without `.toml`.
fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The strategies known by name: the built-in ones, and a folder of the user's own, which win
/// over a built-in strategy of the same name. A built-in policy's own name (`glenn`, `ev`)
/// always means the policy: a user's file so named is refused.
#[derive(Debug)]
pub struct StrategyBook {
    /// By name.
    strategies: Vec<Strategy>,
    /// The names a command has looked up in it, for [`StrategyBook::warnings`].
    named: Mutex<BTreeSet<String>>,
    /// Who makes bots' askers (the command line); none: a bot named is an error.
    bots: Option<Arc<dyn BotMaker>>,
}

impl Clone for StrategyBook {
    fn clone(&self) -> StrategyBook {
        StrategyBook {
            bots: self.bots.clone(),
            ..StrategyBook::of(self.strategies.clone())
        }
    }
}

impl PartialEq for StrategyBook {
    fn eq(&self, other: &StrategyBook) -> bool {
        self.strategies == other.strategies
    }
}

impl StrategyBook {
    /// A book of `strategies`, none named yet.
    fn of(strategies: Vec<Strategy>) -> StrategyBook {
        StrategyBook {
            strategies,
            named: Mutex::new(BTreeSet::new()),
            bots: None,
        }
    }

    /// The book with bots (strategy files naming a `command`, and the quick form
    /// `bot:PROGRAM [ARG…]`) made by `bots`.
    pub fn with_bots(mut self, bots: Arc<dyn BotMaker>) -> StrategyBook {
        self.bots = Some(bots);
        self
    }

    /// The asked seat `text` names in `game`: a bot's strategy (its file or name) or the
    /// quick form `bot:PROGRAM [ARG…]`; `None` for anything else.
    pub fn asked(&self, game: &str, text: &str) -> Result<Option<AskedSeat>, String> {
        let text = text.trim();
        let (name, bot) = if let Some(quick) = BotCommand::quick(text) {
            (text.to_string(), quick?)
        } else {
            let from_file;
            let s = if text.ends_with(".toml") {
                from_file = read_strategy(Path::new(text))?;
                &from_file
            } else {
                match self.get(text) {
                    Some(s) => s,
                    None => return Ok(None),
                }
            };
            let Some(bot) = &s.bot else {
                return Ok(None);
            };
            if s.spec_for(game).is_none() {
                return Err(format!(
                    "{}: '{}' is a strategy for {}, not for {game}",
                    s.shown(),
                    s.name,
                    s.games_text()
                ));
            }
            self.named
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(s.name.clone());
            (s.name.clone(), bot.clone())
        };
        match &self.bots {
            Some(maker) => Ok(Some(AskedSeat::new(&name, maker.asker(&name, game, &bot)))),
            None => Err(format!(
                "'{name}' is a bot: bots take a seat from the pressluck command, not here"
            )),
        }
    }

    /// The built-in strategies.
    pub fn builtin() -> StrategyBook {
        let strategies = BUILTIN_STRATEGIES
            .iter()
            .map(|(name, text)| {
                Strategy::from_toml(name, text, name)
                    .unwrap_or_else(|e| panic!("the built-in strategy {name} is broken: {e}"))
            })
            .collect();
        StrategyBook::of(strategies)
    }

    /// Adds the strategy files (`*.toml`) of the folder `dir`, in name order; one of the same
    /// name as a built-in replaces it. A file that cannot be played joins as refused; only an
    /// unreadable folder is an error.
    pub fn with_folder(mut self, dir: &Path) -> Result<StrategyBook, String> {
        let shown = dir.display();
        let mut paths = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(|e| one_line(&format!("{shown}: {e}")))? {
            let path = entry
                .map_err(|e| one_line(&format!("{shown}: {e}")))?
                .path();
            if path.extension().is_some_and(|x| x == "toml") && path.is_file() {
                paths.push(path);
            }
        }
        paths.sort();
        for path in paths {
            let mut s = read_strategy(&path).unwrap_or_else(|why| Strategy {
                name: stem(&path),
                specs: Vec::new(),
                description: String::new(),
                file: Some(path.clone()),
                refused: Some(why),
                replaces_builtin: false,
                bot: None,
            });
            // A copy of a built-in file (the repository's own folder) replaces nothing.
            s.replaces_builtin = self.get(&s.name).is_some_and(|t| {
                (&t.specs, &t.description, &t.refused) != (&s.specs, &s.description, &s.refused)
            });
            self.strategies.retain(|t| t.name != s.name);
            self.strategies.push(s);
        }
        self.strategies.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(self)
    }

    /// Every strategy, by name.
    pub fn list(&self) -> &[Strategy] {
        &self.strategies
    }

    /// The strategy called `name`.
    pub fn get(&self, name: &str) -> Option<&Strategy> {
        self.strategies.iter().find(|s| s.name == name)
    }

    /// What `text` names in `game`: a strategy (a file's path, or a name in the book that is
    /// not a built-in policy of `game`) as its name and the spec it plays there, or `None`
    /// when it is no strategy (a spec for the game's own parser). The error is one line
    /// naming the file: a refused one (even when its name is a built-in policy's), or a
    /// strategy of another game.
    pub fn strategy(&self, game: &str, text: &str) -> Result<Option<(String, String)>, String> {
        let text = text.trim();
        if text.ends_with(".toml") {
            return read_strategy(Path::new(text))?.playing(game).map(Some);
        }
        let Some(s) = self.get(text) else {
            return Ok(None);
        };
        // A refused file named like a built-in policy is refused here too, so the name never
        // plays the policy while the user's folder holds a file of that name.
        if s.refused.is_none() && builtin_spec(game, text).is_ok() {
            return Ok(None);
        }
        self.named
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(s.name.clone());
        s.playing(game).map(Some)
    }

    /// Parses a Route 66 or Can't Stop spec of `game`, a strategy file's path or a strategy's
    /// name; a strategy plays under its own name, and a searching player's base
    /// (`rollout:BASE`) may be any of these ([`parse_column_spec`]).
    pub fn parse(&self, game: &str, text: &str) -> Result<PolicySpec, String> {
        parse_column_spec(self, game, text)
    }

    /// One line each for the refused files no lookup named: warnings for a run that goes on
    /// without them.
    pub fn warnings(&self) -> Vec<String> {
        let named = self.named.lock().unwrap_or_else(|e| e.into_inner());
        self.strategies
            .iter()
            .filter(|s| !named.contains(&s.name))
            .filter_map(|s| s.refused.as_ref())
            .map(|why| format!("warning: {why} (not used)"))
            .collect()
    }
}

impl Strategies for StrategyBook {
    fn strategy(&self, game: &str, text: &str) -> Result<Option<(String, String)>, String> {
        StrategyBook::strategy(self, game, text)
    }

    fn asked(&self, game: &str, text: &str) -> Result<Option<AskedSeat>, String> {
        StrategyBook::asked(self, game, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::rule_of_n::{RuleParams, GLENN, KELLER};
    use crate::policy::spec::SpecKind;

    /// The repository's strategy folder.
    fn shipped() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../strategies")
    }

    /// A folder holding the strategy files `files` (name, text).
    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    #[test]
    fn strategy_files_load_under_their_names() {
        let book = StrategyBook::builtin();
        for (name, kind) in [
            (
                "cautious",
                SpecKind::RuleOfN(RuleParams {
                    threshold: 10,
                    ..KELLER
                }),
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
            for game in COLUMN_GAMES {
                let spec = book.parse(game, name).unwrap();
                assert_eq!(spec.kind, kind, "{name} in {game}");
                let path = shipped().join(format!("{name}.toml"));
                let by_path = book.parse(game, path.to_str().unwrap()).unwrap();
                assert_eq!(by_path.kind, kind, "{name} in {game}");
            }
            assert!(!book.get(name).unwrap().description.is_empty());
        }
        // The tuned strategies play the one game they were tuned for.
        for (name, game, other) in [
            ("tuned-cant-stop-duel", "cant-stop", "route66"),
            ("tuned-cant-stop-solo", "cant-stop", "route66"),
            ("tuned-route66-duel", "route66", "cant-stop"),
        ] {
            assert_eq!(book.parse(game, name).unwrap().name, name);
            let e = book.parse(other, name).unwrap_err();
            assert!(
                e.contains(&format!("is a strategy for {game}, not for {other}")),
                "{e}"
            );
        }
    }

    #[test]
    fn every_file_in_the_folder_is_built_in_and_plays_the_same() {
        let on_disk = StrategyBook::of(Vec::new())
            .with_folder(&shipped())
            .unwrap();
        let builtin = StrategyBook::builtin();
        let names = |b: &StrategyBook| b.list().iter().map(|s| s.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&on_disk), names(&builtin));
        for (a, b) in on_disk.list().iter().zip(builtin.list()) {
            assert_eq!(a.refused, None, "{}", a.name);
            assert_eq!((&a.specs, &a.description), (&b.specs, &b.description));
        }
        // Read over the built-in ones (pressluck run in the repository), they replace none.
        let over = StrategyBook::builtin().with_folder(&shipped()).unwrap();
        assert!(over.list().iter().all(|s| !s.replaces_builtin));
        assert_eq!(
            builtin.parse("cant-stop", "cautious").unwrap().name,
            "cautious"
        );
        assert_eq!(
            builtin.parse("cant-stop", "glenn").unwrap(),
            PolicySpec::parse("glenn").unwrap()
        );
        assert!(builtin
            .parse("route66", "nope")
            .unwrap_err()
            .contains("unknown policy 'nope'"));
    }

    #[test]
    fn a_users_strategy_replaces_a_builtin_of_the_same_name() {
        let dir = folder(&[(
            "cautious.toml",
            "description = \"mine\"\npolicy = \"fixed-risk:0.1\"\n",
        )]);
        let book = StrategyBook::builtin().with_folder(dir.path()).unwrap();
        let s = book.get("cautious").unwrap();
        assert_eq!(
            (s.spec_for("cant-stop"), s.description.as_str()),
            (Some("fixed-risk:0.1"), "mine")
        );
        assert!(s.file.is_some() && s.replaces_builtin);
        assert_eq!(book.list().len(), BUILTIN_STRATEGIES.len());
        assert_eq!(
            book.parse("route66", "cautious").unwrap().kind,
            PolicySpec::parse("fixed-risk:0.1").unwrap().kind
        );
    }

    #[test]
    fn a_file_says_its_game_and_plays_only_there() {
        let dir = folder(&[
            (
                "sc.toml",
                "description = \"x\"\ngame = \"shortcut\"\npolicy = \"threshold:5\"\n",
            ),
            ("old.toml", "description = \"x\"\npolicy = \"rule28\"\n"),
        ]);
        let book = StrategyBook::builtin().with_folder(dir.path()).unwrap();
        let sc = book.get("sc").unwrap();
        assert_eq!(sc.specs, vec![("shortcut", "threshold:5".to_string())]);
        assert_eq!(
            book.strategy("shortcut", "sc").unwrap(),
            Some(("sc".into(), "threshold:5".into()))
        );
        let e = book.strategy("cant-stop", "sc").unwrap_err();
        assert!(
            e.ends_with("sc.toml: 'sc' is a strategy for shortcut, not for cant-stop"),
            "{e}"
        );
        // Without a game key: the column races.
        assert_eq!(
            book.get("old").unwrap().games_text(),
            "route66 and cant-stop"
        );
        assert!(book.strategy("shortcut", "old").is_err());
        // A built-in policy's name is that policy's, whatever the book holds.
        assert_eq!(book.strategy("shortcut", "optimal").unwrap(), None);
    }

    #[test]
    fn a_bad_file_is_refused_only_when_named() {
        let dir = folder(&[
            ("sc.toml", "description = \"x\"\npolicy = \"threshold:5\"\n"),
            (
                "ev.toml",
                "description = \"x\"\npolicy = \"fixed-risk:0.25\"\n",
            ),
            ("glenn.toml", "description = \"x\"\npolicy = \"glenn\"\n"),
            (
                "odd.toml",
                "description = \"x\"\ngame = \"chess\"\npolicy = \"ev\"\n",
            ),
        ]);
        let book = StrategyBook::builtin().with_folder(dir.path()).unwrap();
        let why = |name: &str| book.get(name).unwrap().refused.clone().unwrap_or_default();
        assert!(
            why("sc").contains("unknown policy 'threshold'"),
            "{}",
            why("sc")
        );
        assert!(
            why("sc").contains("write game = \"shortcut\""),
            "{}",
            why("sc")
        );
        assert!(
            why("ev").ends_with("ev.toml: 'ev' is a built-in policy's name; rename the file"),
            "{}",
            why("ev")
        );
        assert!(why("odd").contains("unknown game"), "{}", why("odd"));
        // A file standing for the very policy it is named after is no clash.
        assert_eq!(book.get("glenn").unwrap().refused, None);
        assert_eq!(book.strategy("cant-stop", "glenn").unwrap(), None);
        // Naming nothing refused: three warnings; naming one: its error, two warnings.
        assert!(book.parse("cant-stop", "rule28").is_ok());
        assert_eq!(book.warnings().len(), 3);
        assert_eq!(book.parse("cant-stop", "ev").unwrap_err(), why("ev"));
        assert_eq!(book.warnings().len(), 2);
        assert!(book.warnings().iter().all(|w| w.starts_with("warning: ")));
    }
}
