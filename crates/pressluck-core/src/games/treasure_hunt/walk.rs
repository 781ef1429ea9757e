//! A Treasure Hunt record read as the decisions and chance events a review plays out
//! ([`record_walk`]).
//!
//! Every action line is a decision among the actions the rules allow ([`treasure_options`]),
//! when there are two or more. Two chance events are `Roll` steps, each measured as luck: the
//! dice of a move (`move` chosen, the dice rolled, then a decision among the steps they allow)
//! and the tile a claim reveals (`claim` of a face-down tile chosen, the tile revealed, then a
//! decision among the combinations the hand makes for it, or failing). Cards drawn are not
//! steps: the next decision is measured from the hand they make.

use super::actions::StealKind;
use super::deck::Deck;
use super::deck::SYMBOL_NAMES;
use super::grid::cell_name;
use super::options::{cards_of, claim_options, move_options, treasure_options};
use super::position::{steal_word, Pending, ThPosition};
use super::record::{cards, mask_of, replay_with, with_unlisted_cards, Replayed};
use crate::games::decision::{Options, Walk, WalkStep};

/// The decisions and chance events of the record `text` dealt from `deck`, in order; the
/// error names the record's bad line (`line N: …`). The cards of the deck the record does not
/// list lie under the draw pile ([`with_unlisted_cards`]).
pub fn record_walk(text: &str, deck: &Deck) -> Result<Walk<ThPosition>, String> {
    let mut walk = Walk::default();
    replay_with(text, deck, |r| {
        let before = with_unlisted_cards(r.before, deck);
        step(
            &mut walk,
            &Replayed {
                before: &before,
                ..r
            },
        )
    })?;
    Ok(walk)
}

/// The option a line played, by its name in [`treasure_options`].
fn played_name(r: &Replayed) -> Result<String, String> {
    let b = r.before;
    let here = b.cell_of(b.current as usize);
    let picked =
        |words: &[&str]| -> Result<String, String> { Ok(cards_of(b, mask_of(b, &cards(words)?)?)) };
    Ok(match r.head {
        "end" => "end".into(),
        "move" => "move".into(),
        "claim" if b.visible(here).is_none() => "claim".into(),
        "claim" if r.rest == ["fail"] => "end".into(),
        "claim" => format!("claim {}", picked(r.rest)?),
        "steal" => format!("{} {}", steal_word(StealKind::Four), picked(r.rest)?),
        "steal-half" => format!("{} {}", steal_word(StealKind::Half), picked(r.rest)?),
        "discard" => format!("discard {}", picked(r.rest)?),
        "reinforce" => {
            let cell = (0..super::grid::CELLS as u8)
                .find(|&c| r.after.cubes[c as usize] != b.cubes[c as usize])
                .ok_or("the reinforced tile is not found")?;
            format!("reinforce {}", cell_name(cell))
        }
        other => return Err(format!("'{other}' is not an action")),
    })
}

/// Adds the steps of one replayed line to `walk`.
fn step(walk: &mut Walk<ThPosition>, r: &Replayed) -> Result<(), String> {
    if r.head == "turn" {
        return Ok(());
    }
    let (b, line, seat) = (r.before, r.line, r.before.current);
    let name = played_name(r)?;
    // The position of the option played, when it was one of several.
    let mut chosen = None;
    if let Some(Options::Open(options)) = treasure_options(b) {
        let played = options
            .iter()
            .position(|(n, _)| *n == name)
            .ok_or_else(|| format!("'{name}' is not among the options"))?;
        let options: Vec<(String, usize)> =
            options.into_iter().map(|(n, p)| (n, walk.add(p))).collect();
        chosen = Some(options[played].1);
        walk.steps.push(WalkStep::Decision {
            line,
            seat,
            what: format!("action {} of 2", b.actions + 1),
            options,
            played,
        });
    }
    let mut before = |pending| chosen.unwrap_or_else(|| walk.add(ThPosition::waiting(*b, pending)));
    match name.as_str() {
        "move" => {
            let dice = &r.rest[..r.rest.len() - 1];
            let roll: u8 = dice.iter().filter_map(|d| d.parse::<u8>().ok()).sum();
            let before = before(Pending::Move);
            let steps = r.after.players[seat as usize].step as i16 - b.cur().step as i16;
            let played = format!("move {steps:+}");
            after_chance(
                walk,
                (line, seat),
                dice.join(" "),
                before,
                move_options(b, roll),
                format!("steps, {roll} rolled"),
                &played,
            )
        }
        "claim" => {
            let before = before(Pending::Claim);
            let mut revealed = *b;
            let symbol = revealed.reveal_here();
            let played = match r.rest {
                ["fail"] => "claim fail".to_string(),
                words => format!("claim {}", cards_of(b, mask_of(b, &cards(words)?)?)),
            };
            after_chance(
                walk,
                (line, seat),
                format!("tile {}", SYMBOL_NAMES[symbol as usize]),
                before,
                claim_options(&revealed),
                format!("cards for {}", SYMBOL_NAMES[symbol as usize]),
                &played,
            )
        }
        _ => Ok(()),
    }
}

/// A chance event of the line (`line`, `seat`) written `what_fell` from the position
/// `before`, and the decision among the `options` it leaves (named `what`), of which `played`
/// was played.
fn after_chance(
    walk: &mut Walk<ThPosition>,
    (line, seat): (usize, u8),
    what_fell: String,
    before: usize,
    options: Vec<(String, ThPosition)>,
    what: String,
    played: &str,
) -> Result<(), String> {
    let played = options
        .iter()
        .position(|(n, _)| n == played)
        .ok_or_else(|| format!("'{played}' is not among the choices"))?;
    let options: Vec<(String, usize)> =
        options.into_iter().map(|(n, p)| (n, walk.add(p))).collect();
    walk.steps.push(WalkStep::Roll {
        line,
        seat,
        dice: what_fell,
        before,
        after: options.iter().map(|o| o.1).collect(),
    });
    if options.len() >= 2 {
        walk.steps.push(WalkStep::Decision {
            line,
            seat,
            what,
            options,
            played,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = include_str!("../../../../../examples/records/treasure-hunt.rec");

    #[test]
    fn the_example_record_walks_decision_by_decision() {
        let walk = record_walk(RECORD, &Deck::standard()).unwrap();
        let steps: Vec<String> = walk
            .steps
            .iter()
            .map(|s| match s {
                WalkStep::Decision {
                    line,
                    seat,
                    what,
                    options,
                    played,
                } => format!(
                    "{line} {} {what}: {} of {}",
                    seat + 1,
                    options[*played].0,
                    options.len()
                ),
                WalkStep::Roll {
                    line, dice, after, ..
                } => format!("{line} roll {dice} -> {}", after.len()),
            })
            .collect();
        assert_eq!(
            steps,
            [
                "9 1 action 1 of 2: claim of 66",
                "9 roll tile anchor -> 4",
                "9 1 cards for anchor: claim b2A y3A w5A of 4",
                "10 1 action 2 of 2: move of 2",
                "10 roll 3 -> 3",
                "10 1 steps, 3 rolled: move +3 of 3",
                "13 2 action 1 of 2: move of 66",
                "13 roll 2 -> 2",
                "13 2 steps, 2 rolled: move +2 of 2",
            ]
        );
        // Every position once: the claim and the moves chosen are the rolls' befores.
        let n = walk.positions.len();
        assert_eq!(n, 66 + 4 + 2 + 3 + 66 + 2);
        // The 33 cards the record does not list lie under the 7 it does.
        assert_eq!(walk.positions[0].state.pile_len, 40);
        for (i, p) in walk.positions.iter().enumerate() {
            assert!(!walk.positions[..i].contains(p), "position {i} twice");
        }
    }
}
