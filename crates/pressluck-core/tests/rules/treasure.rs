//! Helpers shared by the Treasure Hunt tests: positions built from named hands, and records.
#![allow(dead_code)]

use pressluck_core::games::treasure_hunt::{
    mask_of, replay, Card, Chance, Deck, State, ThRules, CELLS,
};

/// Every row `ABCDEF` (south to north, west to east): a1 = A, b1 = B, … f6 = F.
pub const TILES: &str = "ABCDEF ABCDEF ABCDEF ABCDEF ABCDEF ABCDEF";

/// A chance that never shuffles (tests list every card they draw).
pub struct NoShuffle;

impl Chance for NoShuffle {
    fn shuffle_cards(&mut self, _: &mut [Card]) -> bool {
        false
    }
    fn shuffle_tiles(&mut self, _: &mut [u8; CELLS]) -> bool {
        false
    }
}

/// The tile layout of [`TILES`].
pub fn tiles() -> [u8; CELLS] {
    let mut t = [0u8; CELLS];
    for (i, x) in t.iter_mut().enumerate() {
        *x = (i % 6) as u8;
    }
    t
}

/// A position with the given rules whose players hold exactly `hands` (card codes), the rest of
/// the standard deck (in file order, minus those cards) as the draw pile; player 1's turn has
/// begun.
pub fn position(rules: ThRules, hands: &[&[&str]]) -> State {
    let deck = Deck::standard();
    let mut used = vec![false; deck.cards.len()];
    let mut pile = Vec::new();
    for hand in hands {
        for code in *hand {
            let c = Card::parse(code).unwrap();
            let id = deck.find(c, &used).unwrap();
            used[id as usize] = true;
            pile.push(c);
        }
    }
    for (i, c) in deck.cards.iter().enumerate() {
        if !used[i] {
            pile.push(*c);
        }
    }
    let mut r = rules;
    r.hand_size = hands.iter().map(|h| h.len()).max().unwrap_or(7) as u8;
    let mut s = State::new(r, &pile, tiles());
    s.begin_turn(&mut NoShuffle).unwrap();
    s
}

/// The hand-slot mask of the named cards in the current player's hand.
pub fn mask(s: &State, codes: &[&str]) -> u8 {
    let cards: Vec<Card> = codes.iter().map(|c| Card::parse(c).unwrap()).collect();
    mask_of(s, &cards).unwrap()
}

/// Replays a record with the standard deck; panics with its error.
pub fn play(text: &str) -> State {
    replay(text, &Deck::standard()).unwrap_or_else(|e| panic!("{e}"))
}

/// The error a record gives.
pub fn play_err(text: &str) -> String {
    match replay(text, &Deck::standard()) {
        Ok(_) => panic!("record should fail:\n{text}"),
        Err(e) => e,
    }
}

/// Cubes of player `p`: supply, marker and cubes on tiles (always 20).
pub fn cubes_of(s: &State, p: usize) -> u32 {
    s.players[p].supply as u32 + 1 + s.cubes_on_tiles(p)
}
