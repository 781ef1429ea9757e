//! The cards: six border colours, six symbols, numbers 1–6; the default 54-card deck (data, in
//! `data/treasure-hunt-deck.toml`) and loading a replacement deck file.

use crate::error::toml_error;
use serde::Deserialize;
use std::fmt;

/// Symbols on tiles and cards: A anchor, B bell, C crown, D diamond, E eye, F flame.
pub const SYMBOL_NAMES: [&str; 6] = ["anchor", "bell", "crown", "diamond", "eye", "flame"];
/// Border colours of the cards, in id order; the first four are also the players' cube colours.
pub const COLOUR_NAMES: [&str; 6] = ["red", "blue", "yellow", "green", "white", "black"];
/// One-letter colour codes used in records, in id order.
pub const COLOUR_LETTERS: [char; 6] = ['r', 'b', 'y', 'g', 'w', 'k'];
/// Colour id of white cards (two count as one card of any colour).
pub const WHITE: u8 = 4;
/// Colour id of black cards (two count as one card of any symbol).
pub const BLACK: u8 = 5;
/// Most cards a deck file may hold.
pub const MAX_CARDS: usize = 108;
/// Fewest cards a deck file may hold (four hands of seven).
pub const MIN_CARDS: usize = 28;

/// The built-in deck file.
pub const DEFAULT_DECK_TOML: &str = include_str!("../../../../../data/treasure-hunt-deck.toml");

/// One card: border colour (0..6), symbol (0..6) and number (1..=6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    /// Border colour id, an index into [`COLOUR_NAMES`].
    pub colour: u8,
    /// Symbol id, an index into [`SYMBOL_NAMES`].
    pub symbol: u8,
    /// The number, 1..=6.
    pub number: u8,
}

impl Card {
    /// Parses a card code like `r3A` (colour letter, number, symbol letter; any case).
    pub fn parse(code: &str) -> Result<Card, String> {
        let b: Vec<char> = code.chars().collect();
        let bad = || {
            format!("'{code}' is not a card: write colour (r b y g w k), number 1-6, symbol A-F, like r3A")
        };
        if b.len() != 3 {
            return Err(bad());
        }
        let colour = COLOUR_LETTERS
            .iter()
            .position(|&c| c == b[0].to_ascii_lowercase())
            .ok_or_else(bad)? as u8;
        let (number, symbol) = parse_face(&format!("{}{}", b[1], b[2])).ok_or_else(bad)?;
        Ok(Card {
            colour,
            symbol,
            number,
        })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            COLOUR_LETTERS[self.colour as usize],
            self.number,
            (b'A' + self.symbol) as char
        )
    }
}

/// Parses a symbol letter A–F (any case) into its id.
pub fn parse_symbol(c: char) -> Option<u8> {
    let u = c.to_ascii_uppercase();
    ('A'..='F').contains(&u).then(|| u as u8 - b'A')
}

/// Parses a card face like `3A` into (number, symbol).
fn parse_face(face: &str) -> Option<(u8, u8)> {
    let mut it = face.chars();
    let n = it.next()?.to_digit(10)? as u8;
    let s = parse_symbol(it.next()?)?;
    (it.next().is_none() && (1..=6).contains(&n)).then_some((n, s))
}

/// A deck: its cards, in file order (colour by colour). Card ids are indices into `cards`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    /// The cards.
    pub cards: Vec<Card>,
}

/// The deck file: one list of faces per border colour.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    red: Vec<String>,
    blue: Vec<String>,
    yellow: Vec<String>,
    green: Vec<String>,
    white: Vec<String>,
    black: Vec<String>,
}

impl Deck {
    /// The built-in 54-card deck.
    pub fn standard() -> Deck {
        Deck::from_toml(DEFAULT_DECK_TOML).expect("the built-in deck file is valid")
    }

    /// Parses and checks a deck file; the error says what is wrong.
    pub fn from_toml(text: &str) -> Result<Deck, String> {
        let f: DeckFile = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
        let lists = [f.red, f.blue, f.yellow, f.green, f.white, f.black];
        let mut cards = Vec::new();
        for (colour, list) in lists.iter().enumerate() {
            if list.len() > 18 {
                return Err(format!(
                    "{}: {}; at most 18 per colour",
                    COLOUR_NAMES[colour],
                    crate::numbers::count(list.len() as u64, "card", "cards")
                ));
            }
            for face in list {
                let (number, symbol) = parse_face(face).ok_or_else(|| {
                    format!(
                        "{}: '{face}' is not a card face: write number 1-6 then symbol A-F, like 3A",
                        COLOUR_NAMES[colour]
                    )
                })?;
                cards.push(Card {
                    colour: colour as u8,
                    symbol,
                    number,
                });
            }
        }
        if !(MIN_CARDS..=MAX_CARDS).contains(&cards.len()) {
            return Err(format!(
                "{}; a deck holds {MIN_CARDS} to {MAX_CARDS}",
                crate::numbers::count(cards.len() as u64, "card", "cards")
            ));
        }
        Ok(Deck { cards })
    }

    /// The id of a card in this deck not among `used`, or an error naming it.
    pub fn find(&self, card: Card, used: &[bool]) -> Result<u8, String> {
        self.cards
            .iter()
            .enumerate()
            .position(|(i, c)| *c == card && !used[i])
            .map(|i| i as u8)
            .ok_or_else(|| format!("card {card}: no (more) such card in the deck"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_deck_is_balanced() {
        let d = Deck::standard();
        assert_eq!(d.cards.len(), 54);
        for v in 0..6u8 {
            assert_eq!(d.cards.iter().filter(|c| c.colour == v).count(), 9);
            assert_eq!(d.cards.iter().filter(|c| c.symbol == v).count(), 9);
            assert_eq!(d.cards.iter().filter(|c| c.number == v + 1).count(), 9);
        }
    }

    #[test]
    fn card_codes_round_trip_and_errors_are_clear() {
        let c = Card::parse("K6a").unwrap();
        assert_eq!(c.to_string(), "k6A");
        assert!(Card::parse("r7A").unwrap_err().contains("not a card"));
        assert!(Card::parse("x1A").is_err());
        let e = Deck::from_toml("red = [\"1A\"]").unwrap_err();
        assert!(e.contains("missing field"), "{e}");
        let e = Deck::from_toml(&DEFAULT_DECK_TOML.replace("\"2F\"", "\"9F\"")).unwrap_err();
        assert!(e.contains("'9F'"), "{e}");
    }
}
