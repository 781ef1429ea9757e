//! What identifies a run in counters files: its kind (a tournament, or a sweep with its template
//! and points), game, rules, setup, seats, matchups, games and seed. Two files merge only when
//! all of these agree; [`RunId::difference`] names the first that does not.

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
}

impl RunKind {
    /// The value of the `kind` meta row: `tournament` or `sweep`.
    pub fn name(&self) -> &'static str {
        match self {
            RunKind::Tournament => "tournament",
            RunKind::Sweep { .. } => "sweep",
        }
    }

    /// The meta rows of the kind: `kind`, then a sweep's `template` and one `point` per point.
    pub fn meta(&self) -> Vec<(&'static str, String)> {
        let mut rows = vec![("kind", self.name().to_string())];
        if let RunKind::Sweep { template, points } = self {
            rows.push(("template", template.clone()));
            rows.extend(points.iter().map(|p| ("point", p.clone())));
        }
        rows
    }

    /// Reads the kind back from a file's meta rows (name, value); a file of format 2, older
    /// than kinds, is a tournament's.
    pub fn from_meta(meta: &[(String, String)], version: u32) -> Result<RunKind, String> {
        let all = |k: &str| -> Vec<String> {
            meta.iter()
                .filter(|(n, _)| n == k)
                .map(|(_, v)| v.clone())
                .collect()
        };
        let (kinds, templates, points) = (all("kind"), all("template"), all("point"));
        let kind = match (version, kinds.as_slice()) {
            (2, []) => "tournament",
            (2, _) => return Err("meta 'kind' in a file of format 2".into()),
            (_, [k]) => k.as_str(),
            (_, []) => return Err("missing meta 'kind'".into()),
            _ => return Err("meta 'kind' given twice".into()),
        };
        match kind {
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
            other => Err(format!(
                "meta 'kind' '{other}' is neither tournament nor sweep"
            )),
        }
    }
}

/// What identifies a run: two files may be merged only when these agree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunId {
    /// Game name.
    pub game: String,
    /// Edition and variants label.
    pub rules: String,
    /// A fingerprint of the board and every rule setting.
    pub setup: String,
    /// Seats.
    pub players: u8,
    /// The matchups, each its policy names joined by `|`.
    pub matchups: Vec<String>,
    /// Games per matchup.
    pub games: u64,
    /// Seed.
    pub seed: u64,
    /// A tournament or a sweep.
    pub kind: RunKind,
}

impl RunId {
    /// What first differs between two runs, as a noun (`seed`, `sweep template`…), or `None`
    /// when they are the same run.
    pub fn difference(&self, other: &RunId) -> Option<&'static str> {
        let sweeps = match (&self.kind, &other.kind) {
            (
                RunKind::Sweep { template, points },
                RunKind::Sweep {
                    template: t,
                    points: p,
                },
            ) => Some((template != t, points != p)),
            _ => None,
        };
        [
            (self.kind.name() != other.kind.name(), "kind of run"),
            (sweeps.is_some_and(|s| s.0), "sweep template"),
            (sweeps.is_some_and(|s| s.1), "sweep points"),
            (self.game != other.game, "game"),
            (self.rules != other.rules, "rules"),
            (self.setup != other.setup, "board or rule settings"),
            (self.players != other.players, "players"),
            (self.matchups != other.matchups, "policies or opponents"),
            (self.games != other.games, "games per matchup"),
            (self.seed != other.seed, "seed"),
        ]
        .into_iter()
        .find_map(|(differs, what)| differs.then_some(what))
    }
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
        for kind in [RunKind::Tournament, sweep] {
            let rows: Vec<(String, String)> = kind
                .meta()
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect();
            assert_eq!(RunKind::from_meta(&rows, 3), Ok(kind));
        }
        assert_eq!(RunKind::from_meta(&[], 2), Ok(RunKind::Tournament));
        for (rows, version, why) in [
            (meta(&[]), 3, "missing meta 'kind'"),
            (meta(&[("kind", "sweep")]), 2, "format 2"),
            (meta(&[("kind", "bet")]), 3, "neither"),
            (meta(&[("kind", "sweep"), ("point", "1")]), 3, "template"),
            (meta(&[("kind", "sweep"), ("template", "x")]), 3, "'point'"),
            (meta(&[("kind", "tournament"), ("point", "1")]), 3, "sweep"),
        ] {
            let e = RunKind::from_meta(&rows, version).unwrap_err();
            assert!(e.contains(why), "{rows:?}: {e}");
        }
    }

    #[test]
    fn difference_names_the_first_field_that_differs() {
        let a = RunId {
            game: "cant-stop".into(),
            rules: "standard".into(),
            setup: "x".into(),
            players: 2,
            matchups: vec!["rolls:1|ev".into()],
            games: 10,
            seed: 1,
            kind: RunKind::Sweep {
                template: "rolls:{1..1}".into(),
                points: vec!["1".into()],
            },
        };
        assert_eq!(a.difference(&a.clone()), None);
        let b = RunId {
            seed: 2,
            ..a.clone()
        };
        assert_eq!(a.difference(&b), Some("seed"));
        let c = RunId {
            kind: RunKind::Sweep {
                template: "rolls:{1..1 step 1}".into(),
                points: vec!["1".into()],
            },
            ..b.clone()
        };
        assert_eq!(b.difference(&c), Some("sweep template"));
        let d = RunId {
            kind: RunKind::Tournament,
            ..a.clone()
        };
        assert_eq!(a.difference(&d), Some("kind of run"));
    }
}
