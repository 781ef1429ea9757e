//! The options of a Treasure Hunt decision ([`treasure_options`]): every action the checked
//! actions allow the player to act, named as a record writes it, each with the position it
//! leads to; and the choices a chance event leaves ([`claim_options`] after a tile is
//! revealed, [`move_options`] after the dice).
//!
//! An action whose outcome the player cannot know yet — `claim` of a face-down tile, `move`
//! before the roll, `discard …` before the draw — leads to a position that waits for it
//! ([`Pending`]): a game played on from it deals the unseen cards and tiles anew first, then
//! plays it. Every other action is played at once.

use super::actions::StealKind;
use super::combos::combo_kind;
use super::deck::Card;
use super::grid::{cell_name, CELLS, LAST_STEP};
use super::position::{steal_word, Pending, ThPosition};
use super::state::State;
use crate::games::decision::Options;

/// The cards of the hand slots in `mask` of the player to act, as a record writes them
/// (`r1A b2A y3A`), in hand order.
pub fn cards_of(s: &State, mask: u8) -> String {
    let hand = s.cur().cards();
    let picked: Vec<String> = (0..hand.len())
        .filter(|&i| mask & (1 << i) != 0)
        .map(|i| hand[i].to_string())
        .collect();
    picked.join(" ")
}

/// The hand-slot masks of the player to act that `keep` accepts, each set of cards once (the
/// lowest mask of equal cards), in increasing order.
fn masks(s: &State, keep: impl Fn(&[Card]) -> bool) -> Vec<u8> {
    let hand = s.cur().cards();
    let mut out: Vec<u8> = Vec::new();
    let mut seen: Vec<Vec<Card>> = Vec::new();
    for mask in 1u8..(1u16 << hand.len()) as u8 {
        let cards: Vec<Card> = (0..hand.len())
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| hand[i])
            .collect();
        if !keep(&cards) {
            continue;
        }
        let mut key = cards;
        key.sort_unstable();
        if !seen.contains(&key) {
            seen.push(key);
            out.push(mask);
        }
    }
    out
}

/// The masks of the hand that make a combination of exactly `units` units for the tile of
/// `symbol` under the player to act.
fn combinations(s: &State, symbol: u8, units: u8) -> Vec<u8> {
    let colour = s.cur().colour;
    masks(s, |cards| {
        combo_kind(cards, symbol, colour, units).is_some()
    })
}

/// `s` after `act`, seen by the player acting, or `None` when the checked action refuses it.
fn after<T>(s: &State, act: impl FnOnce(&mut State) -> Result<T, String>) -> Option<ThPosition> {
    let mut next = *s;
    act(&mut next).ok()?;
    Some(ThPosition::after_action(s.current, next))
}

/// The options of the decision of the player to act in `s`, by name; `None` once the game is
/// over. In order: `claim` (a face-down tile underfoot: revealed, then the cards the rollout
/// policy picks) or `claim CARDS` (a face-up tile: each combination the hand makes), `steal
/// CARDS` (each four-unit combination) and `steal-half CARDS` (each three-unit one), `move`
/// (roll, then the rollout policy's steps), `discard CARDS` (every set of one to three cards,
/// each set of equal cards once), `reinforce CELL` (each tile the player controls), `end`.
/// A failed claim of a face-up tile ends the turn as `end` does, so it is `end`. Once the
/// turn's actions are spent, `end` is the one option.
pub fn treasure_options(s: &State) -> Option<Options<ThPosition>> {
    if s.finished {
        return None;
    }
    let me = s.current;
    let mut options: Vec<(String, ThPosition)> = Vec::new();
    if !s.turn_over {
        let here = s.cell_of(me as usize);
        if s.claim_blocker().is_none() && !s.claim_won {
            match s.visible(here) {
                None => options.push(("claim".into(), ThPosition::waiting(*s, Pending::Claim))),
                Some(symbol) => {
                    for mask in combinations(s, symbol, 3) {
                        if let Some(p) = after(s, |t| t.claim(Some(mask))) {
                            options.push((format!("claim {}", cards_of(s, mask)), p));
                        }
                    }
                }
            }
        }
        if s.steal_price().is_ok() {
            let symbol = s.tiles[here as usize];
            for (kind, units) in [(StealKind::Four, 4), (StealKind::Half, 3)] {
                for mask in combinations(s, symbol, units) {
                    if let Some(p) = after(s, |t| t.steal(kind, mask)) {
                        let name = format!("{} {}", steal_word(kind), cards_of(s, mask));
                        options.push((name, p));
                    }
                }
            }
        }
        if !s.moved {
            options.push(("move".into(), ThPosition::waiting(*s, Pending::Move)));
        }
        if !s.claim_won {
            for mask in masks(s, |cards| (1..=3).contains(&cards.len())) {
                options.push((
                    format!("discard {}", cards_of(s, mask)),
                    ThPosition::waiting(*s, Pending::Discard(mask)),
                ));
            }
            if s.players[me as usize].supply > 0 {
                for cell in (0..CELLS as u8).filter(|&c| s.owner[c as usize] == me) {
                    if let Some(p) = after(s, |t| t.reinforce(cell)) {
                        options.push((format!("reinforce {}", cell_name(cell)), p));
                    }
                }
            }
        }
    }
    let mut ended = *s;
    ended.end_turn();
    options.push((
        "end".into(),
        ThPosition {
            state: ended,
            viewer: me,
            pending: Pending::Nothing,
        },
    ));
    Some(open_or_forced(options))
}

/// The choices once the face-down tile underfoot is revealed in `revealed` (its symbol shown,
/// the claim not played yet): `claim CARDS` for each combination the hand makes, and `claim
/// fail` (no combination, or the player declines).
pub fn claim_options(revealed: &State) -> Vec<(String, ThPosition)> {
    let s = revealed;
    let symbol = s.tiles[s.cell_of(s.current as usize) as usize];
    let mut options = Vec::new();
    for mask in combinations(s, symbol, 3) {
        if let Some(p) = after(s, |t| t.claim(Some(mask))) {
            options.push((format!("claim {}", cards_of(s, mask)), p));
        }
    }
    if let Some(p) = after(s, |t| t.claim(None)) {
        options.push(("claim fail".into(), p));
    }
    options
}

/// The steps the player to act in `s` may move after rolling `roll`, as `move +3` or `move
/// -2`: 1 up to the roll either way and never off the path; solitaire the full roll forwards
/// (stopping at the path's end).
pub fn move_options(s: &State, roll: u8) -> Vec<(String, ThPosition)> {
    let step = s.cur().step as i16;
    let steps: Vec<i16> = if s.rules.solitaire() {
        vec![(step + roll as i16).min(LAST_STEP as i16) - step]
    } else {
        (-(roll as i16)..=roll as i16)
            .filter(|&d| d != 0 && (0..=LAST_STEP as i16).contains(&(step + d)))
            .collect()
    };
    steps
        .into_iter()
        .filter_map(|d| {
            let p = after(s, |t| t.move_by(roll, d as i8))?;
            Some((format!("move {d:+}"), p))
        })
        .collect()
}

/// `options` as a decision: open with two or more, else forced naming the one.
fn open_or_forced(options: Vec<(String, ThPosition)>) -> Options<ThPosition> {
    if options.len() == 1 {
        Options::Forced(format!("one option: {}", options[0].0))
    } else {
        Options::Open(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::treasure_hunt::deck::Card;
    use crate::games::treasure_hunt::grid::parse_cell;
    use crate::games::treasure_hunt::rules::ThRules;

    /// A two-player game whose deck lists `cards` top first (seat 1's hand first), tiles
    /// `ABCDEF` in every row, seat 1's turn begun.
    fn game(cards: &str) -> State {
        let pile: Vec<Card> = cards
            .split_whitespace()
            .map(|c| Card::parse(c).unwrap())
            .collect();
        let tiles = std::array::from_fn(|c| (c % 6) as u8);
        let mut s = State::new(ThRules::new(2), &pile, tiles);
        s.begin_turn(&mut crate::games::treasure_hunt::record::NoShuffle)
            .unwrap();
        s
    }

    const HANDS: &str = "r1A r2A r3A b4B y5C g6D w1E \
                         b1A b2B b3C b4D b5E b6F y1A y2B y3C";

    fn names(o: &Options<ThPosition>) -> Vec<String> {
        match o {
            Options::Open(v) => v.iter().map(|(n, _)| n.clone()).collect(),
            Options::Forced(why) => vec![why.clone()],
        }
    }

    #[test]
    fn a_turn_opens_with_every_action_the_rules_allow() {
        let s = game(HANDS);
        let names = names(&treasure_options(&s).unwrap());
        // The face-down tile underfoot, the move, 7 + 21 + 35 discards, the end.
        assert_eq!(names.len(), 1 + 1 + 63 + 1, "{names:?}");
        assert_eq!(names[0], "claim");
        assert_eq!(names[1], "move");
        assert_eq!(names[2], "discard r1A");
        assert!(names.contains(&"discard r1A r2A r3A".to_string()));
        assert!(!names.iter().any(|n| n.starts_with("reinforce")));
        assert_eq!(names.last().unwrap(), "end");
    }

    #[test]
    fn a_revealed_tile_lists_each_combination_and_a_won_claim_leaves_the_move() {
        let mut s = game(HANDS);
        s.reveal_here();
        let claims: Vec<String> = claim_options(&s).into_iter().map(|o| o.0).collect();
        // Three anchors (also three reds, and a sequence), and the sequence 1-2-3 with the
        // white 1; or fail.
        assert_eq!(
            claims,
            ["claim r1A r2A r3A", "claim r2A r3A w1E", "claim fail"]
        );
        // Claiming a face-up tile is an action option of its own.
        let names = names(&treasure_options(&s).unwrap());
        assert_eq!(names[0], "claim r1A r2A r3A");
        s.claim(Some(0b111)).unwrap();
        let names = self::names(&treasure_options(&s).unwrap());
        assert_eq!(names, ["move", "end"]);
        // With a tile of one's own, reinforcing it is an option; after two actions, only end.
        let mut t = game(HANDS);
        t.owner[parse_cell("c3").unwrap() as usize] = 0;
        t.revealed |= 1 << parse_cell("c3").unwrap();
        t.cubes[parse_cell("c3").unwrap() as usize] = 1;
        let names = self::names(&treasure_options(&t).unwrap());
        assert!(names.contains(&"reinforce c3".to_string()), "{names:?}");
        t.reinforce(parse_cell("c3").unwrap()).unwrap();
        t.reinforce(parse_cell("c3").unwrap()).unwrap();
        assert_eq!(
            treasure_options(&t).unwrap(),
            Options::Forced("one option: end".into())
        );
    }

    #[test]
    fn a_roll_allows_each_step_on_the_path_either_way() {
        let mut s = game(HANDS);
        let moves: Vec<String> = move_options(&s, 2).into_iter().map(|o| o.0).collect();
        assert_eq!(moves, ["move +1", "move +2"]);
        s.players[0].step = 5;
        assert_eq!(move_options(&s, 3).len(), 6);
        let last = move_options(&s, 3).pop().unwrap().1;
        assert_eq!(last.state.players[0].step, 8);
        // One action used, one left: the turn is not passed on.
        assert_eq!(last.state.current, 0);
    }

    #[test]
    fn steals_list_four_and_three_unit_combinations() {
        let mut s = game(HANDS);
        // Seat 2 owns the tile seat 1 stands on (a1, an anchor, one cube).
        s.owner[0] = 1;
        s.revealed |= 1;
        s.cubes[0] = 1;
        let names = names(&treasure_options(&s).unwrap());
        assert!(names.contains(&"steal-half r1A r2A r3A".to_string()));
        assert!(!names.iter().any(|n| n.starts_with("steal ")), "{names:?}");
        assert!(!names.iter().any(|n| n.starts_with("claim")), "{names:?}");
    }
}
