//! Exact claim odds: for a hand of k cards dealt from the deck, the chance of holding each kind
//! of combination for a tile of a given symbol and a player of a given colour, and of a
//! four-unit steal.
//!
//! Enumerating hands of 7 from 54 cards is 177 million hands; instead each card is reduced to
//! its class for the question (its colour as mine / white / black / other, whether it shows the
//! symbol, its number: at most 48 classes), and a dynamic programme over the classes carries
//! every distinct summary of a partial hand (cards, symbol units, colour units, numbers present,
//! numbers on cards of the symbol) with the exact number of hands behind it, multiplying by
//! binomial coefficients of the class sizes. Counts are exact integers.

use super::combos::HandSummary;
use super::deck::{Card, Deck, BLACK, WHITE};
use rand::seq::index::sample;
use rand_core::RngCore;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Largest hand the tables cover.
pub const MAX_K: usize = 7;

/// Most Monte Carlo hands per row of a claim-odds check.
pub const MAX_SAMPLES: u64 = 100_000_000;

/// Exact counts for hands of one size, one symbol and one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClaimCounts {
    /// Hands of this size.
    pub hands: u128,
    /// Hands holding a 3-unit symbol combination.
    pub symbol: u128,
    /// Hands holding a 3-unit colour combination.
    pub colour: u128,
    /// Hands holding a 3-card sequence ending on the symbol.
    pub sequence: u128,
    /// Hands holding any of the three (a claim).
    pub claim: u128,
    /// Hands holding any 4-unit combination (a steal at once).
    pub steal4: u128,
}

impl ClaimCounts {
    /// A count as a probability.
    pub fn p(&self, count: u128) -> f64 {
        if self.hands == 0 {
            0.0
        } else {
            count as f64 / self.hands as f64
        }
    }
}

/// Binomial coefficient.
fn choose(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i + 1) as u128)
}

/// The class of a card for (symbol, colour): colour class (0 mine, 1 white, 2 black, 3 other),
/// shows the symbol, number.
fn class(c: &Card, symbol: u8, colour: u8) -> (u8, bool, u8) {
    let cc = match c.colour {
        k if k == colour => 0,
        WHITE => 1,
        BLACK => 2,
        _ => 3,
    };
    (cc, c.symbol == symbol, c.number)
}

/// Packs a partial-hand summary: size, symbol cards (cap 4), other black cards (cap 8),
/// colour cards (cap 4), white cards (cap 8), numbers, numbers on symbol cards.
#[inline]
fn pack(size: u32, sym: u32, bo: u32, mine: u32, white: u32, nums: u32, nsym: u32) -> u32 {
    size | sym.min(4) << 3
        | bo.min(8) << 6
        | mine.min(4) << 10
        | white.min(8) << 13
        | nums << 17
        | nsym << 23
}

/// The summary of a packed state, for judging it (symbol 0 stands for the tile's symbol).
fn summary_of(key: u32) -> (usize, HandSummary) {
    let f = |shift: u32, bits: u32| ((key >> shift) & ((1 << bits) - 1)) as u8;
    let mut h = HandSummary {
        black: f(6, 4),
        white: f(13, 4),
        mine: f(10, 3),
        numbers: f(17, 6),
        ..HandSummary::default()
    };
    h.symbol[0] = f(3, 3);
    h.number_symbol[0] = f(23, 6);
    (f(0, 3) as usize, h)
}

/// Hands counted by their packed summary. The keys are small packed integers the programme
/// makes itself, so a multiplicative hash spreads them well, far cheaper than the default
/// (which guards against keys chosen by an adversary); the counts are sums, so the order a
/// map visits them in changes nothing.
type Counts = HashMap<u32, u128, BuildHasherDefault<PackedKeyHasher>>;

/// Fibonacci hashing of one packed summary.
#[derive(Default)]
struct PackedKeyHasher(u64);

impl Hasher for PackedKeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u32(&mut self, x: u32) {
        self.0 = u64::from(x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Exact counts for hands of 0..=`max_k` cards, for a tile of `symbol` and a player of `colour`.
pub fn claim_counts(deck: &Deck, symbol: u8, colour: u8, max_k: usize) -> Vec<ClaimCounts> {
    let max_k = max_k.min(MAX_K);
    let mut classes: Vec<((u8, bool, u8), u64)> = Vec::new();
    for c in &deck.cards {
        let k = class(c, symbol, colour);
        match classes.iter_mut().find(|(x, _)| *x == k) {
            Some((_, m)) => *m += 1,
            None => classes.push((k, 1)),
        }
    }
    let mut states: Counts = Counts::default();
    states.insert(0, 1);
    for &((cc, shows, number), m) in &classes {
        let mut next: Counts =
            Counts::with_capacity_and_hasher(states.len() * 2, Default::default());
        for (&key, &w) in &states {
            let (size, h) = summary_of(key);
            for c in 0..=(m as usize).min(max_k - size) {
                let c32 = c as u32;
                let bit = if c > 0 { 1u32 << (number - 1) } else { 0 };
                let sym = h.symbol[0] as u32 + if shows { c32 } else { 0 };
                let bo = h.black as u32 + if cc == 2 && !shows { c32 } else { 0 };
                let mine = h.mine as u32 + if cc == 0 { c32 } else { 0 };
                let white = h.white as u32 + if cc == 1 { c32 } else { 0 };
                let nums = h.numbers as u32 | bit;
                let nsym = h.number_symbol[0] as u32 | if shows { bit } else { 0 };
                let k2 = pack((size + c) as u32, sym, bo, mine, white, nums, nsym);
                *next.entry(k2).or_insert(0) += w * choose(m, c as u64);
            }
        }
        states = next;
    }
    let mut out = vec![ClaimCounts::default(); max_k + 1];
    for (k, o) in out.iter_mut().enumerate() {
        o.hands = choose(deck.cards.len() as u64, k as u64);
    }
    for (&key, &w) in &states {
        let (size, h) = summary_of(key);
        // Here `black` holds only the black cards not showing the symbol, so symbol units are
        // symbol cards plus half of them.
        let sym3 = h.symbol[0] + h.black / 2 >= 3;
        let col3 = h.colour_ok(3);
        let seq3 = h.sequence_ok(0, 3);
        let any4 = h.symbol[0] + h.black / 2 >= 4 || h.colour_ok(4) || h.sequence_ok(0, 4);
        let o = &mut out[size];
        o.symbol += w * sym3 as u128;
        o.colour += w * col3 as u128;
        o.sequence += w * seq3 as u128;
        o.claim += w * (sym3 || col3 || seq3) as u128;
        o.steal4 += w * any4 as u128;
    }
    out
}

/// Monte Carlo estimate of the claim chance (any 3-unit combination) for hands of `k` cards:
/// (claims, samples).
pub fn sample_claims<R: RngCore>(
    deck: &Deck,
    symbol: u8,
    colour: u8,
    k: usize,
    n: u64,
    rng: &mut R,
) -> u64 {
    let mut hits = 0;
    for _ in 0..n {
        let idx = sample(rng, deck.cards.len(), k);
        let h = HandSummary::new(idx.iter().map(|i| deck.cards[i]), colour);
        hits += (h.claimable(3) & (1 << symbol) != 0) as u64;
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every k-subset of the deck, judged one by one.
    fn brute(deck: &Deck, symbol: u8, colour: u8, k: usize) -> ClaimCounts {
        let n = deck.cards.len();
        let mut idx: Vec<usize> = (0..k).collect();
        let mut out = ClaimCounts::default();
        loop {
            let h = HandSummary::new(idx.iter().map(|&i| deck.cards[i]), colour);
            let (s3, c3, q3) = (
                h.symbol_ok(symbol, 3),
                h.colour_ok(3),
                h.sequence_ok(symbol, 3),
            );
            out.hands += 1;
            out.symbol += s3 as u128;
            out.colour += c3 as u128;
            out.sequence += q3 as u128;
            out.claim += (s3 || c3 || q3) as u128;
            out.steal4 += (h.claimable(4) & (1 << symbol) != 0) as u128;
            let mut i = k;
            while i > 0 && idx[i - 1] == n - k + i - 1 {
                i -= 1;
            }
            if i == 0 {
                return out;
            }
            idx[i - 1] += 1;
            for j in i..k {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }

    #[test]
    fn dynamic_programme_equals_brute_force() {
        let deck = Deck::standard();
        for (symbol, colour) in [(0u8, 0u8), (5, 3)] {
            let dp = claim_counts(&deck, symbol, colour, 5);
            for (k, counts) in dp.iter().enumerate().skip(3) {
                assert_eq!(*counts, brute(&deck, symbol, colour, k), "k {k}");
            }
        }
    }
}
