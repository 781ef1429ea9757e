//! Shortcut board files: the default board file is the built-in one, and every kind of broken
//! file gets an error naming its line and square.

use pressluck_core::games::shortcut::{ShortcutBoard, DEFAULT_BOARD};

/// The error a board text gives, which must exist.
fn err(text: &str) -> String {
    match ShortcutBoard::from_toml(text) {
        Ok(_) => panic!("board should fail:\n{text}"),
        Err(e) => e,
    }
}

/// A small good board: s - a - b - f on white, with a grey square g from a to f.
const SMALL: &str = r#"start = "s"
squares = [
  { id = "s", colour = "white", to = ["a"] },
  { id = "a", colour = "white", to = ["b", "g"] },
  { id = "b", colour = "white", to = ["f"] },
  { id = "g", colour = "grey", to = ["f"] },
  { id = "f", colour = "finish" },
]
"#;

#[test]
fn the_board_file_is_the_built_in_board() {
    let file = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../boards/shortcut.toml"
    ))
    .unwrap();
    assert_eq!(file, DEFAULT_BOARD);
    assert_eq!(
        ShortcutBoard::from_toml(&file).unwrap(),
        ShortcutBoard::default_board()
    );
    let b = ShortcutBoard::from_toml(SMALL).unwrap();
    assert_eq!((b.len(), b.road.len(), b.dist[0]), (5, 4, 3));
    assert_eq!(b.dist[b.find("a").unwrap() as usize], 2);
}

#[test]
fn broken_boards_name_the_line_and_square() {
    for (from, to, want) in [
        (
            r#"{ id = "f", colour = "finish" },"#,
            r#"{ id = "f", colour = "white", to = [] },"#,
            "no finish square",
        ),
        (
            r#"{ id = "b", colour = "white", to = ["f"] },"#,
            r#"{ id = "b", colour = "white", to = [] },"#,
            "line 5: square 'b': a white square needs exactly one white or finish square",
        ),
        (
            r#"to = ["b", "g"]"#,
            r#"to = ["b", "h"]"#,
            "line 4: square 'a': unknown square 'h' in `to`",
        ),
        (
            r#"colour = "grey""#,
            r#"colour = "gris""#,
            "line 6: square 'g': bad colour 'gris'",
        ),
        (
            r#"{ id = "b", colour"#,
            r#"{ id = "a", colour"#,
            "line 5: square 'a': duplicate id (first at line 4)",
        ),
        (
            r#"start = "s""#,
            r#"start = "x""#,
            "line 1: start: unknown square 'x'",
        ),
        (
            r#"start = "s""#,
            r#"start = "g""#,
            "square 'g': the start must be a white square",
        ),
        (
            r#"{ id = "f", colour = "finish" },"#,
            r#"{ id = "f", colour = "finish", to = ["s"] },"#,
            "line 7: square 'f': the finish leads nowhere",
        ),
        (
            r#"to = ["f"] },
  { id = "g""#,
            r#"to = ["a"] },
  { id = "g""#,
            "the main road loops back to 'a'",
        ),
        (
            r#"to = ["a"] }"#,
            r#"to = ["s"] }"#,
            "line 3: square 's': leads to itself",
        ),
        (
            r#"colour = "grey", to = ["f"]"#,
            r#"colour = "grey", to = ["f"], speed = 3"#,
            "line 6: unknown field `speed`",
        ),
    ] {
        assert!(SMALL.contains(from), "{from}");
        let e = err(&SMALL.replacen(from, to, 1));
        assert!(e.contains(want), "{want}\n got: {e}");
    }
    // A white square off the main road, and a grey square nothing reaches.
    let e = err(&SMALL.replace(
        "]\n",
        "  { id = \"w\", colour = \"white\", to = [\"f\"] },\n]\n",
    ));
    assert!(
        e.contains("line 8: square 'w': a white square off the main road"),
        "{e}"
    );
    let e = err(&SMALL.replace("]\n", "  { id = \"h\", colour = \"grey\", to = [] },\n]\n"));
    assert!(
        e.contains("square 'h': cannot be reached from the start"),
        "{e}"
    );
    assert!(
        err("squares = [").starts_with("line 1"),
        "syntax errors give a line"
    );
    assert!(err("start = \"s\"\nsquares = []\n").contains("no squares"));
}
