//! What the policies see and weigh: symbols still needed, what the hand can claim, the chance
//! that a face-down tile turns out both needed and claimable, the value of standing on a
//! tile, and the worth of each card. Only public information and the player's own hand are
//! used (face-down symbols only through the counts everyone knows).

use super::cheapest::{key, pick_least, select, NO_CARD};
use super::combos::HandMakes;
use super::deck::{BLACK, WHITE};
use super::grid::{CELLS, FAR_ROW, LAST_STEP, ROW_OF};
use super::sight::{row_steps, PathBits, ALL_STEPS};
use super::state::{State, NONE};

/// A player's tile counts, as [`Outlook::new`] and [`Outlook::seen`] find them.
struct Counts {
    /// Tiles held of each symbol.
    held: [u8; 6],
    /// Face-down tiles of each symbol.
    hidden: [u8; 6],
    /// Revealed tiles of each symbol open to a claim.
    open_shown: [u8; 6],
    /// Whether a face-down tile is open to a claim.
    face_down_open: bool,
    /// Tiles held in each row of the player's path.
    row_tiles: [u8; 8],
}

impl Counts {
    /// The counts of player `p` along `path` by bit counts (a row is six consecutive steps),
    /// under a row limit of `cap` tiles.
    #[inline(always)]
    fn of_path(cap: u8, path: &PathBits, p: usize) -> Counts {
        let mine = path.owned[p & 3];
        let mut row_tiles = [0u8; 8];
        let mut open_rows = 0;
        for (r, n) in row_tiles.iter_mut().take(6).enumerate() {
            let steps = row_steps(r as u8);
            *n = (mine & steps).count_ones() as u8;
            open_rows |= if *n < cap { steps } else { 0 };
        }
        let takes = !path.taken & open_rows & ALL_STEPS;
        let takes_shown = takes & path.revealed;
        Counts {
            held: std::array::from_fn(|k| (mine & path.symbol[k]).count_ones() as u8),
            hidden: std::array::from_fn(|k| {
                6 - (path.revealed & path.symbol[k]).count_ones() as u8
            }),
            open_shown: std::array::from_fn(|k| (takes_shown & path.symbol[k]).count_ones() as u8),
            face_down_open: takes & !path.revealed != 0,
            row_tiles,
        }
    }
}

/// [`Counts::of_path`] compiled with the POPCNT instruction (a bit count in one instruction
/// rather than a dozen).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn counts_popcnt(cap: u8, path: &PathBits, p: usize) -> Counts {
    Counts::of_path(cap, path, p)
}

/// A player's view of the position: worked out cell by cell ([`Outlook::new`]), or from the
/// game loop's [`super::sight::Sight`] by bit counts ([`Outlook::seen`], the same view), and
/// weighed again with another hand ([`Outlook::weigh`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outlook {
    /// The player.
    pub p: usize,
    /// Tiles held of each symbol.
    pub held: [u8; 6],
    /// Tiles still needed of each symbol.
    pub need: [u8; 6],
    /// Symbols the hand can claim now (3 units), bit per symbol.
    pub can3: u8,
    /// Symbols the hand can steal at once (4 units), bit per symbol.
    pub can4: u8,
    /// Face-down tiles of each symbol.
    pub hidden: [u8; 6],
    /// Tiles of each symbol a claim could still take: unowned, face down or revealed, in a
    /// row below the player's limit.
    pub open: [u8; 6],
    /// Chance a face-down tile is needed and claimable with this hand.
    pub p_useful: f64,
    /// Chance a face-down tile is claimable with this hand.
    pub p_any: f64,
    /// Share of the tiles still open to a claim and needed that this hand can claim.
    pub p_open: f64,
    /// Chance a face-down tile shows a needed symbol.
    pub p_need: f64,
    /// Tiles the player controls in each row of their own path ([`State::row_count`] of any
    /// cell of the row), counted once for the decision; rows 0..6, two spare.
    pub row_tiles: [u8; 8],
    /// The tiles along the player's path, as bit masks.
    pub path: PathBits,
}

impl Outlook {
    /// The outlook of player `p`, counted cell by cell: the reference [`Outlook::seen`] is
    /// held to.
    pub fn new(s: &State, p: usize) -> Outlook {
        let pl = &s.players[p];
        // One pass over the cells: per symbol the tiles held ([`State::held`]) and revealed
        // (six of each, so [`State::hidden_symbols`] is six less those), per row of the
        // player's path the tiles held ([`State::row_count`]). Symbols and rows are 0..6:
        // `& 7` into arrays of eight needs no bounds check.
        let rows = &ROW_OF[pl.side.0 as usize & 3];
        let me = p as u8;
        let (mut held, mut shown, mut row_tiles) = ([0u8; 8], [0u8; 8], [0u8; 8]);
        for c in 0..CELLS {
            let (sym, mine) = (s.tiles[c] as usize & 7, (s.owner[c] == me) as u8);
            held[sym] += mine;
            shown[sym] += (s.revealed >> c & 1) as u8;
            row_tiles[rows[c] as usize & 7] += mine;
        }
        // Tiles a claim could still take: unowned, in a row below the player's limit. A
        // face-down tile's symbol is unknown, so the hidden counts stand for them while any
        // face-down tile lies in an open row.
        let cap = s.rules.row_cap();
        let mut open_shown = [0u8; 8];
        let mut face_down_open = false;
        for c in 0..CELLS {
            let takes = s.owner[c] == NONE && row_tiles[rows[c] as usize & 7] < cap;
            let up = s.revealed >> c & 1 == 1;
            open_shown[s.tiles[c] as usize & 7] += (takes && up) as u8;
            face_down_open |= takes && !up;
        }
        let counts = Counts {
            held: std::array::from_fn(|k| held[k]),
            hidden: std::array::from_fn(|k| 6 - shown[k]),
            open_shown: std::array::from_fn(|k| open_shown[k]),
            face_down_open,
            row_tiles,
        };
        let makes = HandMakes::of(pl);
        Outlook::of_counts(s, p, counts, PathBits::of(s, pl.side), makes)
    }

    /// [`Outlook::new`] of player `p` from `path`, the player's
    /// [`super::sight::Sight::seat`] of `s`: the same counts, by bit counts along the path (a
    /// row is six consecutive steps).
    pub fn seen(s: &State, path: &PathBits, p: usize) -> Outlook {
        Outlook::seen_making(s, path, p, HandMakes::of(&s.players[p]))
    }

    /// [`Outlook::seen`] given what the player's hand makes ([`HandMakes::of`] its hand).
    pub fn seen_making(s: &State, path: &PathBits, p: usize, makes: HandMakes) -> Outlook {
        let cap = s.rules.row_cap();
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: `counts_popcnt` needs POPCNT, which the processor has (checked just
            // above); it reads memory only through its safe references.
            let counts = unsafe { counts_popcnt(cap, path, p) };
            return Outlook::of_counts(s, p, counts, *path, makes);
        }
        Outlook::of_counts(s, p, Counts::of_path(cap, path, p), *path, makes)
    }

    /// The outlook of player `p` from its tile counts and the hand.
    #[inline]
    fn of_counts(s: &State, p: usize, counts: Counts, path: PathBits, makes: HandMakes) -> Outlook {
        let Counts {
            held,
            hidden,
            open_shown,
            face_down_open,
            row_tiles,
        } = counts;
        let mut o = Outlook {
            p,
            held,
            need: held.map(|h| s.rules.target.saturating_sub(h)),
            can3: 0,
            can4: 0,
            hidden,
            open: std::array::from_fn(|k| {
                open_shown[k] + if face_down_open { hidden[k] } else { 0 }
            }),
            p_useful: 0.0,
            p_any: 0.0,
            p_open: 0.0,
            p_need: 0.0,
            row_tiles,
            path,
        };
        o.weigh(makes);
        o
    }

    /// Sets what the hand makes to `makes` and works out the chances that follow: the outlook
    /// of the same tiles with another hand.
    #[inline]
    pub fn weigh(&mut self, makes: HandMakes) {
        self.can3 = makes.can3;
        self.can4 = makes.can4;
        // Face-down tiles in all, of needed symbols, of claimable ones and of both; open tiles
        // of needed symbols and of needed claimable ones: the counts (a byte a symbol) summed
        // over a mask of symbols.
        let needed_symbols = self.needed_symbols();
        let hidden = bytes_of(&self.hidden);
        let open = bytes_of(&self.open);
        let both = needed_symbols & self.can3;
        let total = byte_sum(hidden);
        let needed = byte_sum(hidden & SYMBOL_BYTES[needed_symbols as usize & 63]);
        let any = byte_sum(hidden & SYMBOL_BYTES[self.can3 as usize & 63]);
        let useful = byte_sum(hidden & SYMBOL_BYTES[both as usize & 63]);
        let wanted = byte_sum(open & SYMBOL_BYTES[needed_symbols as usize & 63]);
        let reachable = byte_sum(open & SYMBOL_BYTES[both as usize & 63]);
        let frac = |x: u32| {
            if total == 0 {
                0.0
            } else {
                x as f64 / total as f64
            }
        };
        self.p_useful = frac(useful);
        self.p_any = frac(any);
        self.p_need = frac(needed);
        self.p_open = if wanted == 0 {
            0.0
        } else {
            reachable as f64 / wanted as f64
        };
    }

    /// The symbols still needed, bit per symbol.
    #[inline]
    pub fn needed_symbols(&self) -> u8 {
        (0..6).fold(0, |m, k| m | ((self.need[k] > 0) as u8) << k)
    }

    /// The symbols only a steal can give ([`Outlook::forced_to_steal`]), bit per symbol.
    #[inline]
    pub fn forced_symbols(&self) -> u8 {
        (0..6).fold(0, |m, k| m | (self.forced_to_steal(k) as u8) << k)
    }

    /// Whether `other` holds the same player, symbols still needed and what the hand makes:
    /// all that choosing the cards for a claim reads ([`super::policy::ThSpec::combo_seen`]).
    pub fn chooses_cards_as(&self, other: &Outlook) -> bool {
        (self.p, self.need, self.can3, self.can4) == (other.p, other.need, other.can3, other.can4)
    }

    /// Tiles the player controls in the row holding `cell` ([`State::row_count`]).
    #[inline]
    pub fn row_count(&self, s: &State, cell: u8) -> u8 {
        self.row_tiles[s.players[self.p].side.row_of(cell) as usize & 7]
    }

    /// The chance that a face-down tile, if it turns out needed, is claimable with this hand
    /// (0 when no face-down tile can be needed): what a policy's threshold is compared with.
    #[inline]
    pub fn hand_quality(&self) -> f64 {
        if self.p_need == 0.0 {
            0.0
        } else {
            self.p_useful / self.p_need
        }
    }

    /// Whether every symbol's target is met.
    #[inline]
    pub fn done(&self) -> bool {
        self.need.iter().all(|&n| n == 0)
    }

    /// Whether the player can pay `price` cubes for one needed tile and still have a cube for
    /// every other tile it needs.
    #[inline]
    pub fn affords(&self, s: &State, price: u8) -> bool {
        let still: u32 = self.need.iter().map(|&n| n as u32).sum();
        s.players[self.p].supply as u32 >= price as u32 + still.saturating_sub(1)
    }

    /// Whether a needed symbol can only be had by stealing (no tile of it left to claim).
    #[inline]
    pub fn forced_to_steal(&self, symbol: u8) -> bool {
        let k = symbol as usize;
        self.need[k] > 0 && self.open[k] < self.need[k]
    }

    /// Symbols the hand can claim now, as a count (the stop table's row).
    #[inline]
    pub fn coverage(&self) -> u16 {
        self.can3.count_ones() as u16
    }
}

/// Six counts as the low six bytes of a word.
#[inline(always)]
fn bytes_of(counts: &[u8; 6]) -> u64 {
    let [a, b, c, d, e, f] = *counts;
    u64::from_le_bytes([a, b, c, d, e, f, 0, 0])
}

/// The sum of the bytes of `x` (at most 255 in all, as six counts of tiles are).
#[inline(always)]
fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// `SYMBOL_BYTES[mask]`: the bytes of the symbols in `mask` (bit `k`, byte `k`) set to 0xff.
static SYMBOL_BYTES: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut m = 0;
    while m < 64 {
        let mut k = 0;
        while k < 6 {
            if m >> k & 1 == 1 {
                t[m] |= 0xff << (8 * k);
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// Cubes a steal of a tile holding `cubes` cubes takes: 1, or one more than a reinforced tile
/// holds.
#[inline]
pub fn steal_price(cubes: u8) -> u8 {
    if cubes <= 1 {
        1
    } else {
        cubes + 1
    }
}

/// How much the player wants to stand on `cell`: about the chance of a useful claim there
/// (1 for a revealed, needed, claimable tile), or a steal target for a policy that steals.
pub fn cell_value(s: &State, o: &Outlook, cell: u8, steals: bool) -> f64 {
    let p = o.p;
    let owner = s.owner[cell as usize];
    // The row limit bars claims; steals only under `row-limit-steals`.
    let row_ok = o.row_count(s, cell) < s.rules.row_cap();
    let row_ok = row_ok || (owner != NONE && !s.rules.row_limit_steals);
    if !row_ok || s.players[p].supply == 0 {
        return 0.0;
    }
    match (owner, s.visible(cell)) {
        (NONE, None) => o.p_useful,
        (NONE, Some(sym)) if o.need[sym as usize] > 0 => {
            if o.can3 & (1 << sym) != 0 {
                1.0
            } else {
                0.35
            }
        }
        (NONE, Some(_)) => 0.0,
        (q, Some(sym)) if q != p as u8 && (steals || o.forced_to_steal(sym)) => {
            let k = sym as usize;
            let price_ok = o.affords(s, steal_price(s.cubes[cell as usize]));
            if o.need[k] == 0 || !price_ok {
                0.0
            } else if o.can4 & (1 << k) != 0 {
                0.8
            } else if o.can3 & (1 << k) != 0 {
                0.4
            } else if o.forced_to_steal(sym) {
                // No cards for it yet, but stealing is the only way left to the symbol.
                0.1
            } else {
                // Neither the cards nor the need: such tiles used to be worth 0.1, and a thief
                // paced between two of them for ever instead of walking to open tiles.
                0.0
            }
        }
        _ => 0.0,
    }
}

/// The steps of a player's path worth standing on (`cell_value` above 0), grouped by value:
/// each value a mask of steps (a face-down tile is worth the hand's chance of a useful claim,
/// a revealed needed one 1 or 0.35, another player's tile 0.8, 0.4 or 0.1 to steal). So a
/// step's value is the value of its group, and the best target seen from a step, `v` times the
/// discount of its distance, is each group's value times the discount of its nearest step
/// (the discount never grows with the distance): a few bit scans, not a walk over the path.
#[derive(Clone, Copy, Debug, Default)]
pub struct Targets {
    groups: [(u64, f64); GROUPS],
    len: usize,
}

/// Most groups of [`Targets`]: one for each value a step can have.
const GROUPS: usize = 6;

impl Targets {
    /// The targets of the outlook's player in `s`, for a policy that steals (`steals`) or
    /// not: the steps where `cell_value` is above 0, by its value.
    pub fn of(s: &State, o: &Outlook, steals: bool) -> Targets {
        let mut t = Targets::default();
        let pl = &s.players[o.p];
        if pl.supply == 0 {
            return t;
        }
        let path = &o.path;
        let cap = s.rules.row_cap();
        let mut open_rows = 0;
        for (r, &n) in o.row_tiles.iter().take(6).enumerate() {
            open_rows |= if n < cap { row_steps(r as u8) } else { 0 };
        }
        // Unowned tiles in rows open to a claim: face down, or revealed and needed.
        let free = !path.taken & open_rows & ALL_STEPS;
        t.add(free & !path.revealed, o.p_useful);
        let (needed, must) = (o.needed_symbols(), o.forced_symbols());
        let shown = free & path.revealed;
        let sets = path.symbol_sets();
        t.add(shown & sets.of(needed & o.can3), 1.0);
        t.add(shown & sets.of(needed & !o.can3), 0.35);
        // Other players' revealed tiles, needed, that the player steals or must steal, and can
        // pay for (a steal is barred by the row limit only under `row-limit-steals`).
        let row_ok = open_rows
            | if s.rules.row_limit_steals {
                0
            } else {
                ALL_STEPS
            };
        let theirs = path.taken & !path.owned[o.p & 3] & path.revealed & row_ok;
        let stolen = needed & if steals { 0x3f } else { must };
        // The tiles of those symbols the player can pay for: any at a cube's price, a
        // reinforced one (rare) at its own.
        let tiles = theirs & sets.of(stolen);
        let mut paid = tiles & !path.heavy & 0u64.wrapping_sub(o.affords(s, 1) as u64);
        let mut heavy = tiles & path.heavy;
        while heavy != 0 {
            let step = heavy.trailing_zeros();
            heavy &= heavy - 1;
            let cell = pl.side.path_cell(step as u8) as usize;
            paid |= (o.affords(s, steal_price(s.cubes[cell])) as u64) << step;
        }
        // By what the hand makes of each symbol: four units, three, or neither while only a
        // steal can give it.
        let (four, three) = (stolen & o.can4, stolen & !o.can4 & o.can3);
        let forced = stolen & !o.can4 & !o.can3 & must;
        t.add(paid & sets.of(four), 0.8);
        t.add(paid & sets.of(three), 0.4);
        t.add(paid & sets.of(forced), 0.1);
        t
    }

    /// Adds the steps of `steps` as worth `value`, if any and worth something. Without a
    /// branch: the group is written in the next place either way and counted only if kept (at
    /// most six groups are offered, so the next place is always in bounds).
    #[inline(always)]
    fn add(&mut self, steps: u64, value: f64) {
        let kept = (steps != 0) & (value > 0.0);
        self.groups[self.len.min(GROUPS - 1)] = (steps, value);
        self.len += kept as usize;
    }

    /// The value of step `to` (0 if no target) and the best target seen from it: the
    /// greatest value times `discount[d]` of a target `d ≥ 1` steps away (0 if none). Without
    /// a branch: a group's nearest other step above is a trailing-zero count, below a
    /// leading-zero count, 64 when there is none, and `discount` is 0 from 36 on.
    #[inline(always)]
    pub fn at(&self, to: u32, discount: &[f64; DISCOUNTS]) -> (f64, f64) {
        let bit = 1u64 << to;
        let (mut here, mut pull) = (0.0f64, 0.0f64);
        for &(steps, value) in &self.groups[..self.len] {
            // The group's value where it holds the step, without a branch.
            let on = 0u64.wrapping_sub(steps >> to & 1);
            here = f64::from_bits(value.to_bits() & on | here.to_bits() & !on);
            let rest = steps & !bit;
            let up = (rest >> to).trailing_zeros();
            let down = (rest << (63 - to)).leading_zeros();
            pull = pull.max(value * discount[up.min(down) as usize & 63]);
        }
        (here, pull)
    }

    /// The move, of 1 to `roll` steps either way from `step` and staying on the path, to the
    /// best step: the greatest `value + 0.8 · pull + forward · to` ([`Targets::at`]), 100 more
    /// on the far row when `done`, the move furthest forward among equals; 0 if none. Every
    /// step of the window is weighed, in order, without a branch on the tiles: a later step
    /// (further forward) takes the lead when it is worth as much.
    #[inline]
    pub fn best_move(
        &self,
        step: i16,
        roll: u8,
        forward: f64,
        done: bool,
        discount: &[f64; DISCOUNTS],
    ) -> i16 {
        let lo = (step - roll as i16).max(0);
        let hi = (step + roll as i16).min(LAST_STEP as i16);
        let (mut best, mut best_to) = (f64::MIN, step);
        for to in lo..=hi {
            let (here, pull) = self.at(to as u32, discount);
            let far = (to >= FAR_ROW as i16) & done;
            let v = here + 0.8 * pull + forward * to as f64 + if far { 100.0 } else { 0.0 };
            // Staying is no move: never weighed (every move is worth 0 or more).
            let v = if to == step { f64::NEG_INFINITY } else { v };
            let lead = v >= best;
            best = if lead { v } else { best };
            best_to = if lead { to } else { best_to };
        }
        best_to - step
    }
}

/// Entries of the discount table ([`Targets::at`]): distances 0..36, then 0 up to 63 (a bit
/// scan's "none" is 64, masked to 0).
pub const DISCOUNTS: usize = 64;

/// Worth of each card in the player's hand (higher = keep): cards of the player's colour and
/// wild cards most, then cards showing needed symbols, then cards completing number runs.
pub fn card_worth(s: &State, o: &Outlook, out: &mut [i32; 7]) {
    let pl = &s.players[o.p];
    let mut numbers = 0u8;
    for c in pl.cards() {
        numbers |= 1 << (c.number - 1);
    }
    for (w, c) in out.iter_mut().zip(pl.cards()) {
        let mut v = 0;
        if c.colour == pl.colour {
            v += 6;
        } else if c.colour == WHITE || c.colour == BLACK {
            v += 3;
        }
        if o.need[c.symbol as usize] > 0 {
            v += 3;
        }
        let bit = 1u8 << (c.number - 1);
        let near = ((bit << 1) | (bit >> 1)) & numbers;
        if near != 0 {
            v += 1;
        }
        *w = v;
    }
}

/// The hand slots (at most three) of the least worth, if worth below `keep`: what to discard.
pub fn worst_cards(s: &State, o: &Outlook, keep: i32) -> u8 {
    let mut worth = [0i32; 7];
    card_worth(s, o, &mut worth);
    least_worth(&worth, s.players[o.p].hand_len as usize, keep)
}

/// [`worst_cards`] as the policy is written ([`least_worth_reference`]): the reference.
pub fn worst_cards_reference(s: &State, o: &Outlook, keep: i32) -> u8 {
    let mut worth = [0i32; 7];
    card_worth(s, o, &mut worth);
    least_worth_reference(&worth, s.players[o.p].hand_len as usize, keep)
}

/// Of the first `n` slots of `worth`, the three (or fewer) of the least worth below `keep`,
/// the lowest slot first among equals, as a mask: [`least_worth_reference`] without its
/// repeated scans.
fn least_worth(worth: &[i32; 7], n: usize, keep: i32) -> u8 {
    // Each slot's key, worth then slot; none for a slot worth keeping.
    let mut keys = [NO_CARD; 7];
    for (i, k) in keys.iter_mut().enumerate().take(n) {
        *k = select(worth[i] < keep, key(worth[i], i), NO_CARD);
    }
    pick_least(&mut keys, 3).2
}

/// [`least_worth`] as the policy is written: three times, the slot of the least (worth, slot)
/// not yet picked and worth less than `keep`.
fn least_worth_reference(worth: &[i32; 7], n: usize, keep: i32) -> u8 {
    let n = n.min(7);
    let mut mask = 0u8;
    for _ in 0..3 {
        let pick = (0..n)
            .filter(|&i| mask & (1 << i) == 0 && worth[i] < keep)
            .min_by_key(|&i| (worth[i], i));
        match pick {
            Some(i) => mask |= 1 << i,
            None => break,
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_worth_cards_are_those_the_policy_picks_one_by_one() {
        // Every hand of up to seven cards with worths from a small range (many equal), against
        // every bar from below all to above all.
        for n in 0..=7usize {
            for code in 0..5u32.pow(n as u32) {
                let mut worth = [0i32; 7];
                let mut c = code;
                for w in worth.iter_mut().take(n) {
                    *w = (c % 5) as i32 * 3 - 2;
                    c /= 5;
                }
                for keep in [-3, -1, 0, 4, 6, 13, i32::MAX] {
                    assert_eq!(
                        least_worth(&worth, n, keep),
                        least_worth_reference(&worth, n, keep),
                        "{worth:?} {n} {keep}"
                    );
                }
            }
        }
    }
}
