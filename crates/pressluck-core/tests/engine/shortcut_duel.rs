//! The two-player Shortcut solution against the game loop: the solved value is a fixed point
//! met from below and from above, the first player's exact chance, self-play of the solved
//! policy from two dozen positions landing within the intervals of the exact chances, and a
//! scripted game on a tiny board where blocking the one grey square is the best first move.

use pressluck_core::counters::{wilson999, MatchupStats};
use pressluck_core::games::shortcut::duel::{solve, TOLERANCE};
use pressluck_core::games::shortcut::{
    play_from, play_game, Next, RngD6, ScriptedD6, ShortcutGame, ShortcutPosition,
};
use pressluck_core::games::shortcut::{ShortcutBoard, ShortcutPolicy, ShortcutSetup};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::Arc;

/// Seat 1's exact chance at two players on the default board (docs/shortcut.md).
const FIRST_PLAYER_EXACT: f64 = 0.567_895_709_351;

/// Positions of the two-player game on the default board (each car's square, the seat to move)
/// the simulations check against the exact solution: starts, main road, both shortcut regions,
/// near the finish, cars side by side.
pub const DUEL_POSITIONS: [(&str, &str, usize); 24] = [
    ("r0", "r0", 1),
    ("r5", "r6", 1),
    ("r6", "r5", 2),
    ("a1", "r6", 1),
    ("r6", "a1", 1),
    ("a2", "a1", 2),
    ("a1", "a3", 1),
    ("r24", "a3", 1),
    ("a3", "r24", 2),
    ("r10", "a2", 1),
    ("q1", "q2", 1),
    ("q2", "q5", 2),
    ("q4", "q1", 1),
    ("r26", "q1", 1),
    ("r27", "q4", 2),
    ("r30", "r20", 1),
    ("r33", "r33", 1),
    ("r34", "q6", 2),
    ("r12", "r0", 2),
    ("a2", "r26", 1),
    ("r25", "a2", 1),
    ("q5", "r6", 2),
    ("r18", "r18", 1),
    ("r6", "r6", 2),
];

#[test]
fn the_first_player_s_exact_chance_from_below_and_from_above() {
    let b = ShortcutBoard::default_board();
    let d = solve(&b).unwrap();
    let i = b.start as usize * b.len() + b.start as usize;
    assert!(d.gap < TOLERANCE, "{}", d.gap);
    assert!(
        (d.win[i] - FIRST_PLAYER_EXACT).abs() < 1e-11,
        "{}",
        d.win[i]
    );
    assert!(
        (d.win_upper[i] - FIRST_PLAYER_EXACT).abs() < 1e-11,
        "{}",
        d.win_upper[i]
    );
    // The setup caches the same solution.
    let setup = ShortcutSetup::new(b, 2);
    assert_eq!(setup.duel().unwrap().win[i], d.win[i]);
    assert!(Arc::ptr_eq(&setup.duel().unwrap(), &setup.duel().unwrap()));
}

#[test]
fn self_play_from_two_dozen_positions_agrees_with_the_exact_chances() {
    // Each position (seat 1's square, seat 2's square, seat to move) is played on 6,000 times
    // by the solved policy in both seats; the mover's share of wins must hold the exact chance
    // in its 99.9% Wilson interval (24 positions: 95% intervals would miss about one).
    let b = ShortcutBoard::default_board();
    let duel = Arc::new(solve(&b).unwrap());
    let policies = [
        ShortcutPolicy::Duel(duel.clone()),
        ShortcutPolicy::Duel(duel.clone()),
    ];
    let positions = DUEL_POSITIONS;
    let n = 6_000u64;
    let mut checked = 0;
    for (k, &(c1, c2, to_move)) in positions.iter().enumerate() {
        let cars = [b.find(c1).unwrap(), b.find(c2).unwrap()];
        let seat = to_move - 1;
        let exact = duel.chance(cars[seat], cars[1 - seat]);
        let mut dice = RngD6(Xoshiro256PlusPlus::seed_from_u64(1000 + k as u64));
        let mut stats = MatchupStats::default();
        let mut wins = 0u64;
        for _ in 0..n {
            let mut g = ShortcutGame::new(&b, 2);
            g.cars[..2].copy_from_slice(&cars);
            g.to_move = seat as u8;
            let start = ShortcutPosition {
                game: g,
                next: Next::Announce,
            };
            let end = play_from(&b, start, &policies, &[0, 1], &mut dice, &mut stats);
            wins += (end.winner == Some(seat as u8)) as u64;
        }
        assert_eq!(stats.unfinished, 0);
        let (lo, hi) = wilson999(wins, n);
        assert!(
            lo <= exact && exact <= hi,
            "{c1},{c2} seat {to_move} to move: won {wins}/{n} ({lo:.4}..{hi:.4}), exact {exact:.6}"
        );
        checked += 1;
    }
    assert!(checked >= 20);
}

#[test]
fn on_a_tiny_board_the_first_car_blocks_the_grey_square() {
    // s → w1 → w2 → finish, and grey g between s and the finish. Both on s, seat 1 pushes onto
    // g (1 - 23/72 = 49/72, the hand-worked value of the solver's unit test); seat 2 may not
    // pass g, so it takes the shortcut along the road: a 1 and a 4 leave it on s, and seat 1
    // pushes over the finish.
    let b = ShortcutBoard::from_toml(
        r#"start = "s"
squares = [
  { id = "s", colour = "white", to = ["w1", "g"] },
  { id = "w1", colour = "white", to = ["w2"] },
  { id = "w2", colour = "white", to = ["f"] },
  { id = "g", colour = "grey", to = ["f"] },
  { id = "f", colour = "finish" },
]"#,
    )
    .unwrap();
    let duel = Arc::new(solve(&b).unwrap());
    assert!((duel.chance(b.start, b.start) - 49.0 / 72.0).abs() < 1e-12);
    let policies = [
        ShortcutPolicy::Duel(duel.clone()),
        ShortcutPolicy::Duel(duel),
    ];
    let faces = [1u8, 4];
    let mut stats = MatchupStats::default();
    let g = play_game(
        &b,
        2,
        &policies,
        &[0, 1],
        &mut ScriptedD6::new(&faces),
        &mut stats,
    );
    assert_eq!(g.winner, Some(0));
    assert_eq!(g.turns[..2], [2, 1]);
    assert_eq!(b.id(g.cars[1]), "s");
    // Seat 1 rolled no die (two pushes); seat 2 rolled a 1, pressed on, and a 4 stuck it.
    assert_eq!((stats.cells[0][0].rolls, stats.cells[1][1].rolls), (0, 2));
    assert_eq!(stats.cells[1][1].busts, 1);
}
