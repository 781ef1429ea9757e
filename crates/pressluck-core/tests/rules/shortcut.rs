//! Every example of the Shortcut rules text, replayed as a game record on the default board,
//! plus the readings docs/shortcut.md makes (mixed colours, blocking, main road off grey).

use pressluck_core::games::shortcut::record::{play, ShortcutRecord, ShortcutReplay};
use pressluck_core::games::shortcut::ShortcutBoard;

/// Replays a record on the default board; panics with the message on any error.
fn replay(text: &str) -> (ShortcutBoard, ShortcutReplay) {
    let b = ShortcutBoard::default_board();
    let rec = ShortcutRecord::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let r = play(&rec, &b).unwrap_or_else(|e| panic!("{e}"));
    (b, r)
}

/// The error a record gives (parse or play), which must exist.
fn replay_err(text: &str) -> String {
    let b = ShortcutBoard::default_board();
    match ShortcutRecord::parse(text).and_then(|rec| play(&rec, &b)) {
        Ok(_) => panic!("record should fail:\n{text}"),
        Err(e) => e,
    }
}

/// The id of seat `seat`'s (1-based) square.
fn at(b: &ShortcutBoard, r: &ShortcutReplay, seat: usize) -> String {
    b.id(r.game.cars[seat - 1]).to_string()
}

#[test]
fn main_road_roll_of_6_moves_exactly_6_white_squares() {
    let (b, r) = replay("main 6\n");
    assert_eq!(at(&b, &r, 1), "r6");
    assert_eq!(r.game.turns[0], 1);
    // Past a shortcut entrance the main road stays on white squares.
    let (b, r) = replay("place 1 r4\nmain 6\n");
    assert_eq!(at(&b, &r, 1), "r10");
}

#[test]
fn main_road_four_from_the_finish_a_5_stays_put_and_a_4_finishes() {
    let (b, r) = replay("place 1 r32\nmain 5\n");
    assert_eq!(at(&b, &r, 1), "r32");
    assert_eq!(r.game.winner, None);
    let (b, r) = replay("place 1 r32\nmain 5\nmain 4\n");
    assert_eq!(at(&b, &r, 1), "finish");
    assert_eq!(r.game.winner, Some(0));
    assert_eq!(r.game.turns[0], 2);
}

#[test]
fn shortcut_3_then_2_moves_up_to_5_on_any_colour() {
    let (b, r) = replay("shortcut 3 2 move r5\n");
    assert_eq!(at(&b, &r, 1), "r5");
    let (b, r) = replay("shortcut 3 2 move r2\n");
    assert_eq!(at(&b, &r, 1), "r2");
    let e = replay_err("shortcut 3 2 move r6\n");
    assert!(e.contains("line 1") && e.contains("not within 5"), "{e}");
    // White then grey then white in one move: r5 -> r6 -> a1 -> a2 -> a3 -> r24.
    let (b, r) = replay("place 1 r5\nshortcut 3 2 move r24\n");
    assert_eq!(at(&b, &r, 1), "r24");
}

#[test]
fn shortcut_2_without_pressing_moves_up_to_2() {
    let (b, r) = replay("shortcut 2 move r2\n");
    assert_eq!(at(&b, &r, 1), "r2");
    let (b, r) = replay("shortcut 2 move r0\n");
    assert_eq!(at(&b, &r, 1), "r0");
    let e = replay_err("shortcut 2 move r3\n");
    assert!(e.contains("not within 2"), "{e}");
}

#[test]
fn shortcut_3_1_then_4_forfeits_the_whole_turn() {
    let (b, r) = replay("place 1 r10\nshortcut 3 1 4\n");
    assert_eq!(at(&b, &r, 1), "r10");
    assert_eq!(r.game.turns[0], 1);
    let e = replay_err("shortcut 3 1 4 move r14\n");
    assert!(e.contains("line 1") && e.contains("forfeits"), "{e}");
    let e = replay_err("shortcut 3 5 1 move r14\n");
    assert!(e.contains("no roll may follow"), "{e}");
}

#[test]
fn shortcut_4_to_6_sticks_the_car_even_on_the_main_road() {
    for d in 4..=6 {
        let (b, r) = replay(&format!("place 1 r10\nshortcut {d}\n"));
        assert_eq!(at(&b, &r, 1), "r10");
    }
}

#[test]
fn shortcut_finishes_without_an_exact_count() {
    let (b, r) = replay("place 1 r33\nshortcut 3 2 move finish\n");
    assert_eq!(at(&b, &r, 1), "finish");
    assert_eq!(r.game.winner, Some(0));
    let e = replay_err("place 1 r33\nshortcut 2 move finish\n");
    assert!(e.contains("not within 2"), "{e}");
}

#[test]
fn push_over_the_finish_from_one_square_away_and_off_a_shortcut() {
    let (b, r) = replay("place 1 r35\npush finish\n");
    assert_eq!(at(&b, &r, 1), "finish");
    assert_eq!(r.game.winner, Some(0));
    let (b, r) = replay("place 1 a3\npush r24\n");
    assert_eq!(at(&b, &r, 1), "r24");
    let (b, r) = replay("place 1 r6\npush a1\n");
    assert_eq!(at(&b, &r, 1), "a1");
    let e = replay_err("place 1 r34\npush finish\n");
    assert!(e.contains("cannot push from 'r34' to 'finish'"), "{e}");
    // No backwards push on white squares.
    let e = replay_err("place 1 r10\npush r9\n");
    assert!(e.contains("cannot push"), "{e}");
}

#[test]
fn grey_squares_block_landing_and_passing_white_squares_do_not() {
    // Seat 2 sits on a2: seat 1 can neither pass it nor land there.
    let rec = "players 2\nplace 1 r6\nplace 2 a2\n";
    let e = replay_err(&format!("{rec}shortcut 3 2 move r24\n"));
    assert!(e.contains("not within 5"), "{e}");
    let e = replay_err(&format!("{rec}shortcut 2 move a2\n"));
    assert!(e.contains("not within 2"), "{e}");
    let (b, r) = replay(&format!("{rec}shortcut 3 2 move a1\n"));
    assert_eq!(at(&b, &r, 1), "a1");
    // On white squares cars share and pass freely.
    let (b, r) = replay("players 2\nplace 2 r3\nmain 3\nmain 2\n");
    assert_eq!((at(&b, &r, 1), at(&b, &r, 2)), ("r3".into(), "r5".into()));
    let e = replay_err("players 2\nplace 1 a2\nplace 2 a2\n");
    assert!(
        e.contains("line 3") && e.contains("already holds a car"),
        "{e}"
    );
}

#[test]
fn the_main_road_is_closed_on_a_grey_square() {
    let e = replay_err("place 1 a1\nmain 3\n");
    assert!(
        e.contains("line 2") && e.contains("grey square 'a1'"),
        "{e}"
    );
}

#[test]
fn turns_rotate_and_the_first_car_home_wins() {
    let (b, r) = replay("players 2\nplace 1 r35\nplace 2 r35\nmain 6\npush finish\n");
    assert_eq!(r.game.winner, Some(1));
    assert_eq!(at(&b, &r, 1), "r35");
    assert_eq!(r.game.turns[..2], [1, 1]);
    let e = replay_err("place 1 r35\npush finish\nmain 3\n");
    assert!(e.contains("line 3") && e.contains("game is over"), "{e}");
}

#[test]
fn record_errors_name_the_line() {
    for (text, want) in [
        ("main 7\n", "line 1: '7' is not a die face"),
        ("\n# c\nshortcut 3 2\n", "line 3: a shortcut ends"),
        ("fly 3\n", "line 1: unknown word 'fly'"),
        ("main 3\nplayers 2\n", "line 2: 'players' must come before"),
        ("place 2 r3\n", "line 1: seat 2 but only 1 player"),
        ("push nowhere\n", "line 1: unknown square 'nowhere'"),
        ("shortcut\n", "line 1: shortcut needs at least one roll"),
        ("players 5\n", "line 1: players takes one number"),
    ] {
        let e = replay_err(text);
        assert!(e.starts_with(want), "{text:?}: {e}");
    }
    assert!(ShortcutRecord::from_bytes(b"main \xff\n").is_err());
}

#[test]
fn the_record_example_in_the_docs_replays() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/shortcut.md"
    ))
    .unwrap();
    let from = doc.find("players 2  ").unwrap();
    let to = from + doc[from..].find("```").unwrap();
    let (b, r) = replay(&doc[from..to]);
    assert_eq!((at(&b, &r, 1), at(&b, &r, 2)), ("r4".into(), "r10".into()));
    assert_eq!(r.log.len(), 4);
}
