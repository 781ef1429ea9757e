//! Treasure Hunt steals (four cards at once, two combinations on consecutive turns, the
//! reinforced price) and the victory condition of every player count, solitaire and rounds.

use crate::treasure::*;
use pressluck_core::games::treasure_hunt::{State, StealKind, ThRules, FAR_ROW, NONE};

/// Two players; player 2 owns a1 (an anchor) with `cubes` cubes and player 1 stands on it at
/// the start of a turn.
fn on_rivals_tile(p1: &[&str], cubes: u8) -> State {
    let mut s = position(
        ThRules::new(2),
        &[p1, &["b3B", "b4C", "b5D", "b6E", "b1F"][..p1.len()]],
    );
    s.owner[0] = 1;
    s.cubes[0] = cubes;
    s.revealed |= 1;
    s.players[1].supply -= cubes;
    s
}

#[test]
fn four_card_steal_takes_the_tile_and_returns_the_cube() {
    let mut s = on_rivals_tile(&["b2A", "y3A", "w5A", "g4A", "r3C"], 1);
    let m = mask(&s, &["b2A", "y3A", "w5A", "g4A"]);
    assert!(s.steal(StealKind::Four, m).unwrap());
    assert_eq!((s.owner[0], s.cubes[0]), (0, 1));
    assert_eq!(cubes_of(&s, 0), 20);
    assert_eq!(cubes_of(&s, 1), 20);
    assert_eq!(s.players[1].supply, 19);
}

#[test]
fn wild_pairs_still_count_one_card_in_a_steal() {
    // Three anchors and a black pair: four units. Three anchors and one black card: not.
    let mut s = on_rivals_tile(&["b2A", "y3A", "w5A", "k1B", "k2C"], 1);
    let three_and_one = mask(&s, &["b2A", "y3A", "w5A", "k1B"]);
    assert!(s.steal(StealKind::Four, three_and_one).is_err());
    let m = mask(&s, &["b2A", "y3A", "w5A", "k1B", "k2C"]);
    assert!(s.steal(StealKind::Four, m).unwrap());
}

#[test]
fn two_combinations_on_consecutive_turns_steal_the_tile() {
    let mut s = on_rivals_tile(&["b2A", "y3A", "w5A", "r3C", "r4D"], 1);
    let m = mask(&s, &["b2A", "y3A", "w5A"]);
    assert!(!s.steal(StealKind::Half, m).unwrap(), "first half only");
    assert_eq!(s.players[0].half_steal, 0);
    s.end_turn();
    s.begin_turn(&mut NoShuffle).unwrap();
    s.end_turn();
    s.begin_turn(&mut NoShuffle).unwrap();
    // ThPlayer 1 again, still on a1; the refill drew new cards: play a colour combination.
    s.players[0].hand_len = 0;
    for code in ["r1A", "r2A", "r6F"] {
        s.players[0].hand[s.players[0].hand_len as usize] =
            pressluck_core::games::treasure_hunt::Card::parse(code).unwrap();
        s.players[0].hand_len += 1;
    }
    let m = mask(&s, &["r1A", "r2A", "r6F"]);
    assert!(s.steal(StealKind::Half, m).unwrap(), "second half takes it");
    assert_eq!(s.owner[0], 0);
}

#[test]
fn a_missed_second_turn_starts_the_steal_over() {
    let mut s = on_rivals_tile(&["b2A", "y3A", "w5A", "r3C", "r4D"], 1);
    let m = mask(&s, &["b2A", "y3A", "w5A"]);
    s.steal(StealKind::Half, m).unwrap();
    s.end_turn();
    s.begin_turn(&mut NoShuffle).unwrap();
    s.end_turn();
    // ThPlayer 1's next turn: no second combination played (ends at once).
    s.begin_turn(&mut NoShuffle).unwrap();
    assert_eq!(s.players[0].half_steal, 0, "still pending during the turn");
    s.end_turn();
    assert_eq!(s.players[0].half_steal, NONE, "forgotten: start over");
}

#[test]
fn steals_only_as_the_first_action_on_anothers_tile() {
    let mut s = on_rivals_tile(&["b2A", "y3A", "w5A", "g4A", "r3C"], 1);
    s.discard_draw(mask(&s, &["r3C"]), &mut NoShuffle).unwrap();
    let e = s
        .steal(StealKind::Four, mask(&s, &["b2A", "y3A", "w5A", "g4A"]))
        .unwrap_err();
    assert!(e.contains("first action"), "{e}");
    let mut s = position(
        ThRules::new(2),
        &[&["b2A", "y3A", "w5A", "g4A"], &["b3B", "b4C", "b5D", "b6E"]],
    );
    let e = s
        .steal(StealKind::Four, mask(&s, &["b2A", "y3A", "w5A", "g4A"]))
        .unwrap_err();
    assert!(e.contains("not another player's"), "{e}");
}

#[test]
fn the_row_limit_bars_claims_and_not_steals_as_written() {
    // ThPlayer 1 controls b1 and c1, two tiles of its first row; a1 there is player 2's.
    let rivals = |rules: ThRules| {
        let mut s = position(
            rules,
            &[
                &["b2A", "y3A", "w5A", "g4A", "r3C"],
                &["b3B", "b4C", "b5D", "b6E", "b1F"],
            ],
        );
        s.owner[0] = 1;
        s.cubes[0] = 1;
        s.revealed |= 1;
        s.players[1].supply -= 1;
        for c in [1, 2] {
            s.owner[c] = 0;
            s.cubes[c] = 1;
            s.players[0].supply -= 1;
        }
        s
    };
    let mut s = rivals(ThRules::new(2));
    assert_eq!(s.row_count(0, 0), 2);
    assert_eq!(
        s.steal_price(),
        Ok(1),
        "a steal is no claim: the limit does not bar it"
    );
    assert!(s
        .steal(StealKind::Four, mask(&s, &["b2A", "y3A", "w5A", "g4A"]))
        .unwrap());
    assert_eq!((s.owner[0], s.row_count(0, 0)), (0, 3));
    // `row-limit-steals`: steals count against the limit too.
    let mut r = ThRules::new(2);
    r.apply_variant("row-limit-steals").unwrap();
    let s = rivals(r);
    assert_eq!(s.steal_price(), Err("the row limit is reached"));
}

#[test]
fn reinforcement_raises_the_steal_price() {
    let mut s = on_rivals_tile(&["b2A", "y3A", "w5A", "g4A", "r3C"], 2);
    assert_eq!(s.steal_price(), Ok(3));
    s.players[0].supply = 2;
    assert_eq!(s.steal_price(), Err("not enough cubes"));
    s.players[0].supply = 19;
    assert!(s
        .steal(StealKind::Four, mask(&s, &["b2A", "y3A", "w5A", "g4A"]))
        .unwrap());
    assert_eq!(
        (s.cubes[0], s.players[0].supply, s.players[1].supply),
        (3, 16, 19)
    );
    // Reinforcing is an action: one cube from the supply onto a tile of one's own.
    s.reinforce(0).unwrap();
    assert_eq!(s.cubes[0], 4);
    assert!(s.reinforce(5).is_err());
}

/// Gives player `p` one tile of each symbol per `per` (cells in rows 0.. from the west).
fn give_symbols(s: &mut State, p: u8, per: u8, skip_last: bool) {
    // With TILES, cell 6r + k shows symbol k.
    for r in 0..per {
        for k in 0..6u8 {
            if skip_last && r == per - 1 && k == 5 {
                continue;
            }
            let c = (6 * (r + 1) + k) as usize;
            s.owner[c] = p;
            s.cubes[c] = 1;
            s.revealed |= 1 << c;
            s.players[p as usize].supply -= 1;
        }
    }
}

fn victory_for(players: u8, target: u8) {
    let all: [&[&str]; 4] = [&["r3C"], &["b3B"], &["y5C"], &["g1D"]];
    let hands = &all[..players as usize];
    let mut s = position(ThRules::new(players), hands);
    assert_eq!(s.rules.target, target);
    give_symbols(&mut s, 0, target, true);
    s.players[0].step = FAR_ROW - 1;
    s.move_by(1, 1).unwrap();
    assert_eq!(s.winner, NONE, "{players}p: one symbol short");
    let mut s = position(ThRules::new(players), hands);
    give_symbols(&mut s, 0, target, false);
    s.players[0].step = FAR_ROW - 2;
    s.move_by(1, 1).unwrap();
    assert_eq!(s.winner, NONE, "{players}p: not yet on the far row");
    s.end_turn();
    for _ in 1..players {
        s.begin_turn(&mut NoShuffle).unwrap();
        s.end_turn();
    }
    s.begin_turn(&mut NoShuffle).unwrap();
    s.move_by(1, 1).unwrap();
    assert_eq!(
        (s.winner, s.finished),
        (0, true),
        "{players}p: far row and symbols"
    );
}

#[test]
fn four_players_need_one_of_each_symbol_on_the_far_row() {
    victory_for(4, 1);
}

#[test]
fn three_players_need_two_of_each() {
    victory_for(3, 2);
}

#[test]
fn two_players_need_three_of_each() {
    victory_for(2, 3);
}

#[test]
fn solitaire_with_solo_symbols_needs_all_six_symbols_anywhere() {
    let mut r = ThRules::new(1);
    r.apply_variant("solo-symbols").unwrap();
    let mut s = position(r, &[&["r3C", "r4D", "r6F"]]);
    give_symbols(&mut s, 0, 1, true);
    // a1 shows anchor, the symbol... give_symbols left out flame: claim f-symbol tile f1.
    s.players[0].step = 5;
    assert_eq!(s.visible(5), None);
    assert!(s.claim(Some(mask(&s, &["r3C", "r4D", "r6F"]))).unwrap());
    assert_eq!((s.winner, s.finished), (0, true));
}

#[test]
fn solitaire_must_also_reach_the_far_side() {
    // "Play as above but with the following exceptions" lists none for the far side.
    let mut s = position(ThRules::new(1), &[&["r3C", "r4D", "r6F"]]);
    give_symbols(&mut s, 0, 1, true);
    s.players[0].step = 5;
    assert!(s.claim(Some(mask(&s, &["r3C", "r4D", "r6F"]))).unwrap());
    assert!(!s.finished, "all six symbols, but not on the far side yet");
    s.players[0].step = FAR_ROW - 1;
    s.move_by(1, 1).unwrap();
    assert_eq!((s.winner, s.finished), (0, true));
}

#[test]
fn round_scoring_ends_a_round_at_its_winner_and_counts_cubes() {
    let mut r = ThRules::new(4);
    r.apply_variant("rounds:2").unwrap();
    let mut s = position(r, &[&["r3C"], &["b3B"], &["y5C"], &["g1D"]]);
    give_symbols(&mut s, 0, 1, false);
    s.cubes[6] = 2;
    s.players[0].supply -= 1;
    s.players[0].step = FAR_ROW - 1;
    s.move_by(1, 1).unwrap();
    assert!(!s.finished && s.new_round);
    assert_eq!((s.players[0].points, s.players[0].rounds_won), (7, 1));
    assert!(
        s.lay_out_round(&mut NoShuffle).is_err(),
        "records cannot reshuffle"
    );
}

#[test]
fn a_white_pair_still_counts_one_card_in_a_four_card_steal() {
    // ThPlayer 1 is red: three reds and a white pair are four units of red; three reds and one
    // white card are not.
    let mut s = on_rivals_tile(&["r3C", "r4D", "r6F", "w1C", "w2D"], 1);
    let three_and_one = mask(&s, &["r3C", "r4D", "r6F", "w1C"]);
    assert!(s.steal(StealKind::Four, three_and_one).is_err());
    let m = mask(&s, &["r3C", "r4D", "r6F", "w1C", "w2D"]);
    assert!(s.steal(StealKind::Four, m).unwrap());
    assert_eq!(s.owner[0], 0);
}
