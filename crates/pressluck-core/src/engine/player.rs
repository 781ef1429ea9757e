//! A policy slot as the engine plays it ([`Player`]): the policy and, for a policy choosing by
//! the turn's shape alone ([`Policy::choice_scores`]) on a CPU with AVX2, how it scores
//! choices, so that the loop in [`super::play`] ranks its choices itself ([`super::rank`])
//! and never lists them for it.

use super::cpu::Avx2;
use super::shape::TurnShape;
use crate::columns::{Choice, Game, Rules};
use crate::dice::Outcome;
use crate::policy::{ChoiceScores, Policy};
use std::sync::Arc;

/// A policy slot as the engine plays it: the policy and, when the engine may rank its choices
/// itself, how it scores them. Cloning is cheap (shared tables).
#[derive(Clone, Debug)]
pub struct Player<P> {
    /// The policy.
    pub policy: P,
    /// How the policy scores choices, with the proof that this CPU ranks them, for a policy
    /// choosing by the turn's shape ([`Policy::choice_scores`]).
    pub(super) ranked: Option<(Arc<ChoiceScores>, Avx2)>,
    /// The proof that this CPU runs the turn loop compiled for x86-64-v3, if it does.
    pub(super) avx2: Option<Avx2>,
    /// The shape of any player's first turn (an empty board), worked out once.
    pub(super) opening: TurnShape,
}

impl<P: Policy> Player<P> {
    /// A player for `policy` under `rules`; with `avx2`, ranked on the turn's shape where the
    /// policy allows it.
    pub fn new(policy: P, rules: &Rules, avx2: Option<Avx2>) -> Player<P> {
        let ranked = avx2.and_then(|t| policy.choice_scores(rules).map(|s| (Arc::new(s), t)));
        Player {
            policy,
            ranked,
            avx2,
            opening: TurnShape::at_turn_start(rules, &Game::new().board, 0),
        }
    }

    /// A player for `policy` that is always asked through the roll evaluator's list, never
    /// ranked on the turn's shape: the reference the fast path is tested against.
    pub fn listing(policy: P, rules: &Rules) -> Player<P> {
        Player::new(policy, rules, None)
    }

    /// The pick for `outcome` in the turn of `game` shaped `shape`, ranked on the shape (the
    /// player must be `ranked`).
    #[inline(always)]
    pub(super) fn ranked_pick(
        &self,
        rules: &Rules,
        game: &Game,
        shape: &TurnShape,
        outcome: Outcome,
    ) -> Choice {
        let Some((scores, avx2)) = &self.ranked else {
            unreachable!("ranked_pick needs a ranked player")
        };
        let (cars, free) = (game.turn.cars, game.turn.free_cars(rules));
        shape.best_choice(*avx2, outcome, cars, free, scores, rules.faster_gear)
    }
}

/// Players for each of `policies` under `rules`, in slot order (ranked with `avx2`).
pub fn players<P: Policy + Clone>(
    policies: &[P],
    rules: &Rules,
    avx2: Option<Avx2>,
) -> Vec<Player<P>> {
    policies
        .iter()
        .map(|p| Player::new(p.clone(), rules, avx2))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::GameKind;
    use crate::counters::MatchupStats;
    use crate::engine::dice_source::RngDice;
    use crate::engine::play::play_game;
    use crate::policy::PolicySpec;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The counters of `games` games of `specs` under `rules`, with the choices ranked on the
    /// turn's shape (`avx2`) or asked through the roll evaluator's list (`None`).
    fn counters(rules: &Rules, specs: &[&str], games: u64, avx2: Option<Avx2>) -> MatchupStats {
        let mut players: Vec<_> = specs
            .iter()
            .map(|s| Player::new(PolicySpec::parse(s).unwrap().build(rules), rules, avx2))
            .collect();
        let n = rules.players as usize;
        let mut stats = MatchupStats::default();
        for i in 0..games {
            let seats = crate::engine::deal::seating(i, n);
            let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(i));
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(!i);
            play_game(
                rules,
                &mut players,
                &seats[..n],
                &mut dice,
                &mut rng,
                &mut stats,
            );
        }
        stats
    }

    #[test]
    fn ranking_on_the_shape_plays_the_games_the_listing_engine_plays() {
        use crate::columns::{Edition, Variant};
        let Some(avx2) = Avx2::cpu() else {
            eprintln!("skipped: this CPU has no AVX2");
            return;
        };
        let r66 = |edition, players, variants: &[Variant]| {
            let mut r = Rules::route66(edition, players);
            for &v in variants {
                r.apply_variant(v).unwrap();
            }
            r
        };
        let cs = |players, variants: &[Variant]| {
            let mut r = Rules::new(GameKind::CantStop, players);
            for &v in variants {
                r.apply_variant(v).unwrap();
            }
            r
        };
        let mut four = cs(2, &[]);
        four.columns_to_win = 4;
        // Short columns: tops in reach on most rolls.
        let mut short = cs(2, &[]);
        for (c, len) in (2..=12).zip([2, 2, 3, 3, 4, 4, 4, 3, 3, 2, 2]) {
            short.layout.length[c] = len;
        }
        let mut short_r66 = r66(Edition::En, 3, &[]);
        short_r66.layout.length = short.layout.length;
        let en = Edition::En;
        let cases: Vec<(Rules, Vec<&str>)> = vec![
            (r66(en, 2, &[]), vec!["rule28", "fixed-risk:0.3"]),
            (
                r66(Edition::De, 2, &[]),
                vec!["glenn", "fixed-risk:0.2,ignore-top"],
            ),
            (
                r66(en, 2, &[Variant::FasterGear]),
                vec!["rule28", "fixed-risk:0.4"],
            ),
            (
                r66(en, 3, &[Variant::Leisurely]),
                vec!["one-roll", "rolls:3", "glenn"],
            ),
            (
                r66(en, 4, &[Variant::FasterGear]),
                vec!["random:0.3", "rule28", "fixed-risk:0.1", "glenn"],
            ),
            (cs(2, &[]), vec!["fixed-risk:0.3", "rule28"]),
            (cs(2, &[Variant::Jump]), vec!["glenn", "fixed-risk:0.25"]),
            (
                cs(3, &[]),
                vec![
                    "rule-of-n:20,choice=3/0/5/1/0/7,marker=2,odd=4",
                    "fixed-risk:0.5,ignore-top",
                    "rolls:2",
                ],
            ),
            (
                cs(4, &[Variant::Jump]),
                vec!["rule28", "glenn", "fixed-risk:0.3", "one-roll"],
            ),
            (four, vec!["fixed-risk:0", "fixed-risk:0.6"]),
            (short, vec!["glenn", "fixed-risk:0.35,ignore-top"]),
            (
                short_r66,
                vec!["rule28", "fixed-risk:0.3,ignore-top", "glenn"],
            ),
        ];
        for (rules, specs) in &cases {
            let ranked = counters(rules, specs, 300, Some(avx2));
            assert_eq!(ranked, counters(rules, specs, 300, None), "{specs:?}");
            let games: u64 = (0..specs.len()).map(|s| ranked.slot_total(s).games).sum();
            assert_eq!(games, 300 * rules.players as u64);
        }
    }
}
