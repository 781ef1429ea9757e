//! The optimal Shortcut policy: value iteration converges, hand-solved values come out, a
//! Monte Carlo run of the policy agrees with its expected turns, and no built-in beats it.

use pressluck_core::counters::{mean_sd, MatchupStats};
use pressluck_core::games::shortcut::solver::{solve, TOLERANCE};
use pressluck_core::games::shortcut::{
    bit, play_game, shortcut_reach, Announce, Ctx, ScriptedD6, ShortcutBoard, ShortcutPolicy,
    ShortcutSetup,
};
use pressluck_core::games::{Family, Matchup, ShortcutFamily};
use pressluck_core::sim::play_matchup;

#[test]
fn value_iteration_converges_below_1e_12() {
    let b = ShortcutBoard::default_board();
    let s = solve(&b).unwrap();
    assert!(
        s.residual < TOLERANCE && TOLERANCE <= 1e-12,
        "{}",
        s.residual
    );
    assert!(s.sweeps > 10, "{}", s.sweeps);
    for (i, &v) in s.v.iter().enumerate() {
        let q = s.q_main[i].min(s.q_push[i]).min(s.q_shortcut[i]);
        if i != b.finish as usize {
            assert!((v - q).abs() < 1e-9, "square {i}: {v} vs {q}");
        }
    }
}

#[test]
fn hand_solved_values_near_the_finish() {
    let b = ShortcutBoard::default_board();
    let s = solve(&b).unwrap();
    let v = |id: &str| s.v[b.find(id).unwrap() as usize];
    // One square away: push. Two away: push twice (a main roll is 1 + (1 + 0 + 4·2)/6 = 2.5).
    assert_eq!(v("r35"), 1.0);
    assert!((v("r34") - 2.0).abs() < 1e-12);
    assert!((s.q_main[b.find("r34").unwrap() as usize] - 2.5).abs() < 1e-12);
    // Three away, by hand: the shortcut, stopping at total 2 or more, pressing on a 1:
    // V = 1 + V/2 + (V/2 + 1/6 + 1)/6, so V = 43/15.
    assert!((v("r33") - 43.0 / 15.0).abs() < 1e-12, "{}", v("r33"));
    // The Quarry's last square before the finish.
    assert_eq!(v("q3"), 1.0);
}

#[test]
fn a_tiny_board_solves_to_its_closed_form() {
    // Start, one white and one grey square, the finish: one push finishes from either; from
    // the start two pushes (2 turns) beat the shortcut (1 + 2/2 + 1/6) and the main road (3.5).
    let b = ShortcutBoard::from_toml(
        r#"start = "s"
squares = [
  { id = "s", colour = "white", to = ["w"] },
  { id = "w", colour = "white", to = ["f", "g"] },
  { id = "g", colour = "grey", to = ["f"] },
  { id = "f", colour = "finish" },
]"#,
    )
    .unwrap();
    let s = solve(&b).unwrap();
    let v = |id: &str| s.v[b.find(id).unwrap() as usize];
    assert_eq!(v("g"), 1.0);
    assert_eq!(v("w"), 1.0);
    assert!((v("s") - 2.0).abs() < 1e-12, "{}", v("s"));
}

#[test]
fn monte_carlo_of_optimal_agrees_with_its_expected_turns() {
    let setup = ShortcutSetup::new(ShortcutBoard::default_board(), 1);
    let exact = setup.solution().unwrap().v[setup.board.start as usize];
    let fam = ShortcutFamily(setup);
    let m = Matchup {
        slots: vec![fam.parse_spec("optimal").unwrap()],
    };
    let n = 200_000;
    let st = play_matchup(&fam, &m, 7, n).unwrap();
    let c = st.slot_total(0);
    assert_eq!((c.games, c.wins, st.unfinished), (n, n, 0));
    let (mean, sd) = mean_sd(c.games, c.turns, c.turns_sq);
    let se = sd / (n as f64).sqrt();
    assert!(
        (mean - exact).abs() < 3.0 * se,
        "mean {mean} vs exact {exact} (se {se})"
    );
}

#[test]
fn no_built_in_finishes_faster_than_optimal() {
    let setup = ShortcutSetup::new(ShortcutBoard::default_board(), 1);
    let exact = setup.solution().unwrap().v[setup.board.start as usize];
    let fam = ShortcutFamily(setup);
    for spec in [
        "main-road",
        "press:1",
        "press:2",
        "threshold:3",
        "threshold:6",
    ] {
        let m = Matchup {
            slots: vec![fam.parse_spec(spec).unwrap()],
        };
        let n = 50_000;
        let c = play_matchup(&fam, &m, 11, n).unwrap().slot_total(0);
        let (mean, sd) = mean_sd(c.games, c.turns, c.turns_sq);
        let se = sd / (n as f64).sqrt();
        assert!(mean > exact - 3.0 * se, "{spec}: {mean} < {exact}");
    }
}

#[test]
fn the_optimal_policy_presses_on_a_1_three_squares_out() {
    // From r33 (3 to go) the optimal policy announces the shortcut, presses on after a 1 and
    // stops once the finish is in reach.
    let b = ShortcutBoard::default_board();
    let pol = ShortcutPolicy::Optimal(std::sync::Arc::new(solve(&b).unwrap()));
    let at = b.find("r33").unwrap();
    let ctx = Ctx {
        board: &b,
        cars: &[at],
        seat: 0,
        at,
        blocked: 0,
    };
    assert_eq!(pol.announce(&ctx), Announce::Shortcut);
    let one = shortcut_reach(&b, ctx.at, 1, 0);
    assert_eq!(one & bit(b.finish), 0);
    assert!(pol.keep_pressing(&ctx, 1, 1, one));
    let three = shortcut_reach(&b, ctx.at, 3, 0);
    assert!(!pol.keep_pressing(&ctx, 2, 3, three));
    assert_eq!(pol.choose_move(&ctx, three), b.finish);
}

#[test]
fn a_scripted_solitaire_game_counts_turns_rolls_and_busts() {
    // Optimal from the start: main-road 6s to r6, then the Gravel Pass (a 4 sticks the car).
    let b = ShortcutBoard::default_board();
    let sol = std::sync::Arc::new(solve(&b).unwrap());
    let at_r6 = sol.choose(b.find("r6").unwrap(), 0);
    assert_eq!(
        at_r6,
        pressluck_core::games::shortcut::solver::ShortcutChoice::Shortcut
    );
    let faces = [6u8, 4];
    let mut stats = MatchupStats::default();
    let g = play_game(
        &b,
        1,
        &[ShortcutPolicy::Optimal(sol)],
        &[0],
        &mut ScriptedD6::new(&faces),
        &mut stats,
    );
    assert_eq!(b.id(g.cars[0]), "r6");
    assert_eq!(g.turns[0], 2);
    let c = stats.cells[0][0];
    assert_eq!((c.rolls, c.busts, c.games), (2, 1, 1));
    assert_eq!(stats.stop[0][0][0].busts, 1);
}
