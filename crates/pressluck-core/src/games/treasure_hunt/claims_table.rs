//! Treasure Hunt's table of `pressluck odds` (`--view claims`): the exact claim odds, one row
//! per hand size (3–7), tile symbol (A–F, and `any` for a face-down tile: the mean over the six, as
//! tiles hold six of each) and player colour (red, blue, yellow, green); with `--samples N` a
//! Monte Carlo check of the claim column with a 99.9% interval.

use super::deck::{Deck, COLOUR_NAMES, SYMBOL_NAMES};
use super::odds::{claim_counts, sample_claims, ClaimCounts, MAX_SAMPLES};
use crate::counters::wilson999;
use crate::engine::deal::{game_streams, generator};
use crate::figure::Figure;
use crate::games::odds_table::{check_samples, OddsRequest, OddsView, UseRows};
use rayon::prelude::*;
use serde::Serialize;

/// Treasure Hunt's one table, with a Monte Carlo check.
pub const CLAIMS_VIEW: OddsView = OddsView {
    samples: true,
    ..OddsView::plain("claims", "the exact claim odds by hand, symbol and colour")
};

/// `x` as a six-decimal figure.
fn f6(x: f64) -> Figure {
    Figure::fixed(x, 6)
}

/// One row of the claim-odds table.
#[derive(Debug, Default, Serialize)]
pub struct ClaimRow {
    hand: usize,
    symbol: String,
    colour: &'static str,
    hands: u128,
    symbol_hands: u128,
    colour_hands: u128,
    sequence_hands: u128,
    claim_hands: u128,
    steal4_hands: u128,
    p_symbol: Figure,
    p_colour: Figure,
    p_sequence: Figure,
    p_claim: Figure,
    p_steal4: Figure,
    mc_claim: Option<Figure>,
    mc_low: Option<Figure>,
    mc_high: Option<Figure>,
}

/// The claim-odds table of `deck` (with `--samples`, each row's Monte Carlo check), handed to
/// `work`.
pub fn claims_table<U: UseRows>(
    deck: &Deck,
    r: &OddsRequest,
    work: U,
) -> Result<U::Output, String> {
    check_samples(r.samples, MAX_SAMPLES)?;
    let (samples, seed) = (r.samples, r.seed);
    let mut rows = Vec::new();
    // The 24 exact counts (colour, symbol) are independent: worked out over the cores, each
    // in its place, so the table is the same whatever the thread count.
    let counts: Vec<Vec<ClaimCounts>> = (0..24u8)
        .into_par_iter()
        .map(|i| claim_counts(deck, i % 6, i / 6, 7))
        .collect();
    for colour in 0..4u8 {
        let per_symbol = &counts[colour as usize * 6..colour as usize * 6 + 6];
        for k in 3..=7usize {
            for symbol in 0..=6usize {
                let c = if symbol < 6 {
                    per_symbol[symbol][k]
                } else {
                    let mut t = ClaimCounts::default();
                    for ps in per_symbol {
                        let x = ps[k];
                        t.hands += x.hands;
                        t.symbol += x.symbol;
                        t.colour += x.colour;
                        t.sequence += x.sequence;
                        t.claim += x.claim;
                        t.steal4 += x.steal4;
                    }
                    t
                };
                let (mc, lo, hi) = match (samples, symbol < 6) {
                    (Some(n), true) => {
                        let key = (colour as u64) << 16 | (k as u64) << 8 | symbol as u64;
                        let mut rng = generator(game_streams(seed, key, 0).dice);
                        let hits = sample_claims(deck, symbol as u8, colour, k, n, &mut rng);
                        let (lo, hi) = wilson999(hits, n);
                        (Some(f6(hits as f64 / n as f64)), Some(f6(lo)), Some(f6(hi)))
                    }
                    _ => Default::default(),
                };
                rows.push(ClaimRow {
                    hand: k,
                    symbol: SYMBOL_NAMES.get(symbol).unwrap_or(&"any").to_string(),
                    colour: COLOUR_NAMES[colour as usize],
                    hands: c.hands,
                    symbol_hands: c.symbol,
                    colour_hands: c.colour,
                    sequence_hands: c.sequence,
                    claim_hands: c.claim,
                    steal4_hands: c.steal4,
                    p_symbol: f6(c.p(c.symbol)),
                    p_colour: f6(c.p(c.colour)),
                    p_sequence: f6(c.p(c.sequence)),
                    p_claim: f6(c.p(c.claim)),
                    p_steal4: f6(c.p(c.steal4)),
                    mc_claim: mc,
                    mc_low: lo,
                    mc_high: hi,
                });
            }
        }
    }
    Ok(work.with(None, rows))
}
