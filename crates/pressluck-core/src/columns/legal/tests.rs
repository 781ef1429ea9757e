//! The fast roll evaluator against its slow reference on every roll of many real positions.

use super::*;
use crate::columns::layout::PROGRESS_UNIT;
use crate::columns::{Game, GameKind, Variant};
use crate::dice::OUTCOMES;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Positions met in random legal play: random choices, a stop with chance 0.3 after a roll
/// (also the lanes' evaluator's test positions).
pub(crate) fn positions(rules: &Rules, n: usize, seed: u64) -> Vec<Game> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    let mut g = Game::new();
    while out.len() < n {
        if g.finished() {
            g = Game::new();
        }
        out.push(g);
        let list = g.choices(rules, crate::dice::sample(&mut rng));
        if list.is_empty() {
            g.bust(rules);
        } else {
            g.apply(rules, list.get(rng.gen_range(0..list.len())));
            if rng.gen_bool(0.3) {
                g.stop(rules);
            }
        }
    }
    out
}

/// Every rule set with Can't Stop-style turns.
fn rule_sets() -> Vec<Rules> {
    let mut out = Vec::new();
    for players in 1..=4u8 {
        out.push(Rules::new(GameKind::CantStop, players));
        out.push(Rules::route66(crate::columns::Edition::En, players));
        out.push(Rules::route66(crate::columns::Edition::De, players));
        for v in [Variant::Leisurely, Variant::FasterGear] {
            let mut r = Rules::new(GameKind::Route66, players);
            r.apply_variant(v).unwrap();
            out.push(r);
        }
    }
    out
}

#[test]
fn fast_choices_and_turns_equal_the_reference_on_every_roll() {
    let mut checked = 0u64;
    for (k, rules) in rule_sets().iter().enumerate() {
        for g in positions(rules, 60, k as u64) {
            for i in 0..OUTCOMES {
                let roll = Roll::from_index(i);
                let fast = legal_choices(rules, &g.board, g.to_move, &g.turn, roll);
                let slow = legal_choices_reference(rules, &g.board, g.to_move, &g.turn, roll);
                for (k, (c, after)) in slow.iter().enumerate() {
                    for col in after.cars {
                        let recount = crate::policy::rule_of_n::turn_steps(
                            rules, &g.board, g.to_move, after, col,
                        );
                        assert_eq!(after.steps_in(col), recount, "steps in {col}");
                    }
                    assert_eq!(fast.bust(k), bust_rolls(after.usable(rules, &g.board)));
                    let climbed: f64 = c
                        .columns()
                        .iter()
                        .map(|col| {
                            let from = g.turn.start(&g.board, g.to_move, col);
                            (after.car(col) - from) as f64 / rules.layout.len(col) as f64
                        })
                        .sum();
                    let gain = fast.gain(rules, k) as f64 / PROGRESS_UNIT as f64;
                    assert!((gain - climbed).abs() < 1e-9, "{c:?}: {gain} vs {climbed}");
                }
                let fast: Vec<(Choice, Turn)> = fast.iter().map(|(c, t)| (c, *t)).collect();
                assert_eq!(fast, slow, "{rules:?} {g:?} roll {roll:?}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 20 * 60 * OUTCOMES as u64);
}

#[test]
fn take_equals_apply() {
    let rules = Rules::route66(crate::columns::Edition::En, 3);
    for g in positions(&rules, 200, 7) {
        for i in (0..OUTCOMES).step_by(7) {
            let list = g.choices(&rules, Roll::from_index(i));
            for k in 0..list.len() {
                let (mut a, mut b) = (g, g);
                a.take(&rules, &list, k);
                b.apply(&rules, list.get(k));
                assert_eq!(a, b);
            }
        }
    }
}

#[test]
fn select_and_remove_keep_choices_and_turns_together() {
    let rules = Rules::new(GameKind::CantStop, 2);
    let g = Game::new();
    // 1 2 3 4: 3+7, 4+6, 5+5 — three choices.
    let list = g.choices(&rules, Roll([1, 2, 3, 4]));
    assert_eq!(list.len(), 3);
    let sub = list.select(0b101);
    assert_eq!(sub.as_slice(), &[list.get(0), list.get(2)]);
    assert_eq!((sub.after(0), sub.after(1)), (list.after(0), list.after(2)));
    let mut rest = list;
    rest.remove(0);
    assert_eq!(rest.as_slice(), &list.as_slice()[1..]);
    assert_eq!(rest.after(1), list.after(2));
}
