//! Can't Stop and The Great Races, the two games built into the Route 66 board, replayed as
//! records from their rules (the Great Races sheet; Can't Stop's standard rules). Dice are
//! chosen so that each roll offers exactly the uses the comments name.

use crate::records::{climb_and_stop, dice_for, replay, replay_err, replay_with};
use pressluck_core::columns::record::{Event, Overrides, Record, Replay};
use pressluck_core::columns::{GameKind, Variant};

/// Can't Stop: both players bring markers in on 2 and 12.
const SHARED: &str = "game cant-stop
roll 1 1 6 6
use 2 12       # player 0: 2@1 and 12@1
stop
roll 1 1 6 6
use 2 12       # player 1 shares those spaces
";

#[test]
fn cant_stop_markers_share_spaces_unless_jump() {
    let (_, r) = replay(SHARED);
    assert_eq!(
        (
            r.game.turn.car(2),
            r.game.turn.car(12),
            r.game.board.cube(0, 2)
        ),
        (1, 1, 1)
    );
    let jump = Overrides {
        variants: vec![Variant::Jump],
        ..Overrides::default()
    };
    let (_, r) = replay_with(SHARED, &jump);
    assert_eq!((r.game.turn.car(2), r.game.turn.car(12)), (2, 2));
}

#[test]
fn cant_stop_claiming_a_column_removes_the_other_markers() {
    // Player 1 goes on up column 2 (3 spaces) with a double and claims it.
    let (_, r) = replay(&format!(
        "{SHARED}roll 1 1 1 1\nuse 2 2\nstop\nroll 1 1 1 1\n"
    ));
    let b = &r.game.board;
    assert_eq!((b.first[2], b.second[2], b.scores[1]), (1, u8::MAX, 1));
    assert_eq!(
        (b.cube(0, 2), b.cube(1, 2), b.cube(0, 12), b.cube(1, 12)),
        (0, 3, 1, 1)
    );
    // Column 2 is closed: player 0's 1 1 1 1 busts.
    assert_eq!((r.busts, r.game.to_move), (1, 1));
}

#[test]
fn cant_stop_three_columns_win() {
    // Player 0 claims 2, 12 and 3 on three turns; player 1 plays 6+8 and stops meanwhile.
    let other = "roll 3 4 3 4\nuse 6 8\nstop\n";
    let two = format!(
        "game cant-stop\n{}{other}{}{other}",
        climb_and_stop(2),
        climb_and_stop(12)
    );
    let (_, r) = replay(&two);
    assert_eq!(
        (
            r.game.finished(),
            r.game.board.won[0],
            r.game.board.cube(1, 6)
        ),
        (false, 2, 2)
    );
    let all = format!("{two}{}", climb_and_stop(3));
    let (_, r) = replay(&all);
    let b = &r.game.board;
    assert_eq!(
        (r.game.winner, b.won[0], b.scores[0], b.won[1]),
        (Some(0), 3, 3, 0)
    );
    assert!(replay_err(&format!("{all}roll 1 2 3 4\n")).contains("the game is over (player 1 won)"));
}

#[test]
fn great_races_one_roll_a_turn_both_pairs_and_doubles() {
    let rec = "game great-races
roll 2 3 4 5
use 5 9        # player 0: both pairs advance, and her turn is over
roll 2 3 4 5
use 7 7        # player 1: a double advances twice
roll 1 1 5 6
use 2 11       # player 0
roll 1 1 5 6
use 6 7        # player 1
roll 2 3 4 5
use 6 8        # player 0: markers on six tracks, no limit of three
";
    let (_, r) = replay(rec);
    let b = &r.game.board;
    assert_eq!(
        b.cubes_of(0).iter().collect::<Vec<_>>(),
        vec![2, 5, 6, 8, 9, 11]
    );
    assert_eq!((b.cube(1, 7), b.cube(1, 6), r.game.to_move), (3, 1, 1));
    assert_eq!(r.game.turns, [3, 2, 0, 0]);
    let e = replay_err("game great-races\nroll 2 3 4 5\nuse 5 9\nstop\n");
    assert!(
        e.starts_with("line 4: stop: The Great Races has no stop"),
        "{e}"
    );
    // The legal uses in canonical order: the most even pairing first.
    let e = replay_err("game great-races\nroll 2 3 4 5\nuse 5\n");
    assert!(e.contains("(legal: 7 7, 6 8, 5 9)"), "{e}");
}

#[test]
fn great_races_win_at_once_with_second_place_ties_to_the_later_player() {
    let rec = "game great-races
players 3
roll 1 2 1 2
use 3 3        # player 0: 3@2, a shaded space on our board (upper half of the track)
roll 1 2 1 2
use 3 3        # player 1: 3@2 as well: markers share spaces
roll 3 4 3 4
use 7 7        # player 2: 7@2
roll 2 3 4 5
use 6 8        # player 0
roll 2 3 4 5
use 6 8        # player 1
roll 1 2 5 6
use 3 11       # player 2: 3@1 and 11@1
roll 1 2 5 6
use 3 11       # player 0: 3@3, the top: she wins at once; player 1 (3@2) takes second
";
    let (_, r) = replay(rec);
    let b = &r.game.board;
    assert_eq!(
        (b.first[3], b.second[3], b.scores[0], b.scores[1]),
        (0, 1, 9, 5)
    );
    // The winner's marker stays on the top; the second's goes to the space below it, the one
    // with the smaller points; the other markers go home.
    assert_eq!(
        (b.cube(0, 3), b.cube(1, 3), b.cube(2, 3), b.cube(0, 11)),
        (3, 2, 0, 1)
    );
    assert_eq!(r.game.to_move, 1);
    // Players 1 and 2 tie on 3@2 when player 0 wins: the later player (2) takes second.
    let tie = "game great-races\nplayers 3\nroll 1 2 1 2\nuse 3 3\nroll 1 2 1 2\nuse 3 3\nroll 1 2 1 2\nuse 3 3\nroll 1 2 1 2\nuse 3\n";
    let (_, r) = replay(tie);
    assert_eq!((r.game.board.first[3], r.game.board.second[3]), (0, 2));
    assert_eq!(r.game.board.scores, [9, 0, 5, 0]);
    // Nobody on a shaded space (player 1 on 11@1 only): no second place, her marker goes home.
    let none =
        "game great-races\nroll 5 6 5 6\nuse 11 11\nroll 5 6 1 5\nuse 6 11\nroll 5 6 5 6\nuse 11\n";
    let (_, r) = replay(none);
    let b = &r.game.board;
    assert_eq!(
        (b.first[11], b.second[11], b.cube(1, 11), b.cube(1, 6)),
        (0, u8::MAX, 0, 1)
    );
    assert_eq!(b.scores, [9, 0, 0, 0]);
    // Both pairs must be used when both can be.
    let e = replay_err("game great-races\nroll 1 1 6 6\nuse 12\n");
    assert!(
        e.contains("not a legal use of roll 1 1 6 6 (legal: 7 7, 2 12)"),
        "{e}"
    );
}

#[test]
fn great_races_roll_with_no_open_track_passes() {
    let (rules, r) = replay(
        "game great-races\nroll 1 1 1 1\nuse 2 2\nroll 3 4 3 4\nuse 7 7\nroll 3 4 3 4\nuse 7 7\n",
    );
    assert!(r.game.board.closed.has(2));
    let mut r: Replay = r;
    assert_eq!(r.game.to_move, 1);
    let roll = Record::parse("roll 1 1 1 1").unwrap().actions[0];
    assert_eq!(r.step(&rules, &roll), Ok(Event::Passed));
    assert_eq!(
        (r.game.to_move, r.busts, r.game.board.cube(1, 7)),
        (0, 1, 2)
    );
}

/// The Great Races to the end: player 0 races 2, 3, 4, 5, 6, 7 and player 1 races 12, 11, 10,
/// 9, 8, then 7 behind her, each with the dice of `dice_for` (a double when two steps fit).
fn great_races_to_the_end() -> String {
    let len = |c: u8| pressluck_core::columns::Layout::great_races().len(c);
    let plans: [&[u8]; 2] = [&[2, 3, 4, 5, 6, 7], &[12, 11, 10, 9, 8, 7]];
    let mut pos = [[0u8; 13]; 2];
    let mut done = [0usize; 2];
    let mut rec = String::from("game great-races\nplayers 2\n");
    for turn in 0.. {
        let p = turn % 2;
        let c = plans[p][done[p]];
        rec += &format!("roll {}\n", dice_for(c));
        let at = &mut pos[p][c as usize];
        if *at + 1 < len(c) {
            rec += &format!("use {c} {c}\n");
            *at += 2;
        } else {
            rec += &format!("use {c}\n");
            *at += 1;
        }
        if *at == len(c) {
            if c == 7 {
                return rec;
            }
            done[p] += 1;
        }
    }
    unreachable!()
}

#[test]
fn great_races_end_when_all_eleven_are_won() {
    let rec = great_races_to_the_end();
    let (_, r) = replay(&rec);
    let b = &r.game.board;
    assert_eq!(
        (
            b.closed.len(),
            r.game.winner,
            r.game.turns[0],
            r.game.turns[1]
        ),
        (11, Some(0), 14, 13)
    );
    assert_eq!(
        (b.first[7], b.second[7], b.cube(1, 7)),
        (0, 1, 5),
        "second place marker on the space below the top"
    );
    assert_eq!(
        (b.scores[0], b.scores[1]),
        (10 + 9 + 8 + 7 + 6 + 5, 10 + 9 + 8 + 7 + 6 + 3)
    );
    let record = Record::parse(&rec).unwrap();
    let setup = record.setup(&Overrides::default()).unwrap();
    assert_eq!(setup.game, GameKind::GreatRaces);
    // One roll short of the end the game is still on, with 10 tracks won.
    let cut = rec.trim_end().rsplitn(3, '\n').nth(2).unwrap().to_string();
    let (_, r) = replay(&cut);
    assert_eq!((r.game.finished(), r.game.board.closed.len()), (false, 10));
}

#[test]
fn great_races_board_reads_the_rulebook_figure() {
    // The sheet's figure: track bottoms in a V under the two rows of points (2 and 12 one row
    // down, 6, 7 and 8 five), read one space a row, the point spaces on top; first place 10 on
    // tracks 2 and 12 down to 5 on 7, second place 6 down to 3.
    let board = pressluck_core::columns::Layout::great_races();
    let lengths: Vec<u8> = (2..=12).map(|c| board.len(c)).collect();
    assert_eq!(lengths, [2, 3, 4, 5, 6, 6, 6, 5, 4, 3, 2]);
    assert_eq!(board.first[2..=12], [10, 9, 8, 7, 6, 5, 6, 7, 8, 9, 10]);
    assert_eq!(board.second[2..=12], [6, 5, 4, 4, 3, 3, 3, 4, 4, 5, 6]);
    // Shaded spaces (not in the figure): the upper half below the top.
    for c in 2..=12u8 {
        let upper = pressluck_core::columns::upper_half_spaces(board.len(c));
        assert_eq!(board.second_spaces[c as usize], upper, "track {c}");
    }
    assert_eq!(
        board.second_spaces[2],
        1 << 1,
        "track 2: its one space below the top"
    );
    // The Can't Stop heights ship as a board file, the same points and shading rule.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../boards/great-races-cant-stop-heights.toml"
    ))
    .unwrap();
    let tall = pressluck_core::columns::Layout::from_toml(&text).unwrap();
    let heights: Vec<u8> = (2..=12).map(|c| tall.len(c)).collect();
    assert_eq!(heights, [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3]);
    assert_eq!((tall.first, tall.second), (board.first, board.second));
    for c in 2..=12u8 {
        let upper = pressluck_core::columns::upper_half_spaces(tall.len(c));
        assert_eq!(tall.second_spaces[c as usize], upper, "track {c}");
    }
}
