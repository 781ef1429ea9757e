//! The cheapest combination of a hand ([`best_combo`]), built from its cards in order of cost
//! rather than found by trying subsets.
//!
//! Every combination of `units` units made of `k` cards is one of (see [`super::combos`]):
//! - **symbol**: `k` cards from the plain cards showing the symbol (`P`), the black cards
//!   showing it (`A`) and the other black cards (`O`), `2(k − units)` of them paired: so at
//!   most `2(k − units)` from `O`, at least that many from `A` and `O` together;
//! - **colour**: `units − j` cards of the player's colour and `2j` white cards, `k = units + j`;
//! - **sequence** (`k = units`): one card of each number of a run, the top one showing the
//!   symbol.
//!
//! Each is a choice of so many cards from disjoint groups, and the cheapest choice of `c` cards
//! from a group, lowest slots first among equal costs, is its first `c` cards in order of
//! (cost, slot). So the cheapest of each split of `k` among the groups is a sum of prefixes,
//! and the answer — fewest cards, then the lowest total cost, then the lowest mask, as
//! [`super::combos::best_combo_search`] finds by trying every subset — is the least of a few
//! dozen candidates. Most hands make a combination of `units` cards with no wild pair: then
//! each kind is one pick (the cheapest `units` cards of a group, the cheapest card of each
//! number of a run) and the sorting and splitting are skipped. Tests hold the two to the same
//! answer on random hands and costs.

use super::deck::{Card, BLACK, WHITE};

/// Most hand slots a combination is made from (masks are `u8`).
const SLOTS: usize = 8;

/// The cards of one group in order of (cost, slot): `mask[c]` and `cost[c]` are the mask and
/// the total cost of its first `c` cards, for `c` up to `len`.
struct Prefixes {
    mask: [u8; SLOTS + 1],
    cost: [i32; SLOTS + 1],
    len: usize,
}

impl Prefixes {
    /// The prefixes of the slots in `group`, walked in `order`.
    #[inline]
    fn of(group: u8, order: &[u8], costs: &[i32; SLOTS]) -> Prefixes {
        let mut p = Prefixes {
            mask: [0; SLOTS + 1],
            cost: [0; SLOTS + 1],
            len: 0,
        };
        // Without a branch: every slot writes the next prefix, which only a slot of the
        // group keeps (by moving `len` past it); a slot of another group is written over.
        for &slot in order {
            let take = (group >> (slot & 7) & 1) as usize;
            let next = (p.len + 1).min(SLOTS);
            p.mask[next] = p.mask[p.len] | (take as u8) << (slot & 7);
            p.cost[next] = p.cost[p.len] + costs[slot as usize & 7] * take as i32;
            p.len = next.min(p.len + take);
        }
        p
    }
}

/// The cheapest combination in `hand` (its first eight cards) for a tile of `symbol`, as a bit
/// mask of hand slots: fewest cards, then the lowest total `cost` of the cards spent (0 for a
/// slot `cost` does not reach), then the lowest mask. `None` if there is none. The same answer
/// as [`super::combos::best_combo_search`], the rules as written.
///
/// Most hands make one of `units` cards, no wild pair in it: the cheapest such is the least of
/// three picks (`fewest_cards`); only without one are the combinations with pairs built.
pub fn best_combo(hand: &[Card], symbol: u8, colour: u8, units: u8, cost: &[i32]) -> Option<u8> {
    let n = hand.len().min(SLOTS);
    let u = units as usize;
    if u == 0 || u > n {
        return None;
    }
    fewest_cards(&hand[..n], symbol, colour, u, cost)
        .or_else(|| with_pairs(&hand[..n], symbol, colour, u, cost))
}

/// A slot's key for picking the cheapest (or least worth) cards: its cost, then the slot (the
/// lower first among equal costs); [`NO_CARD`] for a slot outside the group picked from.
#[inline(always)]
pub(super) fn key(cost: i32, slot: usize) -> i64 {
    (cost as i64) << 3 | slot as i64
}

/// A key no card has.
pub(super) const NO_CARD: i64 = i64::MAX;

/// Picks up to `most` of the least keys of `keys` one by one, striking each (a key's low three
/// bits are its slot): how many there were, their total cost and their slots as a mask.
/// Without a branch: once no key is left every pick is [`NO_CARD`] and counts nothing.
#[inline(always)]
pub(super) fn pick_least<const N: usize>(keys: &mut [i64; N], most: usize) -> (usize, i32, u8) {
    let (mut picked, mut cost, mut mask) = (0usize, 0i32, 0u8);
    for _ in 0..most {
        let least = keys.iter().copied().min().unwrap_or(NO_CARD);
        let found = least != NO_CARD;
        picked += found as usize;
        cost += select(found, least >> 3, 0) as i32;
        mask |= (found as u8) << (least & 7);
        keys[(least & 7) as usize % N] = NO_CARD;
    }
    (picked, cost, mask)
}

/// `a` if `yes`, else `b`, without a branch.
#[inline(always)]
pub(super) fn select(yes: bool, a: i64, b: i64) -> i64 {
    b ^ ((a ^ b) & (yes as i64).wrapping_neg())
}

/// A combination's cost and mask as one key ordered as (cost, mask); [`NO_COMBO`] for none.
#[inline(always)]
fn combo_key(cost: i32, mask: u8) -> i64 {
    (cost as i64) << 8 | mask as i64
}

/// A key no combination has, above every other.
const NO_COMBO: i64 = i64::MAX;

/// The cheapest combination of exactly `u` cards, no wild pair in it, as (cost, mask), the
/// lower first: the cheapest `u` cards showing the symbol (plain or black); the cheapest `u`
/// of the player's colour; the cheapest run, one card a number, its top showing the symbol.
/// The first `u` cards of a group in order of (cost, slot) are its cheapest set of `u`, and of
/// the sets of that cost the lowest mask, so each pick is the least of its kind. Without a
/// branch on the cards: each candidate is a key ([`combo_key`]), the least kept.
#[inline]
fn fewest_cards(hand: &[Card], symbol: u8, colour: u8, u: usize, cost: &[i32]) -> Option<u8> {
    let mut shows = [NO_CARD; SLOTS];
    let mut mine = [NO_CARD; SLOTS];
    // The least key of a card of each number (index number − 1; a number outside 1..=6 goes
    // to the seventh, never read), and of one showing the symbol.
    let mut number = [NO_CARD; 7];
    let mut top = [NO_CARD; 7];
    let coloured = colour != WHITE;
    for (i, c) in hand.iter().enumerate().take(SLOTS) {
        let k = key(cost.get(i).copied().unwrap_or(0), i);
        let on_symbol = c.symbol == symbol;
        let on_top = select(on_symbol, k, NO_CARD);
        shows[i] = on_top;
        mine[i] = select((c.colour == colour) & coloured, k, NO_CARD);
        let n = (c.number as usize).wrapping_sub(1).min(6);
        number[n] = number[n].min(k);
        top[n] = top[n].min(on_top);
    }
    let mut best = NO_COMBO;
    for group in [&mut shows, &mut mine] {
        let (picked, cost, mask) = pick_least(group, u);
        best = best.min(select(picked == u, combo_key(cost, mask), NO_COMBO));
    }
    // Runs of `u` numbers ending on `t + 1`, their top card showing the symbol.
    for t in u - 1..6 {
        let top_key = top[t];
        let (mut cost, mut mask) = ((top_key >> 3) as i32, 1u8 << (top_key & 7));
        let mut whole = top_key != NO_CARD;
        for &k in &number[t + 1 - u..t] {
            whole &= k != NO_CARD;
            cost = cost.wrapping_add((k >> 3) as i32);
            mask |= 1 << (k & 7);
        }
        best = best.min(select(whole, combo_key(cost, mask), NO_COMBO));
    }
    (best != NO_COMBO).then_some(best as u8)
}

/// [`best_combo`] when no combination of `u` cards without a wild pair exists: every split of
/// `k` cards among the groups, `k` from `u` up.
fn with_pairs(hand: &[Card], symbol: u8, colour: u8, u: usize, cost: &[i32]) -> Option<u8> {
    let n = hand.len();
    // The slots in order of (cost, slot), and the groups.
    let mut costs = [0i32; SLOTS];
    let mut order = [0u8; SLOTS];
    let (mut plain, mut black_sym, mut black_other, mut mine, mut white) = (0u8, 0, 0, 0, 0);
    for (i, c) in hand[..n].iter().enumerate() {
        costs[i] = cost.get(i).copied().unwrap_or(0);
        let mut at = i;
        while at > 0 && costs[order[at - 1] as usize] > costs[i] {
            order[at] = order[at - 1];
            at -= 1;
        }
        order[at] = i as u8;
        let bit = 1u8 << i;
        let shows = c.symbol == symbol;
        match c.colour {
            BLACK if shows => black_sym |= bit,
            BLACK => black_other |= bit,
            _ if shows => plain |= bit,
            _ => {}
        }
        if c.colour == WHITE {
            white |= bit;
        } else if c.colour == colour {
            mine |= bit;
        }
    }
    let order = &order[..n];
    let p = Prefixes::of(plain, order, &costs);
    let a = Prefixes::of(black_sym, order, &costs);
    let o = Prefixes::of(black_other, order, &costs);
    let m = Prefixes::of(mine, order, &costs);
    let w = Prefixes::of(white, order, &costs);
    let mut best: Option<(i32, u8)> = None;
    // Of `u` cards there is none (`fewest_cards`): from `u + 1` on.
    for k in u + 1..=n {
        let paired = 2 * (k - u);
        // Symbol: `x` cards from O (all paired), `y` from A, the rest from P.
        for x in 0..=o.len.min(paired).min(k) {
            for y in paired.saturating_sub(x)..=a.len.min(k - x) {
                let z = k - x - y;
                if z <= p.len {
                    let cost = p.cost[z] + a.cost[y] + o.cost[x];
                    keep(&mut best, cost, p.mask[z] | a.mask[y] | o.mask[x]);
                }
            }
        }
        // Colour: `units − j` cards of the colour and `2j` white ones.
        let j = k - u;
        if colour != WHITE && j <= u && u - j <= m.len && paired <= w.len {
            let cost = m.cost[u - j] + w.cost[paired];
            keep(&mut best, cost, m.mask[u - j] | w.mask[paired]);
        }
        if let Some((_, mask)) = best {
            return Some(mask);
        }
    }
    None
}

/// Keeps (`cost`, `mask`) in `best` if it comes before: the lower cost, then the lower mask.
#[inline]
fn keep(best: &mut Option<(i32, u8)>, cost: i32, mask: u8) {
    if best.is_none_or(|b| (cost, mask) < b) {
        *best = Some((cost, mask));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::generator;
    use crate::games::treasure_hunt::combos::best_combo_search;
    use rand::Rng;

    /// A random card: half the time from a small alphabet (two colours and the wild ones, two
    /// symbols), so hands hold many combinations and equal cards.
    fn card(rng: &mut impl Rng) -> Card {
        let small = rng.gen_bool(0.5);
        Card {
            colour: if small {
                [0, 1, WHITE, BLACK][rng.gen_range(0..4)]
            } else {
                rng.gen_range(0..6)
            },
            symbol: rng.gen_range(0..if small { 2 } else { 6 }),
            number: rng.gen_range(1..=6),
        }
    }

    #[test]
    fn the_cheapest_is_what_trying_every_subset_finds() {
        let mut rng = generator([46, 1, 2, 3]);
        let mut found = 0;
        for round in 0..10_000 {
            let n = rng.gen_range(0..=8);
            let hand: Vec<Card> = (0..n).map(|_| card(&mut rng)).collect();
            // Costs from a small range (many equal totals, so the lowest mask decides), now
            // and then negative, now and then too few for the hand.
            let costs: Vec<i32> = (0..n - (round % 7 == 0 && n > 0) as usize)
                .map(|_| rng.gen_range(-2..4))
                .collect();
            let colour = [0, 1, 3, WHITE, BLACK][round % 5];
            for units in 0..=5 {
                for symbol in 0..6 {
                    let fast = best_combo(&hand, symbol, colour, units, &costs);
                    let slow = best_combo_search(&hand, symbol, colour, units, &costs);
                    assert_eq!(
                        fast, slow,
                        "{hand:?} costs {costs:?} {symbol} {colour} {units}"
                    );
                    found += fast.is_some() as u32;
                }
            }
        }
        assert!(found > 30_000, "{found}");
    }
}
