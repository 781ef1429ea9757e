//! Replay records: a game written out line by line — setup, the card order, dice and every
//! action — replayed through the checked actions. Errors name the line.
//!
//! ```text
//! # comment (also after any line)
//! game treasure-hunt       # optional: names the game for `replay` and `advise`
//! players 2                # 1 to 4 (first setup line)
//! variant two-dice         # repeatable
//! tiles ABCDEF ABCDEF ABCDEF ABCDEF ABCDEF ABCDEF   # rows south to north, west to east
//! deck r1A b3B k6A ...     # the draw pile, top first (repeatable); hands are dealt from it
//! turn 1                   # optional check: whose turn it is (1-based)
//! discard r1A b3B          # discard these cards, draw as many
//! move 4 +3                # rolled 4, moved 3 forward (-3: back); two dice: move 4 2 +5
//! claim r1A r2A r3A        # reveal the tile underfoot and play these cards
//! claim fail               # reveal it and fail: the turn is over
//! steal r1A r2A r3A r4A    # one-turn steal (four units)
//! steal-half r1A r2A r3A   # half of a two-turn steal (completes one begun last turn)
//! reinforce c3             # one more cube on cell c3
//! end                      # end the turn; the next begins (its hand refilled)
//! reshuffle b2A r1C ...    # the discards shuffled into a new draw pile, top first: the next
//!                          # action that draws past the pile's end takes it
//! tiles ABCDEF ...         # after the first action: the next round's layout (rounds variant)
//! ```

use super::actions::StealKind;
use super::deck::{parse_symbol, Card, Deck};
use super::grid::{parse_cell, CELLS};
use super::rules::ThRules;
use super::state::{Chance, State};

/// A record's script never shuffles: running out of listed cards is an error.
pub(crate) struct NoShuffle;

/// The shuffles a record lists: the new draw pile of a `reshuffle` line and the next round's
/// layout of a later `tiles` line, each waiting for the action that shuffles.
#[derive(Default)]
pub(crate) struct Listed {
    /// The new draw pile, top first.
    pile: Option<Vec<Card>>,
    /// The next round's tiles.
    tiles: Option<[u8; CELLS]>,
    /// Whether a listed pile was not the discard pile's cards.
    mismatch: bool,
}

impl Chance for Listed {
    fn shuffle_cards(&mut self, cards: &mut [Card]) -> bool {
        let Some(pile) = self.pile.take() else {
            return false;
        };
        let (mut want, mut have) = (pile.clone(), cards.to_vec());
        want.sort_unstable();
        have.sort_unstable();
        if want != have {
            self.mismatch = true;
            return false;
        }
        // The pile's top is its last card.
        for (slot, c) in cards.iter_mut().zip(pile.iter().rev()) {
            *slot = *c;
        }
        true
    }
    fn shuffle_tiles(&mut self, tiles: &mut [u8; CELLS]) -> bool {
        match self.tiles.take() {
            Some(t) => {
                *tiles = t;
                true
            }
            None => false,
        }
    }
}

impl Chance for NoShuffle {
    fn shuffle_cards(&mut self, _: &mut [Card]) -> bool {
        false
    }
    fn shuffle_tiles(&mut self, _: &mut [u8; CELLS]) -> bool {
        false
    }
}

/// Parses card codes, with the line's context in errors.
pub(crate) fn cards(words: &[&str]) -> Result<Vec<Card>, String> {
    words.iter().map(|w| Card::parse(w)).collect()
}

/// The hand-slot mask of the cards `want` in the current player's hand.
pub fn mask_of(s: &State, want: &[Card]) -> Result<u8, String> {
    let hand = s.cur().cards();
    let mut mask = 0u8;
    for c in want {
        let i = (0..hand.len())
            .find(|&i| mask & (1 << i) == 0 && hand[i] == *c)
            .ok_or_else(|| format!("card {c} is not in player {}'s hand", s.current + 1))?;
        mask |= 1 << i;
    }
    if mask == 0 {
        return Err("list the cards played".into());
    }
    Ok(mask)
}

/// `s` with the cards of `deck` it holds nowhere (in no hand, nor the draw or discard pile)
/// put under its draw pile. A record lists only the cards drawn; the rest of the shuffled deck
/// lies below them, unseen, and a game played on from the record draws them in time.
pub fn with_unlisted_cards(s: &State, deck: &Deck) -> State {
    let mut used = vec![false; deck.cards.len()];
    let hands = s.players[..s.rules.players as usize]
        .iter()
        .flat_map(|p| p.cards().iter());
    let piles = s.pile[..s.pile_len as usize]
        .iter()
        .chain(&s.discard[..s.discard_len as usize]);
    for c in hands.chain(piles) {
        if let Ok(id) = deck.find(*c, &used) {
            used[id as usize] = true;
        }
    }
    let mut out = *s;
    let unlisted = deck.cards.iter().zip(&used).filter(|(_, u)| !**u);
    let mut pile: Vec<Card> = unlisted.map(|(c, _)| *c).collect();
    pile.extend_from_slice(&s.pile[..s.pile_len as usize]);
    let n = pile.len().min(out.pile.len());
    out.pile[..n].copy_from_slice(&pile[..n]);
    out.pile_len = n as u8;
    out
}

/// Parses the tile layout: 36 symbol letters, six of each.
fn tiles(words: &[&str]) -> Result<[u8; CELLS], String> {
    let letters: Vec<char> = words.concat().chars().collect();
    if letters.len() != CELLS {
        return Err(format!("tiles: {} symbols; write 36 (A-F)", letters.len()));
    }
    let mut t = [0u8; CELLS];
    for (slot, ch) in t.iter_mut().zip(&letters) {
        *slot = parse_symbol(*ch).ok_or_else(|| format!("tiles: '{ch}' is not a symbol A-F"))?;
    }
    for k in 0..6u8 {
        if t.iter().filter(|&&x| x == k).count() != 6 {
            return Err(format!(
                "tiles: six of each symbol, not so for {}",
                (b'A' + k) as char
            ));
        }
    }
    Ok(t)
}

/// Replays a record with `deck` (the record's cards must come from it) and returns the
/// position reached. Errors read `line N: …`.
pub fn replay(text: &str, deck: &Deck) -> Result<State, String> {
    replay_with(text, deck, |_| Ok(()))
}

/// An action line of a record, replayed: told to [`replay_with`]'s visitor.
pub(crate) struct Replayed<'a> {
    /// The line's number, from 1.
    pub line: usize,
    /// The line's first word (`move`, `claim`, …).
    pub head: &'a str,
    /// The line's other words.
    pub rest: &'a [&'a str],
    /// The position before the line.
    pub before: &'a State,
    /// The position after it.
    pub after: &'a State,
}

/// [`replay`], telling `visit` of each action line once it has been played; an error of
/// `visit` stops the replay as a bad line does.
pub(crate) fn replay_with(
    text: &str,
    deck: &Deck,
    mut visit: impl FnMut(Replayed) -> Result<(), String>,
) -> Result<State, String> {
    let mut rules: Option<ThRules> = None;
    let mut layout: Option<[u8; CELLS]> = None;
    let mut pile: Vec<Card> = Vec::new();
    let mut used = vec![false; deck.cards.len()];
    let mut state: Option<State> = None;
    let mut listed = Listed::default();
    for (no, raw) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", no + 1);
        let line = raw.split('#').next().unwrap_or("").trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&head, rest)) = words.split_first() else {
            continue;
        };
        let setup_line = matches!(head, "game" | "players" | "variant" | "tiles" | "deck");
        if setup_line && state.is_some() && head != "tiles" {
            return Err(at(format!("'{head}' must come before the first action")));
        }
        match head {
            "tiles" if state.is_some() => listed.tiles = Some(tiles(rest).map_err(at)?),
            "reshuffle" => listed.pile = Some(cards(rest).map_err(at)?),
            "game" if rest == [super::rules::GAME_NAME] => {}
            "game" => {
                return Err(at(format!(
                    "a Treasure Hunt record's game line reads 'game {}'",
                    super::rules::GAME_NAME
                )))
            }
            "players" => {
                let n = rest
                    .first()
                    .and_then(|w| w.parse::<u8>().ok())
                    .filter(|n| (1..=4).contains(n) && rest.len() == 1)
                    .ok_or_else(|| at("players takes one number, 1 to 4".into()))?;
                rules = Some(ThRules::new(n));
            }
            "variant" => {
                let r = rules
                    .as_mut()
                    .ok_or_else(|| at("'players' must come first".into()))?;
                for v in rest {
                    r.apply_variant(v).map_err(at)?;
                }
            }
            "tiles" => layout = Some(tiles(rest).map_err(at)?),
            "deck" => {
                for c in cards(rest).map_err(at)? {
                    let id = deck.find(c, &used).map_err(at)?;
                    used[id as usize] = true;
                    pile.push(c);
                }
            }
            _ => {
                if state.is_none() {
                    let r = rules.ok_or_else(|| at("'players' line missing".into()))?;
                    let t = layout.ok_or_else(|| at("'tiles' line missing".into()))?;
                    if pile.len() < r.hand_size as usize * r.players as usize {
                        return Err(at("deck: too few cards listed to deal the hands".into()));
                    }
                    let mut s = State::new(r, &pile, t);
                    s.begin_turn(&mut NoShuffle).map_err(at)?;
                    state = Some(s);
                }
                let s = state.as_mut().ok_or_else(|| at("no game".into()))?;
                let before = *s;
                action(s, head, rest, &mut listed).map_err(|e| match listed.mismatch {
                    true => at("reshuffle: the cards listed are not the discard pile's".into()),
                    false => at(e),
                })?;
                if listed.pile.is_some() || listed.tiles.is_some() {
                    return Err(at(format!(
                        "'{head}' shuffles nothing: a reshuffle or a round's tiles line comes just \
                         before the action that shuffles"
                    )));
                }
                visit(Replayed {
                    line: no + 1,
                    head,
                    rest,
                    before: &before,
                    after: s,
                })
                .map_err(at)?;
            }
        }
    }
    state.ok_or_else(|| "the record has no actions".to_string())
}

/// Applies one action line to the position, its shuffles (if any) those `listed`.
fn action(s: &mut State, head: &str, rest: &[&str], listed: &mut Listed) -> Result<(), String> {
    if s.finished {
        return Err("the game is over".into());
    }
    match head {
        "turn" => {
            let n: u8 = rest
                .first()
                .and_then(|w| w.parse().ok())
                .ok_or("turn takes a player number")?;
            if n != s.current + 1 {
                return Err(format!("it is player {}'s turn, not {n}'s", s.current + 1));
            }
            Ok(())
        }
        "end" => {
            s.end_turn();
            if s.new_round {
                s.lay_out_round(listed)?;
            }
            s.begin_turn(listed)
        }
        "discard" => {
            let m = mask_of(s, &cards(rest)?)?;
            s.discard_draw(m, listed)
        }
        "move" => {
            let (steps, dice) = rest
                .split_last()
                .ok_or("move takes the dice and the steps")?;
            let mut roll = 0u8;
            for d in dice {
                roll += d
                    .parse::<u8>()
                    .ok()
                    .filter(|d| (1..=6).contains(d))
                    .ok_or_else(|| format!("'{d}' is not a die 1-6"))?;
            }
            if dice.len() != s.rules.dice as usize {
                return Err(format!(
                    "write {} then the steps",
                    crate::numbers::count(s.rules.dice.into(), "die value", "die values")
                ));
            }
            let steps: i8 = steps
                .trim_start_matches('+')
                .parse()
                .map_err(|_| format!("'{steps}' is not a number of steps like +3 or -2"))?;
            s.move_by(roll, steps)
        }
        "claim" if rest == ["fail"] => s.claim(None).map(|_| ()),
        "claim" => {
            let m = mask_of(s, &cards(rest)?)?;
            s.claim(Some(m)).map(|_| ())
        }
        "steal" | "steal-half" => {
            let kind = if head == "steal" {
                StealKind::Four
            } else {
                StealKind::Half
            };
            let m = mask_of(s, &cards(rest)?)?;
            s.steal(kind, m).map(|_| ())
        }
        "reinforce" => {
            let cell = rest
                .first()
                .and_then(|w| parse_cell(w))
                .ok_or("reinforce takes a cell like c3")?;
            s.reinforce(cell)
        }
        _ => Err(format!(
            "unknown line '{head}': expected game, players, variant, tiles, deck, turn, discard, move, \
             claim, steal, steal-half, reinforce, end or reshuffle"
        )),
    }
}
