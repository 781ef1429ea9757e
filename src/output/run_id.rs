//! What identifies a run in counters files and checkpoints: its kind (a tournament, a sweep with
//! its template and points, or the review of a record), game, rules, the digest of the rules'
//! identity text, seats, matchups (a review: its rollout policies), each policy's definition,
//! games (a review: rollouts a position) and seed. Two files merge, and a checkpoint resumes,
//! only when all of these agree; [`RunId::first_difference`] names the first that does not,
//! with its two values.

use pressluck_core::games::{Matchup, Named};

/// What kind of run a counters file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunKind {
    /// A tournament: each matchup makes rows of the result table.
    Tournament,
    /// A sweep: the matchups go point by point, opponent by opponent, the swept policy in
    /// slot 0.
    Sweep {
        /// The template as given (`fixed-risk:{0.05..0.6 step 0.05}`).
        template: String,
        /// The parameter value of each point, in order (`0.05`, `0.1`, …).
        points: Vec<String>,
    },
    /// The review of a game record: one matchup, the rollout policies seat by seat, its games
    /// the rollouts a position.
    Review {
        /// The digest of the record's bytes ([`setup_digest`] of its text).
        record: String,
    },
}

impl RunKind {
    /// The value of the `kind` meta row: `tournament`, `sweep` or `review`.
    pub fn name(&self) -> &'static str {
        match self {
            RunKind::Tournament => "tournament",
            RunKind::Sweep { .. } => "sweep",
            RunKind::Review { .. } => "review",
        }
    }

    /// The meta rows of the kind: `kind`, then a sweep's `template` and one `point` per point,
    /// or a review's `record`.
    pub fn meta(&self) -> Vec<(&'static str, String)> {
        let mut rows = vec![("kind", self.name().to_string())];
        match self {
            RunKind::Tournament => {}
            RunKind::Sweep { template, points } => {
                rows.push(("template", template.clone()));
                rows.extend(points.iter().map(|p| ("point", p.clone())));
            }
            RunKind::Review { record } => rows.push(("record", record.clone())),
        }
        rows
    }

    /// What the games of a run of this kind are, as a noun for a difference.
    fn games_noun(&self) -> &'static str {
        match self {
            RunKind::Review { .. } => "rollouts a position",
            _ => "games per matchup",
        }
    }

    /// What the matchups of a run of this kind are, as a noun for a difference.
    fn matchups_noun(&self) -> &'static str {
        match self {
            RunKind::Review { .. } => "rollout policies",
            _ => "policies or opponents",
        }
    }

    /// Reads the kind back from a file's meta rows (name, value).
    pub fn from_meta(meta: &[(String, String)]) -> Result<RunKind, String> {
        let all = |k: &str| -> Vec<String> {
            meta.iter()
                .filter(|(n, _)| n == k)
                .map(|(_, v)| v.clone())
                .collect()
        };
        let (kinds, templates, points) = (all("kind"), all("template"), all("point"));
        let records = all("record");
        let kind = match kinds.as_slice() {
            [k] => k.as_str(),
            [] => return Err("missing meta 'kind'".into()),
            _ => return Err("meta 'kind' given twice".into()),
        };
        match kind {
            "tournament" | "sweep" if !records.is_empty() => {
                Err(format!("a {kind}'s file with a review's meta 'record'"))
            }
            "tournament" if templates.is_empty() && points.is_empty() => Ok(RunKind::Tournament),
            "tournament" => Err("a tournament's file with sweep meta rows".into()),
            "sweep" => {
                let [template] = <[String; 1]>::try_from(templates)
                    .map_err(|_| "a sweep's file needs one meta 'template'".to_string())?;
                if points.is_empty() {
                    return Err("a sweep's file needs meta 'point' rows".into());
                }
                Ok(RunKind::Sweep { template, points })
            }
            "review" if !templates.is_empty() || !points.is_empty() => {
                Err("a review's file with sweep meta rows".into())
            }
            "review" => {
                let [record] = <[String; 1]>::try_from(records)
                    .map_err(|_| "a review's file needs one meta 'record'".to_string())?;
                Ok(RunKind::Review { record })
            }
            other => Err(format!(
                "meta 'kind' '{other}' is not tournament, sweep or review"
            )),
        }
    }
}

/// What identifies a run: two files may be merged only when these agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunId {
    /// Game name.
    pub game: String,
    /// Edition, variants and settings label (see [`super::provenance::Provenance::rules`]).
    pub rules: String,
    /// The board's label: a built-in's name or a board file's digest.
    pub board: String,
    /// The digest of the rules' identity text ([`setup_digest`]): the board and every rule
    /// setting.
    pub setup: String,
    /// Seats.
    pub players: u8,
    /// The matchups, each its policy names joined by `|`.
    pub matchups: Vec<String>,
    /// Each policy of the matchups with its definition, the canonical spec it plays
    /// ([`definitions`]).
    pub policies: Vec<(String, String)>,
    /// Games per matchup.
    pub games: u64,
    /// Seed.
    pub seed: u64,
    /// A tournament or a sweep.
    pub kind: RunKind,
}

/// The `setup` value of rules whose identity text ([`pressluck_core::identity`]) is
/// `identity`: `sha256:` and the 64 hex digits of the text's SHA-256.
pub fn setup_digest(identity: &str) -> String {
    use sha2::{Digest, Sha256};
    let hex: String = Sha256::digest(identity.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("sha256:{hex}")
}

/// Each policy of `matchups` as (name in outputs, definition), in the order the matchups first
/// name them, each pair once: a strategy is its name and the spec it stands for.
pub fn definitions<S: Named>(matchups: &[Matchup<S>]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for spec in matchups.iter().flat_map(|m| &m.slots) {
        let pair = (spec.name().to_string(), spec.definition());
        if !out.contains(&pair) {
            out.push(pair);
        }
    }
    out
}

/// A field in which two runs differ, with its value in each, ready to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The field, as a noun (`seed`, `sweep template`…).
    pub what: &'static str,
    /// Its value in the run asked about (`self`).
    pub ours: String,
    /// Its value in the other run.
    pub theirs: String,
}

impl RunId {
    /// The meta lines a counters file or a review checkpoint opens with after its format: the
    /// run's kind, then game, rules, board, setup and players, in that order.
    pub fn identity_meta(&self) -> Vec<(&'static str, String)> {
        let mut meta = self.kind.meta();
        meta.extend([
            ("game", self.game.clone()),
            ("rules", self.rules.clone()),
            ("board", self.board.clone()),
            ("setup", self.setup.clone()),
            ("players", self.players.to_string()),
        ]);
        meta
    }

    /// The provenance of the tables this run makes.
    pub fn provenance(&self) -> super::provenance::Provenance {
        super::provenance::Provenance {
            game: self.game.clone(),
            players: Some(self.players),
            rules: self.rules.clone(),
            board: self.board.clone(),
            seed: Some(self.seed),
        }
    }

    /// The first field in which two runs differ, with both values (texts quoted; of the
    /// matchups, the first two that differ, or how many there are when that differs), or
    /// `None` when they are the same run. Fields are compared in a fixed order: kind of run,
    /// sweep template and points or reviewed record, then game, rules, board, settings,
    /// players, matchups, policy definitions, games, seed.
    pub fn first_difference(&self, other: &RunId) -> Option<Difference> {
        let quote = |s: &str| format!("'{s}'");
        let differ = |what, ours: String, theirs: String| Difference { what, ours, theirs };
        let field = |what, ours: String, theirs: String| {
            (ours != theirs).then(|| differ(what, ours, theirs))
        };
        let (a, b) = (self, other);
        if a.kind.name() != b.kind.name() {
            return Some(differ(
                "kind of run",
                a.kind.name().into(),
                b.kind.name().into(),
            ));
        }
        if let (
            RunKind::Sweep { template, points },
            RunKind::Sweep {
                template: t,
                points: p,
            },
        ) = (&a.kind, &b.kind)
        {
            if template != t {
                return Some(differ("sweep template", quote(template), quote(t)));
            }
            if points != p {
                let list = |v: &[String]| quote(&v.join(", "));
                return Some(differ("sweep points", list(points), list(p)));
            }
        }
        if let (RunKind::Review { record }, RunKind::Review { record: r }) = (&a.kind, &b.kind) {
            if record != r {
                return Some(differ("record", quote(record), quote(r)));
            }
        }
        let matchups = || {
            let what = a.kind.matchups_noun();
            if a.matchups.len() != b.matchups.len() {
                let count = |n: usize| format!("{n} matchups");
                return Some(differ(
                    what,
                    count(a.matchups.len()),
                    count(b.matchups.len()),
                ));
            }
            let (x, y) = a.matchups.iter().zip(&b.matchups).find(|(x, y)| x != y)?;
            Some(differ(what, quote(x), quote(y)))
        };
        let definitions = || {
            let shown = |p: Option<&(String, String)>| match p {
                Some((name, definition)) => quote(&format!("{name} = {definition}")),
                None => "none".to_string(),
            };
            let n = a.policies.len().max(b.policies.len());
            let k = (0..n).find(|&k| a.policies.get(k) != b.policies.get(k))?;
            Some(differ(
                "policy definitions",
                shown(a.policies.get(k)),
                shown(b.policies.get(k)),
            ))
        };
        field("game", quote(&a.game), quote(&b.game))
            .or_else(|| field("rules", quote(&a.rules), quote(&b.rules)))
            .or_else(|| field("board", quote(&a.board), quote(&b.board)))
            .or_else(|| field("board or rule settings", quote(&a.setup), quote(&b.setup)))
            .or_else(|| field("players", a.players.to_string(), b.players.to_string()))
            .or_else(matchups)
            .or_else(definitions)
            .or_else(|| {
                field(
                    a.kind.games_noun(),
                    a.games.to_string(),
                    b.games.to_string(),
                )
            })
            .or_else(|| field("seed", a.seed.to_string(), b.seed.to_string()))
    }
}

/// The swept policy's name at each point and the opponents' names (none alone) that the
/// matchup names of a sweep with `points` points make, or why they make no sweep.
pub fn sweep_grid(
    players: u8,
    points: usize,
    matchups: &[String],
) -> Result<(Vec<String>, Vec<String>), String> {
    let not_grid = || {
        format!(
            "the {} do not make a grid of {} by opponents",
            pressluck_core::numbers::count(matchups.len() as u64, "matchup", "matchups"),
            pressluck_core::numbers::count(points as u64, "sweep point", "sweep points")
        )
    };
    let per = matchups.len().checked_div(points).unwrap_or(0);
    if per == 0 || per * points != matchups.len() || (players == 1 && per != 1) || players > 2 {
        return Err(not_grid());
    }
    let slots = |m: &str| -> Result<(String, String), String> {
        match m.split('|').collect::<Vec<_>>().as_slice() {
            [p] if players == 1 => Ok((p.to_string(), String::new())),
            [p, o] if players == 2 => Ok((p.to_string(), o.to_string())),
            _ => Err(not_grid()),
        }
    };
    let policies: Vec<String> = (0..points)
        .map(|i| slots(&matchups[i * per]).map(|s| s.0))
        .collect::<Result<_, _>>()?;
    let opponents: Vec<String> = if players == 1 {
        Vec::new()
    } else {
        (0..per)
            .map(|j| slots(&matchups[j]).map(|s| s.1))
            .collect::<Result<_, _>>()?
    };
    for (n, m) in matchups.iter().enumerate() {
        let (p, o) = slots(m)?;
        if p != policies[n / per] || (players == 2 && o != opponents[n % per]) {
            return Err(not_grid());
        }
    }
    Ok((policies, opponents))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(rows: &[(&str, &str)]) -> Vec<(String, String)> {
        rows.iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn kinds_round_trip_and_bad_meta_is_refused() {
        let sweep = RunKind::Sweep {
            template: "rolls:{1..3}".into(),
            points: vec!["1".into(), "2".into(), "3".into()],
        };
        let review = RunKind::Review {
            record: "sha256:ab".into(),
        };
        for kind in [RunKind::Tournament, sweep, review] {
            let rows: Vec<(String, String)> = kind
                .meta()
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect();
            assert_eq!(RunKind::from_meta(&rows), Ok(kind));
        }
        for (rows, why) in [
            (meta(&[]), "missing meta 'kind'"),
            (meta(&[("kind", "tournament"), ("kind", "sweep")]), "twice"),
            (
                meta(&[("kind", "bet")]),
                "is not tournament, sweep or review",
            ),
            (meta(&[("kind", "sweep"), ("point", "1")]), "template"),
            (meta(&[("kind", "sweep"), ("template", "x")]), "'point'"),
            (meta(&[("kind", "tournament"), ("point", "1")]), "sweep"),
            (meta(&[("kind", "review")]), "'record'"),
            (
                meta(&[("kind", "review"), ("record", "a"), ("point", "1")]),
                "sweep",
            ),
            (meta(&[("kind", "sweep"), ("record", "a")]), "review"),
        ] {
            let e = RunKind::from_meta(&rows).unwrap_err();
            assert!(e.contains(why), "{rows:?}: {e}");
        }
    }

    #[test]
    fn setup_digests_of_fixed_setups_are_fixed() {
        use pressluck_core::columns::{GameKind, Rules};
        use pressluck_core::games::{ColumnFamily, Family};
        assert_eq!(
            setup_digest("abc"),
            "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let cant_stop = ColumnFamily::new(Rules::new(GameKind::CantStop, 2)).identity();
        assert_eq!(
            setup_digest(&cant_stop),
            "sha256:a1b0a54207f4be0cec4507d7f90f3537cf238a0395e58a98ab24225da5f78677"
        );
    }

    #[test]
    fn difference_names_the_first_field_that_differs() {
        let a = RunId {
            game: "cant-stop".into(),
            rules: "standard".into(),
            board: "cant-stop".into(),
            setup: "x".into(),
            players: 2,
            matchups: vec!["rolls:1|ev".into()],
            policies: vec![
                ("rolls:1".into(), "rolls:1".into()),
                ("ev".into(), "ev".into()),
            ],
            games: 10,
            seed: 1,
            kind: RunKind::Sweep {
                template: "rolls:{1..1}".into(),
                points: vec!["1".into()],
            },
        };
        assert_eq!(a.first_difference(&a.clone()).map(|d| d.what), None);
        let b = RunId {
            seed: 2,
            ..a.clone()
        };
        assert_eq!(a.first_difference(&b).map(|d| d.what), Some("seed"));
        let c = RunId {
            kind: RunKind::Sweep {
                template: "rolls:{1..1 step 1}".into(),
                points: vec!["1".into()],
            },
            ..b.clone()
        };
        assert_eq!(
            b.first_difference(&c).map(|d| d.what),
            Some("sweep template")
        );
        let d = RunId {
            kind: RunKind::Tournament,
            ..a.clone()
        };
        assert_eq!(a.first_difference(&d).map(|d| d.what), Some("kind of run"));
    }

    #[test]
    fn first_difference_gives_both_values() {
        let a = RunId {
            game: "cant-stop".into(),
            rules: "standard".into(),
            board: "cant-stop".into(),
            setup: "x".into(),
            players: 2,
            matchups: vec!["rolls:1|ev".into(), "rolls:2|ev".into()],
            policies: vec![
                ("rolls:1".into(), "rolls:1".into()),
                ("ev".into(), "ev".into()),
                ("rolls:2".into(), "rolls:2".into()),
            ],
            games: 10,
            seed: 1,
            kind: RunKind::Sweep {
                template: "rolls:{1..2}".into(),
                points: vec!["1".into(), "2".into()],
            },
        };
        let got = |b: &RunId| {
            let d = a.first_difference(b).expect("a difference");
            (d.what, d.ours, d.theirs)
        };
        let own = |what: &'static str, ours: &str, theirs: &str| {
            (what, ours.to_string(), theirs.to_string())
        };
        assert_eq!(a.first_difference(&a.clone()).map(|d| d.what), None);
        let seed = RunId {
            seed: 7,
            ..a.clone()
        };
        assert_eq!(got(&seed), own("seed", "1", "7"));
        let games = RunId { games: 20, ..seed };
        assert_eq!(got(&games), own("games per matchup", "10", "20"));
        let mut other = a.clone();
        other.matchups[1] = "rolls:2|rule28".into();
        assert_eq!(
            got(&other),
            own("policies or opponents", "'rolls:2|ev'", "'rolls:2|rule28'")
        );
        other.matchups.pop();
        assert_eq!(
            got(&other),
            own("policies or opponents", "2 matchups", "1 matchups")
        );
        let mut mine = a.clone();
        mine.policies[1].1 = "fixed-risk:0.2".into();
        assert_eq!(
            got(&mine),
            own("policy definitions", "'ev = ev'", "'ev = fixed-risk:0.2'")
        );
        mine.policies.push(("x".into(), "rolls:3".into()));
        mine.policies[1].1 = "ev".into();
        assert_eq!(
            got(&mine),
            own("policy definitions", "none", "'x = rolls:3'")
        );
        let game = RunId {
            game: "route66".into(),
            ..other
        };
        assert_eq!(got(&game), own("game", "'cant-stop'", "'route66'"));
        let points = RunId {
            kind: RunKind::Sweep {
                template: "rolls:{1..2}".into(),
                points: vec!["1".into(), "3".into()],
            },
            ..a.clone()
        };
        assert_eq!(got(&points), own("sweep points", "'1, 2'", "'1, 3'"));
        let tournament = RunId {
            kind: RunKind::Tournament,
            ..game
        };
        assert_eq!(got(&tournament), own("kind of run", "sweep", "tournament"));
        // A review's: its record, its rollout policies and its rollouts a position.
        let review = |record: &str| RunId {
            kind: RunKind::Review {
                record: record.into(),
            },
            matchups: vec!["glenn|glenn".into()],
            ..a.clone()
        };
        let got = |x: &RunId, y: &RunId| {
            let d = x.first_difference(y).expect("a difference");
            (d.what, d.ours, d.theirs)
        };
        assert_eq!(got(&review("x"), &review("y")), own("record", "'x'", "'y'"));
        let ev = RunId {
            matchups: vec!["ev|ev".into()],
            ..review("x")
        };
        assert_eq!(
            got(&review("x"), &ev),
            own("rollout policies", "'glenn|glenn'", "'ev|ev'")
        );
        let more = RunId {
            games: 40,
            ..review("x")
        };
        assert_eq!(
            got(&review("x"), &more),
            own("rollouts a position", "10", "40")
        );
    }
}
