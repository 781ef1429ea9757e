//! The worked examples of the Route 66 rulebook (German text in order, English text alongside),
//! replayed as records with the dice written out. The figures' dice are not in the text: each
//! roll below is reconstructed to fit what the text says the player could and could not do.
//! The end of the game is in `game_end.rs`; Can't Stop and The Great Races are in
//! `other_games.rs`.

use crate::records::{climb_and_stop, legal, replay, replay_err, replay_with};
use pressluck_core::columns::record::{Decision, Overrides};
use pressluck_core::columns::{Edition, Variant};

/// Anna's first roll (Fig. 2): 2 3 4 5 pairs as 5+9 (A), 6+8 (B) or 7+7 (C).
const FIRST: &str = "players 2\nroll 2 3 4 5\n";

#[test]
fn fig2_first_roll_offers_three_options() {
    let (_, r) = replay(FIRST);
    assert_eq!(legal(&r), "5 9, 6 8, 7 7");
    let (_, a) = replay(&format!("{FIRST}use 5 9\n"));
    assert_eq!(
        (
            a.game.turn.car(5),
            a.game.turn.car(9),
            a.game.turn.cars.len()
        ),
        (1, 1, 2)
    );
    let (_, b) = replay(&format!("{FIRST}use 8 6\n"));
    assert_eq!(
        (
            b.game.turn.car(6),
            b.game.turn.car(8),
            b.game.turn.cars.len()
        ),
        (1, 1, 2)
    );
    // C: the car enters segment 7 and moves on to its second space with the other 7.
    let (_, c) = replay(&format!("{FIRST}use 7 7\n"));
    assert_eq!((c.game.turn.car(7), c.game.turn.cars.len()), (2, 1));
    // Taking one pair of a pairing whose both pairs can be used is not allowed.
    assert!(replay_err(&format!("{FIRST}use 7\n"))
        .starts_with("line 3: use 7: not a legal use of roll 2 3 4 5"));
}

#[test]
fn fig3_second_roll_depends_on_the_first_choice() {
    // Second roll 1 1 5 6 pairs as 2+11 or 6+7.
    let after = |first: &str| replay(&format!("{FIRST}use {first}\nroll 1 1 5 6\n")).1;
    // After A or B one car is left: on 2 or on 11 (the other pair is ignored), or 6 or 7 ...
    assert_eq!(legal(&after("5 9")), "2, 11, 6, 7");
    // ... except that after B the 6+7 pairing moves the car on 6 and brings the third in on 7.
    assert_eq!(legal(&after("6 8")), "2, 11, 6 7");
    let (_, b) = replay(&format!("{FIRST}use 6 8\nroll 1 1 5 6\nuse 7 6\n"));
    assert_eq!(
        (b.game.turn.car(6), b.game.turn.car(7), b.game.turn.car(8)),
        (2, 1, 1)
    );
    // After C two cars are left: both 2 and 11 come in.
    assert_eq!(legal(&after("7 7")), "2 11, 6 7");
    let (_, c) = replay(&format!("{FIRST}use 7 7\nroll 1 1 5 6\nuse 11 2\n"));
    assert_eq!(
        (c.game.turn.car(2), c.game.turn.car(7), c.game.turn.car(11)),
        (1, 2, 1)
    );
    let e = replay_err(&format!("{FIRST}use 5 9\nroll 1 1 5 6\nuse 2 11\n"));
    assert_eq!(
        e,
        "line 5: use 2 11: not a legal use of roll 1 1 5 6 (legal: 2, 11, 6, 7)"
    );
}

/// Figs. 2, 3 and 5: option A twice, cars on 2, 5 and 9.
const THIRD: &str = "players 2\nroll 2 3 4 5\nuse 5 9\nroll 1 1 5 6\nuse 2\n";

#[test]
fn fig5_third_roll_stop_keeps_three_cubes() {
    let (rules, r) = replay(&format!("{THIRD}stop\n"));
    let b = &r.game.board;
    assert_eq!((b.cube(0, 2), b.cube(0, 5), b.cube(0, 9)), (1, 1, 1));
    assert_eq!(b.cubes_of(0).len(), 3);
    assert_eq!(
        (r.game.to_move, r.game.turn.cars.len(), r.decision(&rules)),
        (1, 0, Decision::Roll)
    );
}

#[test]
fn fig5_third_roll_bust_loses_everything() {
    // 3 3 4 4 pairs only as 6+8 or 7+7: none of 2, 5, 9, and no car is left to bring in.
    let (rules, r) = replay(&format!("{THIRD}roll 3 3 4 4\n"));
    assert_eq!(r.game.board.cubes_of(0).len(), 0);
    assert_eq!((r.game.to_move, r.busts, r.game.turn.cars.len()), (1, 1, 0));
    assert_eq!(r.decision(&rules), Decision::Roll);
    // The same roll at the start of a turn is fine: 6 8 or 7 7.
    let (_, r) = replay(&format!("{THIRD}roll 3 3 4 4\nroll 3 3 4 4\n"));
    assert_eq!(legal(&r), "6 8, 7 7");
}

#[test]
fn fig4_cars_jump_over_opponents_cubes() {
    let rec = "players 3
roll 2 3 4 5
use 7 7        # player 0: car to 7@2
stop
roll 3 4 3 4   # player 1: 7+7 (or 6+8)
use 7 7        # 7@1, then over player 0's cube on 2 to 3
stop
roll 1 6 2 5   # player 2: 7+7, 3+11 or 6+8
use 7 7        # 7@1, then over the cubes on 2 and 3 to 4
stop
roll 1 6 6 6   # player 0: 7+12 only
use 7 12       # from her own cube on 2 past the opponents on 3 and 4 to 5
";
    let (_, r) = replay(rec);
    let b = &r.game.board;
    assert_eq!((b.cube(0, 7), b.cube(1, 7), b.cube(2, 7)), (2, 3, 4));
    assert_eq!((r.game.turn.car(7), r.game.turn.car(12)), (5, 1));
    let (_, r) = replay(&format!("{rec}stop\n"));
    assert_eq!(
        (
            r.game.board.cube(0, 7),
            r.game.board.cube(0, 12),
            r.game.to_move
        ),
        (5, 1, 1)
    );
}

/// Player 0 enters segment 2 on space 1 (and 12), player 1 jumps her with a double to the top.
const SECOND_FROM_SPACE_1: &str = "players 2
roll 1 1 6 6
use 2 12
stop
roll 1 1 1 1
use 2 2
stop
";

/// Player 0 reaches space 2 of segment 2 (a `*` space on our German board), player 1 wins it.
const SECOND_FROM_SPACE_2: &str = "players 2
roll 1 1 1 1
use 2 2
stop
roll 1 1 1 1
use 2 2
stop
";

#[test]
fn winning_a_segment_second_place_by_edition() {
    let de = Overrides {
        edition: Some(Edition::De),
        ..Overrides::default()
    };
    // English: the furthest opponent cube anywhere on the segment takes second place.
    let (_, en1) = replay(SECOND_FROM_SPACE_1);
    let b = &en1.game.board;
    assert!(b.closed.has(2));
    assert_eq!(
        (b.first[2], b.second[2], b.scores[0], b.scores[1]),
        (1, 0, 6, 10)
    );
    assert_eq!((b.cube(1, 2), b.cube(0, 2), b.cube(0, 12)), (3, 3, 1));
    // German: space 1 is not a `*` space, so no second place and her cube goes home.
    let (_, de1) = replay_with(SECOND_FROM_SPACE_1, &de);
    let b = &de1.game.board;
    assert_eq!(
        (b.first[2], b.second[2], b.scores[0], b.scores[1]),
        (1, u8::MAX, 0, 6)
    );
    assert_eq!((b.cube(1, 2), b.cube(0, 2), b.cube(0, 12)), (3, 0, 1));
    // From space 2 both editions give second place (German points for segment 2: 6 and 3).
    let (_, en2) = replay(SECOND_FROM_SPACE_2);
    assert_eq!(
        (en2.game.board.second[2], en2.game.board.scores),
        (0, [6, 10, 0, 0])
    );
    let (_, de2) = replay_with(SECOND_FROM_SPACE_2, &de);
    assert_eq!(
        (de2.game.board.second[2], de2.game.board.scores),
        (0, [3, 6, 0, 0])
    );
}

#[test]
fn winning_a_segment_returns_other_cubes_and_closes_it_to_everyone() {
    let rec = "players 3
roll 1 1 6 6
use 2 12       # player 0: 12@1 (and 2@1)
stop
roll 1 5 6 6   # player 1: 6+12 or 7+11
use 6 12       # 12@2, over player 0's cube
stop
roll 6 6 6 6   # player 2: over both cubes straight to the top: one step, `use 12`
use 12
stop
roll 6 6 6 6   # segment 12 is closed: player 0 busts ...
roll 6 6 6 6   # ... player 1 too ...
roll 6 6 6 6   # ... and the winner herself
";
    let (_, r) = replay(rec);
    let b = &r.game.board;
    assert_eq!((b.first[12], b.second[12], b.scores), (2, 1, [0, 6, 10, 0]));
    assert_eq!((b.cube(0, 12), b.cube(1, 12), b.cube(2, 12)), (0, 3, 3));
    assert_eq!((r.busts, r.game.to_move, b.closed.len()), (3, 0, 1));
}

#[test]
fn winning_a_segment_alone_and_a_car_at_the_top_cannot_move() {
    let (_, r) = replay(&format!("players 2\n{}", climb_and_stop(2)));
    let b = &r.game.board;
    assert_eq!(
        (b.first[2], b.second[2], b.scores[0], b.cube(0, 2)),
        (0, u8::MAX, 10, 3)
    );
    // Rolling on with the car at the top: another 1 1 1 1 cannot move it, so the turn busts
    // and the segment is lost.
    let (_, r) = replay("roll 1 1 1 1\nuse 2 2\nroll 1 1 1 1\nuse 2\nroll 1 1 1 1\n");
    assert_eq!(
        (r.busts, r.game.board.closed.len(), r.game.board.cube(0, 2)),
        (1, 0, 0)
    );
}

/// Player 0 wins segment 6; then Claudia (player 1) rolls 1 1 4 5.
fn claudia() -> String {
    format!("players 2\n{}roll 1 1 4 5\n", climb_and_stop(6))
}

#[test]
fn fig6_faster_gear_forces_new_cars_in() {
    let fast = Overrides {
        variants: vec![Variant::FasterGear],
        ..Overrides::default()
    };
    let (_, r) = replay_with(&claudia(), &fast);
    assert!(r.game.board.closed.has(6));
    assert_eq!(legal(&r), "2 9");
    let (_, r) = replay_with(&format!("{}use 9 2\nroll 1 1 3 6\n", claudia()), &fast);
    assert_eq!(legal(&r), "4, 7");
    for last in ["use 4", "use 7"] {
        let (_, r) = replay_with(
            &format!("{}use 2 9\nroll 1 1 3 6\n{last}\n", claudia()),
            &fast,
        );
        assert_eq!(
            (
                r.game.turn.cars.len(),
                r.game.turn.car(2),
                r.game.turn.car(9)
            ),
            (3, 1, 1)
        );
    }
    let e = replay_err(&format!("variant faster-gear\n{}use 5\n", claudia()));
    assert!(
        e.contains("use 5: not a legal use of roll 1 1 4 5 (legal: 2 9)"),
        "{e}"
    );
    let e = replay_err(&format!(
        "variant faster-gear\n{}use 2 9\nroll 1 1 3 6\nuse 2 9\n",
        claudia()
    ));
    assert!(
        e.contains("use 2 9: not a legal use of roll 1 1 3 6 (legal: 4, 7)"),
        "{e}"
    );
    // Without the variant both refused uses are legal.
    let (_, r) = replay(&format!("{}use 5\n", claudia()));
    assert_eq!((r.game.turn.cars.len(), r.game.turn.car(5)), (1, 1));
    let (_, r) = replay(&format!("{}use 2 9\nroll 1 1 3 6\nuse 2 9\n", claudia()));
    assert_eq!(
        (
            r.game.turn.cars.len(),
            r.game.turn.car(2),
            r.game.turn.car(9)
        ),
        (2, 2, 2)
    );
}
