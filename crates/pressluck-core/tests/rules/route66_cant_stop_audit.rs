//! Rules audit: rulebook statements and worked examples of the column-race games that no other
//! test covered, each quoted from `shared/rules/` (Route 66: the English text, with the German
//! one alongside; The Great Races sheet) or, for Can't Stop, from its standard published rules
//! and odds.

use crate::records::{legal, replay, replay_err, replay_with};
use pressluck_core::columns::record::Overrides;
use pressluck_core::columns::{
    bust_rolls, Choice, ColumnSet, Edition, Game, GameKind, Rules, Variant,
};

/// Route 66 (EN): "If a player is forced to stop, because they were not able to introduce or
/// move a car after rolling the dice, they lose everything they have achieved during this turn
/// and must remove their cars without further consequence. In this case, this player neither
/// places new cubes on the board nor moves any of their previously placed cubes."
/// (DE: "In diesem Fall platziert ihr weder neue Marker auf dem Spielplan noch bewegt ihr
/// irgendwelche eurer zuvor platzierten Marker.")
#[test]
fn a_bust_leaves_previously_placed_cubes_where_they_were() {
    let rec = "players 2
roll 3 4 3 4
use 7 7        # player 0: 7@2
stop
roll 3 3 5 5
use 6 10       # player 1
stop
roll 2 3 4 5
use 7 7        # player 0: from her cube on 7@2 to 7@4
roll 1 1 6 6
use 2 12       # 2@1 and 12@1: three cars on 2, 7, 12
roll 3 3 5 5   # 6+10 or 8+8: none of 2, 7, 12 and no car left: bust
";
    let (_, r) = replay(rec);
    let b = &r.game.board;
    assert_eq!(r.busts, 1);
    assert_eq!((b.cube(0, 7), b.cube(0, 2), b.cube(0, 12)), (2, 0, 0));
    assert_eq!((b.cube(1, 6), b.cube(1, 10)), (1, 1));
    assert_eq!((r.game.to_move, r.game.turn.cars.len()), (1, 0));
}

/// Route 66 (EN): "At the start of their turn, if the player introduces a car in a segment in
/// which they already have a cube, they place their car on the space further along the route
/// from the space occupied by their cube. If they stop voluntarily, later on this turn, they
/// move their previously placed cube along Route 66 to this new space to which the car has
/// advanced, and replace that car with their cube." and "The player will never have more than
/// one active cube on any given segment."
#[test]
fn a_car_enters_after_its_own_cube_and_the_stop_moves_that_cube() {
    let rec = "players 2
roll 3 4 3 4
use 7 7        # player 0: 7@2
stop
roll 3 3 5 5
use 6 10       # player 1
stop
roll 1 6 2 5
use 7 7        # player 0: from 7@2, not from the foot: 7@4 (7 7, 3 11 or 6 8 offered)
";
    let (_, r) = replay(rec);
    assert_eq!((r.game.turn.car(7), r.game.board.cube(0, 7)), (4, 2));
    let (_, r) = replay(&format!("{rec}stop\n"));
    let b = &r.game.board;
    assert_eq!(b.cube(0, 7), 4);
    assert_eq!(b.cubes_of(0).iter().collect::<Vec<_>>(), vec![7]);
}

/// Route 66 Fig. 2 under A Faster Gear. Base game (EN): "However, a player may also
/// deliberately form the two dice pairs so that they are able to introduce or move only one
/// car on a turn (Fig. 2, option C)." Variant #2: "Players must introduce their cars as soon
/// as possible. It is not possible to deliberately avoid doing this in this variation. At the
/// beginning of their turn, they must form dice pairs in such a way as to introduce or advance
/// two cars, if possible." So Anna's option C (7+7, one car) is gone; A and B remain.
#[test]
fn faster_gear_removes_fig2_option_c() {
    let fast = Overrides {
        variants: vec![Variant::FasterGear],
        ..Overrides::default()
    };
    let (_, r) = replay_with("players 2\nroll 2 3 4 5\n", &fast);
    assert_eq!(legal(&r), "5 9, 6 8");
    let e = replay_err("variant faster-gear\nplayers 2\nroll 2 3 4 5\nuse 7 7\n");
    assert!(
        e.contains("use 7 7: not a legal use of roll 2 3 4 5 (legal: 5 9, 6 8)"),
        "{e}"
    );
    // Without the variant C stays legal.
    let (_, r) = replay("players 2\nroll 2 3 4 5\n");
    assert_eq!(legal(&r), "5 9, 6 8, 7 7");
}

/// Route 66 (EN): "When 8 of the 11 segments are awarded (there are now 8 STOP sign tokens on
/// the board) the game ends and the player with the highest total score is the winner." A stop
/// that wins two segments at once can take the count from 7 past 8: the game ends all the same.
#[test]
fn a_stop_winning_two_segments_past_the_eighth_ends_the_game() {
    for edition in [Edition::En, Edition::De] {
        let rules = Rules::route66(edition, 2);
        let mut g = Game::new();
        g.board.closed = ColumnSet::of(&[3, 4, 5, 6, 8, 9, 10]);
        g.board.scores = [0, 30, 0, 0];
        g.board.set_cube(0, 2, 2);
        g.board.set_cube(0, 12, 2);
        g.apply(&rules, Choice::two(2, 12)); // 1 1 6 6: both cars to the scoring space
        assert_eq!(g.turn.at_top, ColumnSet::of(&[2, 12]));
        g.stop(&rules);
        assert_eq!(g.board.closed.len(), 9);
        // English: 10 + 10 = 20 < 30; German: segment 2 scores 6, so 16 < 30.
        assert_eq!(g.winner, Some(1), "{edition:?}");
        let first2 = if edition == Edition::De { 6 } else { 10 };
        assert_eq!(g.board.scores[0], first2 + 10);
    }
}

/// The Great Races: "Total VP for all players. High total wins, ties go to the later in the
/// turn order." Player 0 wins the eleventh race to tie player 1 on 30: player 1 wins.
#[test]
fn great_races_a_tie_at_the_end_goes_to_the_later_player() {
    let rules = Rules::new(GameKind::GreatRaces, 2);
    let mut g = Game::new();
    g.board.closed = ColumnSet::ALL - ColumnSet::single(2);
    g.board.scores = [20, 30, 0, 0];
    g.board.set_cube(0, 2, 2);
    let list = g.choices(&rules, pressluck_core::dice::Roll([1, 1, 1, 1]));
    // One step reaches the top: the second 2 is lost ("or advance past the top space").
    assert_eq!(list.as_slice(), &[Choice::one(2)]);
    g.apply(&rules, list.get(0));
    assert_eq!((g.board.closed.len(), g.board.scores[0]), (11, 30));
    assert_eq!(g.winner, Some(1));
    // One point more and player 0 wins.
    let mut g2 = Game::new();
    g2.board = g.board;
    g2.board.closed = ColumnSet::ALL - ColumnSet::single(2);
    g2.board.scores = [21, 30, 0, 0];
    g2.board.set_cube(0, 2, 2);
    g2.apply(&rules, Choice::one(2));
    assert_eq!(g2.winner, Some(0));
}

/// Can't Stop (standard rules): the player chooses the pairing, and must use both of its sums
/// when both can be used; with one marker left and two new columns, either one (not both).
#[test]
fn cant_stop_both_pairs_must_be_used_when_they_can() {
    let (_, r) = replay("game cant-stop\nroll 2 3 4 5\n");
    assert_eq!(legal(&r), "5 9, 6 8, 7 7");
    let e = replay_err("game cant-stop\nroll 2 3 4 5\nuse 5\n");
    assert!(e.contains("use 5: not a legal use of roll 2 3 4 5"), "{e}");
    // Markers on 5 and 9, one left: 1 1 5 6 is 2+11 or 6+7, each used alone.
    let (_, r) = replay("game cant-stop\nroll 2 3 4 5\nuse 5 9\nroll 1 1 5 6\n");
    assert_eq!(legal(&r), "2, 11, 6, 7");
    // A pair in a column with a marker plus one new column fits the last marker: both.
    let (_, r) = replay("game cant-stop\nroll 2 3 4 5\nuse 5 9\nroll 1 4 2 5\n");
    assert_eq!(legal(&r), "5 7, 3 9, 6 6");
}

/// Can't Stop (standard rules): a claimed column is closed to everyone, the claimer included,
/// and a player who busts with a marker on the top claims nothing.
#[test]
fn cant_stop_a_claimed_column_is_closed_to_the_claimer_and_a_bust_claims_nothing() {
    let top = "game cant-stop\nroll 1 1 1 1\nuse 2 2\nroll 1 1 1 1\nuse 2\n";
    // 1 1 1 1 again: the marker on the top cannot move and no other column is offered.
    let (_, r) = replay(&format!("{top}roll 1 1 1 1\n"));
    assert_eq!(
        (r.busts, r.game.board.won[0], r.game.board.closed.len()),
        (1, 0, 0)
    );
    // Claimed, then player 1 passes; player 0 rolls 1 1 1 1 on her next turn: a bust.
    let (_, r) = replay(&format!(
        "{top}stop\nroll 3 4 3 4\nuse 7 7\nstop\nroll 1 1 1 1\n"
    ));
    assert_eq!((r.game.board.first[2], r.busts, r.game.to_move), (0, 1, 1));
}

/// Busting rolls of 1296 for the columns `cols`, by enumeration from scratch.
fn enumerate_busts(cols: &[u8]) -> u32 {
    let mut busts = 0;
    for i in 0..1296u32 {
        let d = [i % 6 + 1, i / 6 % 6 + 1, i / 36 % 6 + 1, i / 216 + 1].map(|x| x as u8);
        let sums = [
            d[0] + d[1],
            d[2] + d[3],
            d[0] + d[2],
            d[1] + d[3],
            d[0] + d[3],
            d[1] + d[2],
        ];
        busts += !sums.iter().any(|s| cols.contains(s)) as u32;
    }
    busts
}

/// Can't Stop's published success odds with three markers placed: {6,7,8} 92.0%, {4,7,10}
/// 87.7%, {5,7,9} 85.3%, {2,7,12} 78.1%, {2,3,4} 52.2% and {2,3,12} 43.8%, the worst.
#[test]
fn cant_stop_published_three_column_odds() {
    for (cols, success_permille) in [
        ([6, 7, 8], 920),
        ([4, 7, 10], 877),
        ([5, 7, 9], 853),
        ([2, 7, 12], 781),
        ([2, 3, 4], 522),
        ([2, 3, 12], 438),
    ] {
        let busts = bust_rolls(ColumnSet::of(&cols));
        assert_eq!(busts as u32, enumerate_busts(&cols), "{cols:?}");
        let permille = ((1296 - busts as u32) as f64 / 1.296).round() as u32;
        assert_eq!(permille, success_permille, "{cols:?}");
    }
    // {2,3,12} and its mirror {2,11,12} are the worst of all 165 three-column sets.
    let mut worst = 0;
    for a in 2..=12u8 {
        for b in a + 1..=12 {
            for c in b + 1..=12 {
                worst = worst.max(bust_rolls(ColumnSet::of(&[a, b, c])));
            }
        }
    }
    assert_eq!(worst, bust_rolls(ColumnSet::of(&[2, 3, 12])));
    assert_eq!(worst, bust_rolls(ColumnSet::of(&[2, 11, 12])));
}

/// Route 66 (EN): "If a player’s car reaches the last space (the one with the scoring boxes) of
/// a segment, they may continue to roll the dice or stop voluntarily. However, they should keep
/// in mind that they cannot move this car any further – even if they roll this number on the
/// dice."
/// (DE: "könnt ihr weiter würfeln oder freiwillig stoppen … dieses Auto nicht weiterbewegen").
/// A player who rolls on after reaching the top, and then stops, still wins the segment.
#[test]
fn rolling_on_after_reaching_the_top_then_stopping_still_wins_the_segment() {
    let rec = "players 2
roll 1 1 1 1
use 2 2        # player 0: 2@2
roll 1 1 1 1
use 2          # one step: 2@3, the scoring space
roll 1 1 3 3   # 2+6 or 4+4: the car on 2 cannot move, so 6 alone (or 4 4)
";
    let (_, r) = replay(rec);
    assert_eq!(legal(&r), "6, 4 4");
    let (_, r) = replay(&format!("{rec}use 6\nstop\n"));
    let b = &r.game.board;
    assert!(b.closed.has(2), "segment 2 is won and closed");
    assert_eq!(b.scores[0], 10);
    assert_eq!((b.cube(0, 2), b.cube(0, 6)), (3, 1));
    // Had the roll busted instead, the segment would be lost with the rest of the turn.
    let (_, r) = replay(&format!("{rec}use 4 4\nroll 1 1 1 1\n"));
    assert!(!r.game.board.closed.has(2));
    assert_eq!(r.busts, 1);
}
