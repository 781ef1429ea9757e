//! Release-mode timing of policy decisions (ignored by default; no assertions on time):
//! `cargo test --release --lib timing -- --ignored --nocapture`.

use super::ev::ExpectedValue;
use super::{AnyPolicy, Policy, PolicySpec, View};
use crate::columns::{Game, GameKind, Rules};
use crate::dice::{sample, Roll};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;
use std::time::Instant;

/// Plays one game between `seats`, calling `seen` at every decision; returns the winner.
fn play(
    rules: &Rules,
    seats: &mut [AnyPolicy],
    rng: &mut Xoshiro256PlusPlus,
    mut seen: impl FnMut(&Game, Option<Roll>),
) -> u8 {
    let mut g = Game::new();
    while !g.finished() {
        let roll = sample(rng);
        let list = g.choices(rules, roll);
        if list.is_empty() {
            g.bust(rules);
            continue;
        }
        let p = g.to_move as usize;
        seen(&g, Some(roll));
        let i = seats[p].choose(&View::new(rules, &g), roll, &list, rng);
        g.apply(rules, list.as_slice()[i]);
        if rules.game == GameKind::GreatRaces {
            continue;
        }
        seen(&g, None);
        if !seats[p].keep_rolling(&View::new(rules, &g), rng) {
            g.stop(rules);
        }
    }
    g.winner.unwrap_or(0)
}

#[test]
#[ignore]
fn ev_decision_cost() {
    for game in [GameKind::Route66, GameKind::CantStop] {
        let rules = Rules::new(game, 2);
        let ev = PolicySpec::parse("ev").unwrap().build(&rules);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let (mut stops, mut chooses) = (Vec::new(), Vec::new());
        for _ in 0..2000 {
            play(
                &rules,
                &mut [ev.clone(), ev.clone()],
                &mut rng,
                |g, roll| match roll {
                    Some(r) => chooses.push((*g, r)),
                    None => stops.push(*g),
                },
            );
        }
        let mut policy = ExpectedValue::new();
        let t = Instant::now();
        let mut rolls = 0;
        for _ in 0..5 {
            for g in &stops {
                rolls += black_box(policy.keep_rolling(&View::new(&rules, g), &mut rng)) as u32;
            }
        }
        let per_stop = t.elapsed().as_nanos() as f64 / (5 * stops.len()) as f64;
        let t = Instant::now();
        let mut sum = 0;
        for _ in 0..5 {
            for (g, roll) in &chooses {
                let list = g.choices(&rules, *roll);
                sum += black_box(policy.choose(&View::new(&rules, g), *roll, &list, &mut rng));
            }
        }
        let per_choose = t.elapsed().as_nanos() as f64 / (5 * chooses.len()) as f64;
        let t = Instant::now();
        let games = 20_000;
        for _ in 0..games {
            play(&rules, &mut [ev.clone(), ev.clone()], &mut rng, |_, _| {});
        }
        let per_game = t.elapsed().as_secs_f64() / games as f64;
        println!(
            "{game}: keep_rolling {per_stop:.0} ns ({} calls, {rolls} rolls), choose {per_choose:.0} ns ({} calls, {sum}); \
             ev-vs-ev game {:.1} us, {:.0} games/s on one core",
            stops.len(),
            chooses.len(),
            per_game * 1e6,
            1.0 / per_game
        );
    }
}

#[test]
#[ignore]
fn ev_against_the_others() {
    for game in [GameKind::Route66, GameKind::CantStop] {
        let rules = Rules::new(game, 2);
        for other in [
            "one-roll",
            "fixed-risk:0.3",
            "rule28",
            "glenn",
            "rolls:2",
            "random:0.3",
        ] {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
            let mut seats = [
                PolicySpec::parse("ev").unwrap().build(&rules),
                PolicySpec::parse(other).unwrap().build(&rules),
            ];
            let games = 4000;
            let mut wins = 0;
            for i in 0..games {
                seats.swap(0, 1);
                let ev_seat = if i % 2 == 0 { 1 } else { 0 };
                wins += (play(&rules, &mut seats, &mut rng, |_, _| {}) == ev_seat) as u32;
            }
            println!(
                "{game}: ev wins {:.1}% against {other}",
                100.0 * wins as f64 / games as f64
            );
        }
    }
}
