//! Who plays whom: the matchups of a tournament and the seat rotation inside each.

use crate::games::matchup::{Matchup, Named};

/// The matchups of `policies` for `players` seats: each policy alone for solitaire; every pair
/// for two (round robin); for three and four, every combination of distinct entries — or, when
/// there are fewer entries than seats, every multiset of them using at least two entries. One
/// policy alone fills every seat (self-play), and a policy listed twice meets itself; a matchup
/// that the list makes twice is played once.
pub fn matchups<S: Clone + Named>(policies: &[S], players: usize) -> Vec<Matchup<S>> {
    let mut out: Vec<Matchup<S>> = Vec::new();
    let all = if policies.len() == 1 {
        vec![Matchup {
            slots: vec![policies[0].clone(); players],
        }]
    } else {
        listed_matchups(policies, players)
    };
    for m in all {
        if !out.iter().any(|o| o.name() == m.name()) {
            out.push(m);
        }
    }
    out
}

/// The matchups of the entries of `policies` by position (see [`matchups`]).
fn listed_matchups<S: Clone>(policies: &[S], players: usize) -> Vec<Matchup<S>> {
    let k = policies.len();
    let mut out = Vec::new();
    let mut idx = vec![0usize; players];
    let distinct = k >= players;
    // Enumerate non-decreasing index tuples (strictly increasing when `distinct`).
    fn rec(
        pos: usize,
        start: usize,
        k: usize,
        distinct: bool,
        idx: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if pos == idx.len() {
            out.push(idx.clone());
            return;
        }
        for i in start..k {
            idx[pos] = i;
            rec(
                pos + 1,
                if distinct { i + 1 } else { i },
                k,
                distinct,
                idx,
                out,
            );
        }
    }
    let mut tuples = Vec::new();
    rec(0, 0, k, distinct, &mut idx, &mut tuples);
    for t in tuples {
        let uses_two = t.iter().any(|&i| i != t[0]);
        if players == 1 || distinct || uses_two {
            out.push(Matchup {
                slots: t.iter().map(|&i| policies[i].clone()).collect(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::PolicySpec;

    fn specs(names: &[&str]) -> Vec<PolicySpec> {
        names
            .iter()
            .map(|n| PolicySpec::parse(n).unwrap())
            .collect()
    }

    #[test]
    fn round_robin_and_combinations() {
        let p = specs(&[
            "one-roll",
            "fixed-risk:0.1",
            "fixed-risk:0.2",
            "fixed-risk:0.3",
        ]);
        let names: Vec<String> = matchups(&p, 2).iter().map(Matchup::name).collect();
        assert_eq!(names.len(), 6);
        assert_eq!(names[0], "one-roll|fixed-risk:0.1");
        assert_eq!(matchups(&p, 3).len(), 4);
        assert_eq!(matchups(&p, 4).len(), 1);
        assert_eq!(matchups(&p, 1).len(), 4);
    }

    #[test]
    fn fewer_policies_than_seats_uses_multisets() {
        let p = specs(&["one-roll", "fixed-risk:0.3"]);
        let names: Vec<String> = matchups(&p, 4).iter().map(Matchup::name).collect();
        assert_eq!(
            names,
            [
                "one-roll|one-roll|one-roll|fixed-risk:0.3",
                "one-roll|one-roll|fixed-risk:0.3|fixed-risk:0.3",
                "one-roll|fixed-risk:0.3|fixed-risk:0.3|fixed-risk:0.3"
            ]
        );
        assert_eq!(matchups(&p[..1], 2)[0].name(), "one-roll|one-roll");
    }

    #[test]
    fn a_policy_meets_itself_once_per_matchup() {
        let p = specs(&["ev", "ev", "rule28"]);
        let names: Vec<String> = matchups(&p, 2).iter().map(Matchup::name).collect();
        assert_eq!(names, ["ev|ev", "ev|rule28"]);
        let names: Vec<String> = matchups(&p[..2], 3).iter().map(Matchup::name).collect();
        assert_eq!(names, ["ev|ev|ev"]);
        let names: Vec<String> = matchups(&p[..1], 4).iter().map(Matchup::name).collect();
        assert_eq!(names, ["ev|ev|ev|ev"]);
    }
}
