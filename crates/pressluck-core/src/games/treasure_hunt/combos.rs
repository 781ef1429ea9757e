//! Claim and steal combinations, wild pairs included.
//!
//! A combination is `units` cards (3 to claim, 4 for a one-turn steal) of one kind:
//! - **symbol**: every unit shows the tile's symbol; two black cards together are one unit of
//!   any symbol (a black card that shows the symbol is a unit by itself);
//! - **colour**: every unit has the player's cube colour; two white cards together are one unit
//!   of any colour;
//! - **sequence**: `units` cards of any colours with consecutive numbers (1-2-3 … 4-5-6; no
//!   wrap-around), the highest-numbered card showing the tile's symbol. Wild pairs have no single
//!   number, so they play no part in a sequence (a white or black card is an ordinary card there).

use super::deck::{Card, BLACK, WHITE};
use super::state::{ThPlayer, MAX_HAND};

/// The three kinds of combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComboKind {
    /// Cards showing the tile's symbol.
    Symbol,
    /// Cards of the player's colour.
    Colour,
    /// Consecutive numbers ending on the tile's symbol.
    Sequence,
}

/// The kind of combination the cards played make for a tile of `symbol` and a player of
/// `colour`, with exactly `units` units; `None` if they make none (extra cards make it invalid).
/// The symbol and colour readings counted in one pass over the cards, without a branch on
/// them; the same answer as `combo_kind_reference`.
pub fn combo_kind(cards: &[Card], symbol: u8, colour: u8, units: u8) -> Option<ComboKind> {
    let u = units as usize;
    // Whether every card shows the symbol or is black, and whether every card is of the colour
    // or white; the plain cards, the black cards showing the symbol, the white cards.
    let (mut symbol_only, mut colour_only) = (true, true);
    let (mut plain, mut black_s, mut whites) = (0usize, 0usize, 0usize);
    for c in cards {
        let (black, white, on) = (c.colour == BLACK, c.colour == WHITE, c.symbol == symbol);
        symbol_only &= on | black;
        colour_only &= (c.colour == colour) | white;
        plain += !black as usize;
        black_s += (black & on) as usize;
        whites += white as usize;
    }
    // Symbol: plain cards of the symbol count one; black cards showing it count one alone or
    // half in a pair; other black cards count half.
    if symbol_only {
        let black_o = cards.len() - plain - black_s;
        for single in 0..=black_s {
            let paired = black_s - single + black_o;
            if paired.is_multiple_of(2) && plain + single + paired / 2 == u {
                return Some(ComboKind::Symbol);
            }
        }
    }
    if colour_only {
        let mine = cards.len() - whites;
        if colour != WHITE && whites % 2 == 0 && mine + whites / 2 == u {
            return Some(ComboKind::Colour);
        }
    }
    sequence_kind(cards, symbol, units)
}

/// [`ComboKind::Sequence`] if `cards` are `units` consecutive numbers, the highest showing
/// `symbol`.
#[inline]
fn sequence_kind(cards: &[Card], symbol: u8, units: u8) -> Option<ComboKind> {
    let u = units as usize;
    if cards.len() == u && u > 0 {
        let mut numbers = 0u8;
        for c in cards {
            numbers |= 1 << (c.number - 1);
        }
        let top = cards.iter().map(|c| c.number).max().unwrap_or(0);
        let run = ((1u16 << u) - 1) as u8;
        let top_ok = cards.iter().any(|c| c.number == top && c.symbol == symbol);
        if top >= units && numbers == run << (top - units) && top_ok {
            return Some(ComboKind::Sequence);
        }
    }
    None
}

/// [`combo_kind`] as the rules read, each kind tested in passes of its own: the reference the
/// one-pass [`combo_kind`] is tested against, and what [`best_combo_search`] asks.
pub fn combo_kind_reference(
    cards: &[Card],
    symbol: u8,
    colour: u8,
    units: u8,
) -> Option<ComboKind> {
    let u = units as usize;
    // Symbol: plain cards of the symbol count one; black cards showing it count one alone or
    // half in a pair; other black cards count half.
    if cards
        .iter()
        .all(|c| c.symbol == symbol || c.colour == BLACK)
    {
        let plain = cards.iter().filter(|c| c.colour != BLACK).count();
        let black_s = cards
            .iter()
            .filter(|c| c.colour == BLACK && c.symbol == symbol)
            .count();
        let black_o = cards.len() - plain - black_s;
        for single in 0..=black_s {
            let paired = black_s - single + black_o;
            if paired.is_multiple_of(2) && plain + single + paired / 2 == u {
                return Some(ComboKind::Symbol);
            }
        }
    }
    if cards
        .iter()
        .all(|c| c.colour == colour || c.colour == WHITE)
    {
        let whites = cards.iter().filter(|c| c.colour == WHITE).count();
        let mine = cards.len() - whites;
        if colour != WHITE && whites % 2 == 0 && mine + whites / 2 == u {
            return Some(ComboKind::Colour);
        }
    }
    sequence_kind(cards, symbol, units)
}

/// What a hand holds, counted for one player colour: enough to tell which symbols it can
/// claim without trying subsets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandSummary {
    /// Cards showing each symbol (any colour, black included).
    pub symbol: [u8; 6],
    /// Black cards showing each symbol.
    pub black_symbol: [u8; 6],
    /// Black cards.
    pub black: u8,
    /// White cards.
    pub white: u8,
    /// Cards of the player's colour.
    pub mine: u8,
    /// Numbers present, bit `n - 1` for number `n`.
    pub numbers: u8,
    /// Numbers present among cards showing each symbol.
    pub number_symbol: [u8; 6],
}

impl HandSummary {
    /// Counts `cards` for a player of `colour`.
    pub fn new(cards: impl Iterator<Item = Card>, colour: u8) -> HandSummary {
        let mut h = HandSummary::default();
        for c in cards {
            let s = c.symbol as usize;
            h.symbol[s] += 1;
            h.numbers |= 1 << (c.number - 1);
            h.number_symbol[s] |= 1 << (c.number - 1);
            match c.colour {
                BLACK => {
                    h.black += 1;
                    h.black_symbol[s] += 1;
                }
                WHITE => h.white += 1,
                k if k == colour => h.mine += 1,
                _ => {}
            }
        }
        h
    }

    /// Whether the hand makes a colour combination of `units`.
    #[inline]
    pub fn colour_ok(&self, units: u8) -> bool {
        self.mine + self.white / 2 >= units
    }

    /// Whether the hand makes a symbol combination of `units` for `symbol`.
    #[inline]
    pub fn symbol_ok(&self, symbol: u8, units: u8) -> bool {
        let s = symbol as usize;
        self.symbol[s] + (self.black - self.black_symbol[s]) / 2 >= units
    }

    /// Whether the hand makes a sequence of `units` ending on `symbol`.
    #[inline]
    pub fn sequence_ok(&self, symbol: u8, units: u8) -> bool {
        let below = ((1u16 << (units - 1)) - 1) as u8;
        (units..=6).any(|top| {
            self.number_symbol[symbol as usize] & (1 << (top - 1)) != 0
                && (self.numbers >> (top - units)) & below == below
        })
    }

    /// Whether the hand makes some combination of `units` for `symbol`.
    #[inline]
    pub fn makes(&self, symbol: u8, units: u8) -> bool {
        self.colour_ok(units) || self.symbol_ok(symbol, units) || self.sequence_ok(symbol, units)
    }

    /// The symbols (bit per symbol) the hand can make some combination of `units` for: by
    /// [`HandSummary::makes`] symbol by symbol, its sequences read from [`RUN_TOPS`] (for 3
    /// and 4 units; [`HandSummary::claimable_reference`] asks [`HandSummary::makes`] itself).
    #[inline]
    pub fn claimable(&self, units: u8) -> u8 {
        if !(3..=4).contains(&units) {
            return self.claimable_reference(units);
        }
        if self.colour_ok(units) {
            return 0x3f;
        }
        let tops = RUN_TOPS[units as usize - 3][self.numbers as usize & 63];
        let mut out = 0;
        for s in 0..6 {
            let symbol = self.symbol[s] + (self.black - self.black_symbol[s]) / 2 >= units;
            let run = self.number_symbol[s] & tops != 0;
            out |= ((symbol || run) as u8) << s;
        }
        out
    }

    /// [`HandSummary::claimable`] asking [`HandSummary::makes`] of each symbol: the reference
    /// the table is tested against.
    pub fn claimable_reference(&self, units: u8) -> u8 {
        if self.colour_ok(units) {
            return 0x3f;
        }
        (0..6u8)
            .filter(|&s| self.makes(s, units))
            .fold(0, |m, s| m | 1 << s)
    }
}

/// The symbols (bit per symbol) a hand makes a combination for: of 3 units (to claim) and 4
/// (to steal at once), as [`HandSummary::claimable`] finds them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandMakes {
    /// Symbols the hand can claim.
    pub can3: u8,
    /// Symbols the hand can steal at once.
    pub can4: u8,
}

impl HandMakes {
    /// What the hand of `pl` makes: the hand summed up in words of per-card fields
    /// (`CARD_FIELDS`: counts added, numbers or-ed; a nibble a colour), then every symbol's
    /// claims and steals at once, a nibble or a byte a symbol, without a branch. The same
    /// answer as [`HandMakes::of_summary`].
    #[inline]
    pub fn of(pl: &ThPlayer) -> HandMakes {
        let (mut counts, mut numbers, mut colours) = (0u64, 0u64, 0u32);
        let mut valid = true;
        for c in pl.cards() {
            let number = c.number.wrapping_sub(1);
            valid &= (c.colour < 6) & (c.symbol < 6) & (number < 6);
            let index = (c.colour as usize * 6 + c.symbol as usize) * 6 + number as usize;
            let (count, bits) = CARD_FIELDS[index & 0xff];
            counts += count;
            numbers |= bits;
            colours += 1 << (4 * (c.colour & 7));
        }
        if !valid {
            // A card outside the deck's colours, symbols or numbers: the summary as written.
            return HandMakes::of_summary(pl);
        }
        let nibble = |at: u32| colours >> at & 0xf;
        let (black, white) = (nibble(4 * BLACK as u32), nibble(4 * WHITE as u32));
        // Wild cards are never "of the player's colour" (a summary counts them as wild).
        let mine = if pl.colour < WHITE {
            nibble(4 * pl.colour as u32)
        } else {
            0
        };
        // Units of each symbol, a nibble each: its cards, and half its black cards' others
        // (black − black of the symbol, never below 0, halved within the nibble); at most 10.
        let symbol = counts & 0xff_ffff;
        let black_symbol = counts >> 24 & 0xff_ffff;
        let units = symbol + ((black as u64 * 0x11_1111 - black_symbol) >> 1 & 0x77_7777);
        // Bit 3 of a nibble: at least 3 (4) units.
        let three = nibble_tops((units + 0x55_5555) & 0x88_8888);
        let four = nibble_tops((units + 0x44_4444) & 0x88_8888);
        let all = (numbers & 0x3f) as usize;
        let run3 = byte_hits(numbers, RUN_TOPS[0][all]);
        let run4 = byte_hits(numbers, RUN_TOPS[1][all]);
        let colour_units = mine + white / 2;
        HandMakes {
            can3: if colour_units >= 3 {
                0x3f
            } else {
                three | run3
            },
            can4: if colour_units >= 4 { 0x3f } else { four | run4 },
        }
    }

    /// What the hand of `pl` makes, from its [`HandSummary`]: the reference [`HandMakes::of`]
    /// is tested against.
    pub fn of_summary(pl: &ThPlayer) -> HandMakes {
        let h = HandSummary::new(pl.cards().iter().copied(), pl.colour);
        HandMakes {
            can3: h.claimable(3),
            can4: h.claimable(4),
        }
    }
}

/// Where [`CARD_FIELDS`] counts the black cards showing each symbol (a nibble each).
const BLACK_SYMBOL_AT: u32 = 24;

/// The six symbols' bits of `x`, which holds at most bit 3 of each of its six low nibbles.
#[inline(always)]
fn nibble_tops(x: u64) -> u8 {
    let y = x >> 3;
    (y & 1 | y >> 3 & 2 | y >> 6 & 4 | y >> 9 & 8 | y >> 12 & 16 | y >> 15 & 32) as u8
}

/// The symbols whose byte of `numbers` (byte `symbol + 1`: the numbers on its cards) shares
/// a number with `tops`: those the hand makes a run for ([`RUN_TOPS`]).
#[inline(always)]
fn byte_hits(numbers: u64, tops: u8) -> u8 {
    const BYTES: u64 = 0x003f_3f3f_3f3f_3f00;
    let hit = numbers & (tops as u64 * 0x0001_0101_0101_0100) & BYTES;
    // Bit 6 of a byte: the byte (at most 0x3f) is not 0. Bytes 1..7 to bits 0, 8, …, 40.
    let z = ((hit + BYTES) & 0x0040_4040_4040_4000) >> 14;
    // Bit 8i moves to bit i; no other bit lands in bits 0..6.
    ((z | z >> 7 | z >> 14 | z >> 21 | z >> 28 | z >> 35) & 0x3f) as u8
}

/// `CARD_FIELDS[(colour · 6 + symbol) · 6 + number − 1]`: one card's part of a hand summary
/// as two words. The first is added up: a nibble per symbol counting the cards showing it
/// (bits 0..24), a nibble per symbol counting the black cards showing it (24..48) — a hand
/// holds at most 8 cards, so no nibble overflows. The second is or-ed: the card's number (bit
/// `number − 1`) in byte 0, and again in byte `symbol + 1`. Entries 216 and up (no card) are 0.
/// Worked out at compile time.
static CARD_FIELDS: [(u64, u64); 256] = {
    let mut t = [(0u64, 0u64); 256];
    let mut i = 0;
    while i < 216 {
        let (colour, symbol, number) = (i / 36, i / 6 % 6, i % 6 + 1);
        let mut count = 1u64 << (4 * symbol);
        if colour == BLACK as usize {
            count |= 1 << (BLACK_SYMBOL_AT as usize + 4 * symbol);
        }
        let bit = 1u64 << (number - 1);
        t[i] = (count, bit | bit << (8 * (symbol + 1)));
        i += 1;
    }
    t
};

/// [`HandMakes`] of one seat, remembered with the hand it was worked out for: a hand is
/// summed up again only when it changed (a turn's actions mostly leave it as it is).
#[derive(Clone, Copy, Debug)]
pub struct HandMakesCache {
    hand: [Card; MAX_HAND],
    len: u8,
    colour: u8,
    makes: HandMakes,
}

impl Default for HandMakesCache {
    fn default() -> HandMakesCache {
        HandMakesCache {
            hand: [Card {
                colour: 0,
                symbol: 0,
                number: 1,
            }; MAX_HAND],
            // No hand is this long: the first question works the answer out.
            len: u8::MAX,
            colour: 0,
            makes: HandMakes::default(),
        }
    }
}

impl HandMakesCache {
    /// What the hand of `pl` makes: [`HandMakes::of`], worked out again only for a hand other
    /// than the last one asked about.
    #[inline]
    pub fn of(&mut self, pl: &ThPlayer) -> HandMakes {
        let cards = pl.cards();
        if self.len != pl.hand_len || self.colour != pl.colour || self.hand[..cards.len()] != *cards
        {
            self.makes = HandMakes::of(pl);
            self.hand = pl.hand;
            self.len = pl.hand_len;
            self.colour = pl.colour;
        }
        self.makes
    }
}

/// `RUN_TOPS[units - 3][numbers]`: the numbers `top` (bit `top - 1`, `top` from `units` to
/// 6) whose `units − 1` numbers below are all in `numbers` (bit `n - 1` for number `n`), for
/// 3 and 4 units; worked out at compile time. A hand makes a sequence for a symbol when a card
/// of the symbol shows one of them ([`HandSummary::sequence_ok`]).
pub static RUN_TOPS: [[u8; 64]; 2] = {
    let mut t = [[0u8; 64]; 2];
    let mut u = 3;
    while u <= 4 {
        let below = (1u8 << (u - 1)) - 1;
        let mut numbers = 0;
        while numbers < 64 {
            let mut top = u;
            while top <= 6 {
                let needed = below << (top - u);
                if numbers as u8 & needed == needed {
                    t[u - 3][numbers] |= 1 << (top - 1);
                }
                top += 1;
            }
            numbers += 1;
        }
        u += 1;
    }
    t
};

/// The cheapest combination in `hand` (its first eight cards) for a tile of `symbol`, as a bit mask
/// of hand slots — fewest cards, then the lowest total `cost` of the cards spent (0 for a slot
/// `cost` does not reach), then the lowest mask; `None` if there is none — by trying every subset
/// of the hand with `combo_kind_reference`: the rules as written, and the reference that
/// [`super::cheapest::best_combo`] and the hand summary are tested against.
pub fn best_combo_search(
    hand: &[Card],
    symbol: u8,
    colour: u8,
    units: u8,
    cost: &[i32],
) -> Option<u8> {
    let n = hand.len().min(8);
    let mut best: Option<(u32, i32, u8)> = None;
    let mut picked = [Card {
        colour: 0,
        symbol: 0,
        number: 1,
    }; 8];
    for mask in 1u16..(1 << n) {
        let size = mask.count_ones();
        if size < units as u32 || best.is_some_and(|(s, _, _)| size > s) {
            continue;
        }
        let (k, c) = pick_cards(hand, mask, cost, &mut picked);
        if combo_kind_reference(&picked[..k], symbol, colour, units).is_some()
            && best.is_none_or(|(s, bc, _)| size < s || c < bc)
        {
            best = Some((size, c, mask as u8));
        }
    }
    best.map(|(_, _, m)| m)
}

/// The cards of `hand` in the slots of `mask` (slots 0..8) written to the front of `picked`:
/// their number and their total `cost` (0 for a slot `cost` does not reach).
#[inline]
fn pick_cards(hand: &[Card], mask: u16, cost: &[i32], picked: &mut [Card; 8]) -> (usize, i32) {
    let (mut k, mut c) = (0, 0);
    for (i, card) in hand.iter().enumerate().take(8) {
        if mask & (1 << i) != 0 {
            picked[k] = *card;
            k += 1;
            c += cost.get(i).copied().unwrap_or(0);
        }
    }
    (k, c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_pass_kind_is_the_kind_of_the_rules_as_read() {
        use crate::engine::deal::generator;
        use rand::Rng;
        let mut rng = generator([46, 9, 2, 7]);
        let mut kinds = [0u32; 4];
        for round in 0..50_000 {
            // Few colours and symbols (the wild ones among them), so many sets make a kind.
            let n = rng.gen_range(0..=8);
            let cards: Vec<Card> = (0..n)
                .map(|_| Card {
                    colour: [0, 1, WHITE, BLACK, rng.gen_range(0..6)][rng.gen_range(0..5)],
                    symbol: rng.gen_range(0..if round % 2 == 0 { 2 } else { 6 }),
                    number: rng.gen_range(1..=6),
                })
                .collect();
            let colour = [0, 1, 3, WHITE, BLACK][round % 5];
            for units in 0..=5 {
                for symbol in 0..3 {
                    let fast = combo_kind(&cards, symbol, colour, units);
                    let slow = combo_kind_reference(&cards, symbol, colour, units);
                    assert_eq!(fast, slow, "{cards:?} {symbol} {colour} {units}");
                    kinds[fast.map_or(0, |k| k as usize + 1)] += 1;
                }
            }
        }
        assert!(kinds.iter().all(|&k| k > 1000), "{kinds:?}");
    }

    #[test]
    fn run_tops_make_the_sequences_of_every_summary() {
        for units in 3..=4u8 {
            for numbers in 0..64u8 {
                for on_symbol in 0..64u8 {
                    let mut h = HandSummary {
                        numbers,
                        ..HandSummary::default()
                    };
                    h.number_symbol[2] = on_symbol;
                    let tops = RUN_TOPS[units as usize - 3][numbers as usize];
                    assert_eq!(
                        on_symbol & tops != 0,
                        h.sequence_ok(2, units),
                        "{numbers:06b} {on_symbol:06b} {units}"
                    );
                }
            }
        }
    }

    #[test]
    fn what_a_hand_makes_by_its_fields_is_what_its_summary_makes() {
        use crate::engine::deal::generator;
        use rand::Rng;
        let mut rng = generator([46, 7, 1, 3]);
        let mut pl = ThPlayer {
            side: crate::games::treasure_hunt::Side(0),
            colour: 0,
            step: 0,
            supply: 0,
            hand: [Card {
                colour: 0,
                symbol: 0,
                number: 1,
            }; MAX_HAND],
            hand_len: 0,
            half_steal: 0,
            far_reached: false,
            turns: 0,
            points: 0,
            rounds_won: 0,
        };
        for round in 0..200_000u32 {
            pl.colour = (round % 6) as u8;
            pl.hand_len = rng.gen_range(0..=MAX_HAND as u8);
            // Half the hands from two colours and the wild ones, and two symbols: many combos.
            let small = round % 2 == 0;
            for c in pl.hand.iter_mut() {
                *c = Card {
                    colour: if small {
                        [0, 1, WHITE, BLACK][rng.gen_range(0..4)]
                    } else {
                        rng.gen_range(0..6)
                    },
                    symbol: rng.gen_range(0..if small { 2 } else { 6 }),
                    number: rng.gen_range(1..=6),
                };
            }
            assert_eq!(HandMakes::of(&pl), HandMakes::of_summary(&pl), "{pl:?}");
        }
    }

    #[test]
    fn claimable_by_the_table_is_claimable_by_each_symbol() {
        // Every count of symbol cards, black cards and colour cards that a hand of up to 8
        // can hold, with numbers spread over the symbols.
        for units in 0..=6u8 {
            for mine in 0..=4u8 {
                for white in 0..=4u8 {
                    for black in 0..=4u8 {
                        for seed in 0..64u32 {
                            let mut h = HandSummary {
                                mine,
                                white,
                                black,
                                numbers: (seed * 37 % 64) as u8,
                                ..HandSummary::default()
                            };
                            for s in 0..6 {
                                h.symbol[s] = ((seed >> s) & 3) as u8 + black.min(1);
                                h.black_symbol[s] = black.min(((seed >> (s + 1)) & 1) as u8);
                                h.number_symbol[s] = h.numbers & (seed * (s as u32 + 3)) as u8;
                            }
                            assert_eq!(h.claimable(units), h.claimable_reference(units), "{h:?}");
                        }
                    }
                }
            }
        }
    }
}
