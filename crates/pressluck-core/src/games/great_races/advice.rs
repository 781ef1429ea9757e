//! The advice of `pressluck advise` on a Great Races roll, as JSON: every legal pairing with
//! each rule's exact scores, and each rule's ranking of them (drawn for a person by the column
//! races' [`crate::games::column_races::advice_text`]).

use super::exact;
use super::policy::{progress_gain, RaceSpec};
use crate::columns::record::Decision;
use crate::columns::{Choice, Game, Rules, PROGRESS_UNIT};
use crate::games::column_races::advice::asked_ranking;
use crate::games::column_races::ranks;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Value};

/// The number nearest an exact score: equal scores print alike, and a higher one never lower.
fn nearest(exact: BigRational) -> f64 {
    exact.to_f64().unwrap_or(f64::NAN)
}

/// The Great Races advice as one JSON value: after a roll, every legal pairing with each
/// rule's score, and each policy's ranking of them.
pub fn race_advice(rules: &Rules, game: &Game, decision: Decision, specs: &[RaceSpec]) -> Value {
    let mut out = json!({
        "game": rules.game.name(),
        "to_move": game.to_move + 1,
        "finished": game.finished(),
        "winner": game.winner.map(|w| w + 1),
    });
    match decision {
        Decision::Over => out["decision"] = json!("over"),
        Decision::Roll | Decision::RollOrStop => {
            out["decision"] = json!("roll");
            out["note"] = json!("a turn opens with a roll: there is nothing to decide yet");
        }
        Decision::Use(roll, list) => {
            out["decision"] = json!("use");
            out["roll"] = json!(roll.0);
            out["choices"] = list
                .as_slice()
                .iter()
                .map(|&c| {
                    json!({
                        "use": c.to_string(),
                        "expected_points": nearest(exact::points_gain(rules, game, c)),
                        "progress": progress_gain(rules, c) as f64 / PROGRESS_UNIT as f64,
                        "expected_margin": nearest(exact::margin_gain(rules, game, c)),
                    })
                })
                .collect();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
            out["policies"] = specs
                .iter()
                .map(|s| {
                    if let Some(a) = &s.asked {
                        let order = asked_ranking(a, rules, game, roll, &list);
                        let names: Vec<String> = order.iter().map(|c| c.to_string()).collect();
                        // An asked seat's order is all it says: each choice its own place.
                        let ranks: Vec<usize> = (1..=order.len()).collect();
                        return json!({ "policy": s.name, "ranking": names, "ranks": ranks });
                    }
                    let mut left = list;
                    let mut order = Vec::new();
                    while !left.is_empty() {
                        let i = if left.len() == 1 {
                            0
                        } else {
                            s.rule.choose(rules, game, &left, &mut rng)
                        };
                        order.push(left.get(i));
                        left.remove(i);
                    }
                    let ranks = ranks(order.len(), |k| {
                        s.rule.ties(rules, game, order[k - 1], order[k])
                    });
                    let names: Vec<String> = order.iter().map(Choice::to_string).collect();
                    json!({ "policy": s.name, "ranking": names, "ranks": ranks })
                })
                .collect();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Roll;
    use crate::games::catalogue::GameId;
    use crate::games::column_races::advice_text;

    #[test]
    fn great_races_scores_print_the_exact_values_and_equal_ones_alike() {
        // The mover one space below the top of track 8 (6/3 points) with the opponent three
        // below, and three below the top of track 9 (7/4 points) with the opponent one below:
        // roll 3 4 5 3 offers 8, then 9 (6 and 7 closed), each gaining exactly 3/10 of a
        // point and a margin of 6/10 (on tracks of Can't Stop's heights).
        let rules = super::super::tall_rules();
        let mut game = Game::new();
        for (c, mine, theirs) in [(8, 10, 8), (9, 6, 8)] {
            game.board.set_cube(0, c, mine);
            game.board.set_cube(1, c, theirs);
        }
        for c in [3, 6, 7, 11, 12] {
            game.board.closed = game.board.closed.with(c);
        }
        let roll = Roll([3, 4, 5, 3]);
        let specs: Vec<RaceSpec> = GameId::GreatRaces
            .entry()
            .default_policies
            .split(',')
            .map(|s| RaceSpec::parse(s).unwrap())
            .collect();
        let a = race_advice(
            &rules,
            &game,
            Decision::Use(roll, game.choices(&rules, roll)),
            &specs,
        );
        let choices = a["choices"].as_array().unwrap();
        let uses: Vec<&str> = choices.iter().map(|c| c["use"].as_str().unwrap()).collect();
        assert_eq!(uses, ["8", "9"]);
        for c in choices {
            assert_eq!(c["expected_points"].as_f64(), Some(0.3), "{c}");
            assert_eq!(c["expected_margin"].as_f64(), Some(0.6), "{c}");
        }
        // Both rules list the first of equal scores first, as the printed scores show
        // (race-progress prefers the shorter track 9).
        let ranking = |name: &str| {
            let policies = a["policies"].as_array().unwrap();
            policies.iter().find(|p| p["policy"] == name).unwrap()["ranking"].clone()
        };
        assert_eq!(ranking("race-points"), json!(["8", "9"]));
        assert_eq!(ranking("race-margin"), json!(["8", "9"]));
        assert_eq!(ranking("race-progress"), json!(["9", "8"]));
        // Equal exact scores are a tie, and the advice says so; race-progress tells them apart.
        let ranks = |name: &str| {
            let policies = a["policies"].as_array().unwrap();
            policies.iter().find(|p| p["policy"] == name).unwrap()["ranks"].clone()
        };
        assert_eq!(ranks("race-points"), json!([1, 1]));
        assert_eq!(ranks("race-margin"), json!([1, 1]));
        assert_eq!(ranks("race-progress"), json!([1, 2]));
        let text = advice_text(&a);
        assert_eq!(text.matches("expected points +0.300").count(), 2, "{text}");
        assert!(text.contains("  race-points      8 = 9 (tied)\n"), "{text}");
        assert!(text.contains("  race-margin      8 = 9 (tied)\n"), "{text}");
        assert!(text.contains("  race-progress    9  >  8\n"), "{text}");
    }
}
