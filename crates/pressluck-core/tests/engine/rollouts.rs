//! Rollouts against what is known exactly or measured another way: the two-player Shortcut
//! solution's chance of every option of two dozen positions, and a tournament's first-seat
//! win rate from the start of a Can't Stop game.

use pressluck_core::columns::{GameKind, Rules};
use pressluck_core::counters::{wilson999, MatchupStats};
use pressluck_core::engine::ColumnPosition;
use pressluck_core::games::shortcut::{
    blocked, push_targets, Next, ShortcutGame, ShortcutPosition,
};
use pressluck_core::games::shortcut::{ShortcutBoard, ShortcutSetup};
use pressluck_core::games::{matchup_key, ColumnFamily, Family, Matchup, ShortcutFamily};
use pressluck_core::sim::{roll_out, Z95};

#[test]
fn rollouts_of_the_solved_player_reproduce_the_exact_chance_of_every_option() {
    // Shortcut, 2 players, `optimal` (the two-player solution) in both seats. At the start of
    // the mover's turn each option — main road, shortcut, each push — is rolled out 3,000
    // times; the exact chance of the option (the solution's `q_main`, `q_shortcut`, or the
    // chance after the push) must lie in the rollouts' 99.9% Wilson interval (some 60 options:
    // 95% intervals would miss about three), give or take rounding where the chance is 1.
    let setup = ShortcutSetup::new(ShortcutBoard::default_board(), 2);
    let b = setup.board.clone();
    let duel = setup.duel().unwrap();
    let fam = ShortcutFamily(setup);
    let spec = fam.parse_spec("optimal").unwrap();
    let seats = fam.seats(&[spec]).unwrap();
    let positions = crate::shortcut_duel::DUEL_POSITIONS;
    let n = 3_000;
    let mut checked = 0;
    for (k, &(c1, c2, to_move)) in positions.iter().enumerate() {
        let cars = [b.find(c1).unwrap(), b.find(c2).unwrap()];
        let seat = to_move - 1;
        let (x, y) = (cars[seat], cars[1 - seat]);
        let mut game = ShortcutGame::new(&b, 2);
        game.cars[..2].copy_from_slice(&cars);
        game.to_move = seat as u8;
        let i = x as usize * b.len() + y as usize;
        // The options and their exact chances.
        let mut options = Vec::new();
        let mut exact = Vec::new();
        if duel.q_main[i].is_finite() {
            options.push(ShortcutPosition {
                game,
                next: Next::MainRoll,
            });
            exact.push(duel.q_main[i]);
        }
        options.push(ShortcutPosition {
            game,
            next: Next::Press { rolls: 0, total: 0 },
        });
        exact.push(duel.q_shortcut[i]);
        let pushes = push_targets(&b, x, blocked(&b, &game.cars[..2], seat));
        for u in pressluck_core::games::shortcut::squares(pushes) {
            let mut g = game;
            g.end_turn(&b, u);
            options.push(ShortcutPosition {
                game: g,
                next: Next::Announce,
            });
            exact.push(duel.after(y, u));
        }
        let r = roll_out(&fam, &seats, &options, seat as u8, 0, n, 100 + k as u64);
        for (j, &e) in exact.iter().enumerate() {
            let (lo, hi) = wilson999(r.counts.wins[j], n);
            assert!(
                lo - 1e-9 <= e && e <= hi + 1e-9,
                "{c1},{c2} seat {to_move}, option {j}: won {}/{n} ({lo:.4}..{hi:.4}), exact {e:.6}",
                r.counts.wins[j]
            );
            checked += 1;
        }
        assert!(r.counts.unfinished.iter().all(|&u| u == 0));
    }
    assert!(checked >= 40, "{checked} options");
}

#[test]
fn rollouts_from_the_start_win_as_often_as_the_first_seat_of_a_tournament() {
    // Can't Stop, 2 players: rule28 in seat 1 against fixed-risk:0.3, rolled out 4,000 times
    // from the start, against a tournament's 20,000 games (rule28 in seat 1 in half of them).
    // The two estimates of seat 1's chance differ by less than 1.96 standard errors of their
    // difference.
    let fam = ColumnFamily::new(Rules::new(GameKind::CantStop, 2));
    let specs = [
        fam.parse_spec("rule28").unwrap(),
        fam.parse_spec("fixed-risk:0.3").unwrap(),
    ];
    let m = Matchup {
        slots: specs.to_vec(),
    };
    let stats: MatchupStats = fam.play(&m, 11, matchup_key(&m), 0, 20_000);
    let cell = stats.cells[0][0];
    let (tw, tn) = (cell.wins, cell.games);
    assert_eq!(tn, 10_000);
    let seats = fam.seats(&specs).unwrap();
    let n = 4_000;
    let r = roll_out(&fam, &seats, &[ColumnPosition::start()], 0, 0, n, 12);
    let (p1, p2) = (r.counts.wins[0] as f64 / n as f64, tw as f64 / tn as f64);
    let se = (p1 * (1.0 - p1) / n as f64 + p2 * (1.0 - p2) / tn as f64).sqrt();
    assert!(
        (p1 - p2).abs() < Z95 * se,
        "rollouts {p1:.4}, tournament {p2:.4}, se {se:.4}"
    );
}
