//! The Route 66 rulebook on the end of the game: after the stop that wins the eighth segment,
//! all eleven with A More Leisurely Drive (ten with its token-count reading, `leisurely:10`),
//! and ties to the tied player latest in turn order.
//! The records are long, so they are written by small helpers; every roll is still spelled out.

use crate::records::{climb_and_stop, replay, replay_err, replay_with};
use pressluck_core::columns::record::Overrides;
use pressluck_core::columns::Variant;

/// Player 0 wins segments 2, 12, 3, 11, 4, 10, 5, 9 (68 points) one a turn; player 1 climbs
/// segment 7 one space a turn with 1 1 1 6 (only 7 is usable once 2 is won).
fn eight_segments(n: usize) -> String {
    let wins = [2, 12, 3, 11, 4, 10, 5, 9];
    let mut rec = String::from("players 2\n");
    for (i, &c) in wins.iter().take(n).enumerate() {
        rec += &climb_and_stop(c);
        if i + 1 < 8 {
            rec += "roll 1 1 1 6\nuse 7\nstop\n";
        }
    }
    rec
}

#[test]
fn the_game_ends_after_the_stop_that_wins_the_eighth_segment() {
    let (_, r) = replay(&eight_segments(7));
    assert_eq!(
        (
            r.game.finished(),
            r.game.board.closed.len(),
            r.game.board.cube(1, 7)
        ),
        (false, 7, 7)
    );
    let (_, r) = replay(&eight_segments(8));
    let b = &r.game.board;
    assert_eq!(
        (r.game.winner, b.closed.len(), b.scores[0], b.scores[1]),
        (Some(0), 8, 68, 0)
    );
    let e = replay_err(&format!("{}roll 1 1 1 6\n", eight_segments(8)));
    assert!(
        e.ends_with("roll 1 1 1 6: the game is over (player 1 won)"),
        "{e}"
    );
}

#[test]
fn leisurely_drive_plays_all_eleven_segments() {
    let lei = Overrides {
        variants: vec![Variant::Leisurely],
        ..Overrides::default()
    };
    let rest = format!(
        "roll 1 1 1 6\nuse 7\nstop\n{}roll 1 1 1 6\nuse 7\nstop\n{}roll 1 1 1 6\nuse 7\nstop\n",
        climb_and_stop(6),
        climb_and_stop(8)
    );
    let ten = eight_segments(8) + &rest;
    let (_, r) = replay_with(&ten, &lei);
    assert_eq!(
        (
            r.game.finished(),
            r.game.board.closed.len(),
            r.game.board.cube(1, 7)
        ),
        (false, 10, 10)
    );
    // Segment 7: player 0 climbs past player 1's cube on 10 (9 to 11) in six doubles.
    let last = "roll 3 4 3 4\nuse 7 7\n".repeat(6) + "stop\n";
    let (_, r) = replay_with(
        &format!("variant leisurely\n{ten}{last}"),
        &Overrides::default(),
    );
    let b = &r.game.board;
    assert_eq!((b.first[7], b.second[7], b.closed.len()), (0, 1, 11));
    assert_eq!(
        (r.game.winner, b.scores[0], b.scores[1]),
        (Some(0), 68 + 6 + 6 + 5, 3)
    );
}

#[test]
fn leisurely_ten_ends_after_the_stop_that_wins_the_tenth_segment() {
    // "Finish all 11 segments instead of just 8 (ten tokens placed)": read by the tokens, the
    // game ends when the tenth segment is won.
    let ten_tokens = Overrides {
        variants: vec!["leisurely:10".parse().unwrap()],
        ..Overrides::default()
    };
    let nine = eight_segments(8) + "roll 1 1 1 6\nuse 7\nstop\n" + &climb_and_stop(6);
    let (_, r) = replay_with(&nine, &ten_tokens);
    assert_eq!((r.game.finished(), r.game.board.closed.len()), (false, 9));
    let ten = nine + "roll 1 1 1 6\nuse 7\nstop\n" + &climb_and_stop(8);
    let (_, r) = replay_with(&ten, &ten_tokens);
    let b = &r.game.board;
    assert_eq!(
        (r.game.winner, b.closed.len(), b.scores[0]),
        (Some(0), 10, 68 + 6 + 6)
    );
    // The same record from its own header line.
    let (_, r) = replay(&format!("variant leisurely:10\n{ten}"));
    assert_eq!((r.game.winner, r.game.board.closed.len()), (Some(0), 10));
}

#[test]
fn a_tie_goes_to_the_tied_player_latest_in_turn_order() {
    // Player 0 wins 2, 3, 4, 5 and player 1 wins 12, 11, 10, 9: 34 points each.
    let mut rec = String::from("players 2\n");
    for (a, b) in [(2, 12), (3, 11), (4, 10), (5, 9)] {
        rec += &climb_and_stop(a);
        rec += &climb_and_stop(b);
    }
    let (_, r) = replay(&rec);
    assert_eq!(
        (
            r.game.board.scores[0],
            r.game.board.scores[1],
            r.game.winner
        ),
        (34, 34, Some(1))
    );
}
