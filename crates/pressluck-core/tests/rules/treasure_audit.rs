//! Rules audit: the worked movement example of the Treasure Hunt text
//! (`shared/rules/symbol-claim-race.txt`), which no other test spelled out.

use crate::treasure::*;
use pressluck_core::games::treasure_hunt::{cell_name, ThRules};

/// "Roll a die and move as many tiles as you wish, up to a maximum of the die roll. For
/// example, if you roll a 6, you do not have to move 6 tiles, you can choose to move 1, 2, 3,
/// 4, or 5 tiles. You can move backwards if you wish. In order to move up a row, you must get
/// to the far right side of the row and then move up, continuing to move from right to left."
#[test]
fn a_roll_of_6_moves_1_to_6_tiles_either_way_along_the_serpentine_path() {
    let start = position(ThRules::new(2), &[&["r3C"], &["b3B"]]);
    for steps in (-6..=6i8).filter(|&s| s != 0) {
        let mut s = start;
        s.players[0].step = 10;
        s.move_by(6, steps).unwrap();
        assert_eq!(s.players[0].step as i8, 10 + steps);
    }
    let mut s = start;
    s.players[0].step = 10;
    assert!(s.move_by(6, 7).is_err());
    // From e1 (the 5th tile of the first row, left to right) a 3 goes f1, then up to f2, then
    // right to left: e2.
    let mut s = start;
    s.players[0].step = 4;
    assert_eq!(cell_name(s.cell_of(0)), "e1");
    s.move_by(3, 3).unwrap();
    assert_eq!(cell_name(s.cell_of(0)), "e2");
    // The player opposite (north) walks the same way from their own view: from f6 westwards.
    assert_eq!(cell_name(s.cell_of(1)), "f6");
}
