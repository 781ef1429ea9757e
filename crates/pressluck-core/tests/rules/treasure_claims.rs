//! Treasure Hunt claims: each combination, the wild pairs, the claim limits, failed claims and
//! movement, through records and the checked actions.

use crate::treasure::*;
use pressluck_core::games::treasure_hunt::{combo_kind, Card, ComboKind, ThRules, NONE};

/// A two-player record: player 1 holds `hand` (7 cards), player 2 the next seven listed.
fn two_player(hand: &str, actions: &str) -> String {
    format!(
        "players 2\ntiles {TILES}\ndeck {hand}\n\
         deck b3B b4C b5D b6E b1F b5B b6C\n\
         deck y5C y6D y1E y4B y2C y3D y4E\n{actions}"
    )
}

fn kind(codes: &[&str], symbol: u8, units: u8) -> Option<ComboKind> {
    let cards: Vec<Card> = codes.iter().map(|c| Card::parse(c).unwrap()).collect();
    combo_kind(&cards, symbol, 0, units)
}

#[test]
fn symbol_combination_claims_the_tile() {
    // a1 shows A (anchor): three anchors of mixed colours, numbers not a run.
    let s = play(&two_player(
        "b2A y3A w5A r3C r4D g5B k5F",
        "claim b2A y3A w5A\n",
    ));
    assert_eq!(s.owner[0], 0);
    assert_eq!(s.cubes[0], 1);
    assert_eq!(s.players[0].hand_len, 4);
    assert_eq!(kind(&["b2A", "y3A", "w5A"], 0, 3), Some(ComboKind::Symbol));
}

#[test]
fn colour_combination_claims_any_symbol() {
    // ThPlayer 1 is red: three red cards claim the anchor tile whatever they show.
    let s = play(&two_player(
        "r3C r4D r6F b2A y3A g5B k5F",
        "claim r3C r4D r6F\n",
    ));
    assert_eq!(s.owner[0], 0);
    assert_eq!(kind(&["r3C", "r4D", "r6F"], 0, 3), Some(ComboKind::Colour));
    // Another player's colour is no combination for red.
    assert_eq!(kind(&["b3B", "b4C", "b6E"], 0, 3), None);
}

#[test]
fn sequence_must_end_on_the_tiles_symbol() {
    let s = play(&two_player(
        "b1D y2F y3A r4D g5B k5F w5A",
        "claim b1D y2F y3A\n",
    ));
    assert_eq!(s.owner[0], 0);
    assert_eq!(
        kind(&["b1D", "y2F", "y3A"], 0, 3),
        Some(ComboKind::Sequence)
    );
    // The run 2-3-4 ends on r4D (diamond), not an anchor.
    let e = play_err(&two_player(
        "b1D y2F y3A r4D g5B k5F w5A",
        "claim y2F y3A r4D\n",
    ));
    assert!(
        e.starts_with("line 6:") && e.contains("no 3-card combination"),
        "{e}"
    );
    // Not consecutive, or wrapping round, is no sequence.
    assert_eq!(kind(&["b1D", "y2F", "w4A"], 0, 3), None);
    assert_eq!(kind(&["g5B", "b6C", "r1A"], 0, 3), None);
}

#[test]
fn two_white_cards_count_as_one_card_of_any_colour() {
    let s = play(&two_player(
        "r3C r4D w3E w4F b2A g5B k5F",
        "claim r3C r4D w3E w4F\n",
    ));
    assert_eq!(s.owner[0], 0);
    // One white card is no red card.
    let e = play_err(&two_player(
        "r3C r4D w3E w4F b2A g5B k5F",
        "claim r3C r4D w3E\n",
    ));
    assert!(e.contains("no 3-card combination"), "{e}");
    // Four whites make two reds.
    assert_eq!(
        kind(&["r3C", "w3E", "w4F", "w5A", "w6B"], 0, 3),
        Some(ComboKind::Colour)
    );
}

#[test]
fn two_black_cards_count_as_one_card_of_any_symbol() {
    let s = play(&two_player(
        "b2A y3A k1B k2C r4D g5B w3E",
        "claim b2A y3A k1B k2C\n",
    ));
    assert_eq!(s.owner[0], 0);
    // A single black card of another symbol does not count.
    assert_eq!(kind(&["b2A", "y3A", "k5F"], 0, 3), None);
    // A black card showing the symbol counts by itself.
    assert_eq!(kind(&["b2A", "y3A", "k6A"], 0, 3), Some(ComboKind::Symbol));
    // Wild pairs have no number: no part of a sequence.
    assert_eq!(kind(&["b1D", "y2F", "k5F", "k1B"], 0, 3), None);
}

#[test]
fn a_failed_claim_reveals_the_tile_costs_no_cards_and_ends_the_turn() {
    let s = play(&two_player("b2A y3A k1B r4D g5B w3E w5A", "claim fail\n"));
    assert_eq!(s.owner[0], NONE);
    assert_eq!(s.visible(0), Some(0));
    assert_eq!(s.players[0].hand_len, 7);
    assert!(s.turn_over);
    let e = play_err(&two_player(
        "b2A y3A k1B r4D g5B w3E w5A",
        "claim fail\nmove 3 +2\n",
    ));
    assert_eq!(e, "line 7: the turn is over");
}

#[test]
fn a_turn_begins_with_the_hand_drawn_up_to_seven() {
    // "At the start of your turn, if you have less than 7 cards, draw from the deck."
    let rec = two_player(
        "b2A y3A w5A r3C r4D r6F k5F",
        "claim b2A y3A w5A\nmove 1 +1\nend\nturn 2\nend\nturn 1\n",
    );
    let s = play(&rec);
    assert_eq!(s.players[0].hand_len, 7, "four kept, three drawn");
    for kept in ["r3C", "r4D", "r6F", "k5F"] {
        let c = Card::parse(kept).unwrap();
        assert!(s.players[0].cards().contains(&c), "{kept} kept");
    }
    // A full hand draws nothing.
    assert_eq!(s.players[1].hand_len, 7);
}

#[test]
fn one_claim_per_turn_then_move_and_claim_next_turn() {
    let rec = two_player(
        "b2A y3A w5A r3C r4D r6F k5F",
        "claim b2A y3A w5A\nmove 1 +1\nend\nturn 2\nend\nturn 1\nclaim r3C r4D r6F\n",
    );
    let s = play(&rec);
    assert_eq!((s.owner[0], s.owner[1]), (0, 0), "a1 then b1");
    // Claim then claim again in one turn: the second is refused.
    let mut s = position(
        ThRules::new(2),
        &[
            &["b2A", "y3A", "w5A", "r3C", "r4D", "r6F"],
            &["b3B", "b4C", "b5D", "b6E", "b1F", "b5B"],
        ],
    );
    assert!(s.claim(Some(mask(&s, &["b2A", "y3A", "w5A"]))).unwrap());
    assert_eq!(s.claim_blocker(), Some("already claimed this turn"));
}

#[test]
fn no_more_than_two_claims_per_row_with_four_players() {
    let mut s = position(
        ThRules::new(4),
        &[
            &["r3C", "r4D", "r6F"],
            &["b3B", "b4C", "b5D"],
            &["y5C", "y6D", "y1E"],
            &["g1D", "g2E", "g3F"],
        ],
    );
    // ThPlayer 1 (south) already controls a1 and b1; c1 is in the same row.
    s.owner[0] = 0;
    s.owner[1] = 0;
    s.cubes[0] = 1;
    s.cubes[1] = 1;
    s.players[0].supply -= 2;
    s.players[0].step = 2;
    assert_eq!(s.claim_blocker(), Some("the row limit is reached"));
    let e = s.claim(Some(mask(&s, &["r3C", "r4D", "r6F"]))).unwrap_err();
    assert!(e.contains("row limit"), "{e}");
    // The next row is open.
    s.players[0].step = 6;
    assert!(s.claim(Some(mask(&s, &["r3C", "r4D", "r6F"]))).unwrap());
}

#[test]
fn movement_up_to_the_roll_either_way_solitaire_the_full_roll_forwards() {
    let mut s = position(ThRules::new(2), &[&["r3C"], &["b3B"]]);
    assert!(s.move_by(4, 5).unwrap_err().contains("1 to 4"));
    assert!(s.move_by(4, -1).unwrap_err().contains("off the path"));
    s.move_by(4, 3).unwrap();
    assert_eq!(s.players[0].step, 3);
    assert!(s.move_by(2, 1).unwrap_err().contains("already moved"));
    let mut solo = position(ThRules::new(1), &[&["r3C"]]);
    assert!(solo.move_by(4, 3).unwrap_err().contains("full roll"));
    solo.players[0].step = 33;
    solo.move_by(5, 2).unwrap();
    assert_eq!(solo.players[0].step, 35, "stops at the path's end");
}

#[test]
fn record_errors_name_the_line() {
    let e = play_err("players 9\n");
    assert_eq!(e, "line 1: players takes one number, 1 to 4");
    let e = play_err("players 2\ntiles ABC\n");
    assert!(e.starts_with("line 2: tiles: 3 symbols"), "{e}");
    let e = play_err(&two_player("b2A y3A w5A r3C r4D r6F k5F", "jump\n"));
    assert!(e.starts_with("line 6: unknown line 'jump'"), "{e}");
    let e = play_err(&two_player(
        "b2A y3A w5A r3C r4D r6F k5F",
        "claim r1A r2A r4C\n",
    ));
    assert!(e.contains("not in player 1's hand"), "{e}");
    let e = play_err(&format!("players 2\ntiles {TILES}\ndeck r1A r1A\n"));
    assert!(e.starts_with("line 3: card r1A: no (more)"), "{e}");
    let e = play_err(&two_player("b2A y3A w5A r3C r4D r6F k5F", "move x +1\n"));
    assert!(e.contains("not a die"), "{e}");
}

#[test]
fn after_a_successful_claim_only_a_move_may_follow() {
    // "If you succeed, place a cube on the tile. If you have not yet moved, you may do so."
    let hand = "b2A y3A w5A r3C r4D r6F k5F";
    let s = play(&two_player(hand, "claim b2A y3A w5A\nmove 1 +1\n"));
    assert_eq!(s.owner[0], 0);
    assert!(s.turn_over, "claim and move are the turn's two actions");
    for (second, what) in [("discard r3C", "discard"), ("reinforce a1", "reinforce")] {
        let e = play_err(&two_player(hand, &format!("claim b2A y3A w5A\n{second}\n")));
        assert_eq!(
            e, "line 7: after a successful claim only a move may follow",
            "{what}"
        );
    }
    // Before a claim a discard is a free action; the move is still one of the two actions, so
    // after a discard and a claim the turn is over.
    let s = play(&two_player(hand, "discard k5F\nclaim b2A y3A w5A\n"));
    assert_eq!(s.owner[0], 0);
    assert!(
        s.turn_over,
        "a discard and a claim are the turn's two actions"
    );
    let e = play_err(&two_player(
        hand,
        "discard k5F\nclaim b2A y3A w5A\nmove 1 +1\n",
    ));
    assert_eq!(e, "line 8: the turn is over");
}

#[test]
fn a_sequence_may_run_four_five_six() {
    // "such as 1-2-3 or 4-5-6": the 6 must show the tile's symbol (a1: anchor); a single black
    // card is an ordinary card with a number.
    let s = play(&two_player(
        "r4C g5D k6A g5B k5F w3E b2A",
        "claim r4C g5D k6A\n",
    ));
    assert_eq!(s.owner[0], 0);
    assert_eq!(
        kind(&["r4C", "g5D", "k6A"], 0, 3),
        Some(ComboKind::Sequence)
    );
    // 4-5-6 ending on a flame is no sequence for an anchor.
    assert_eq!(kind(&["r4C", "g5D", "r6F"], 0, 3), None);
}
