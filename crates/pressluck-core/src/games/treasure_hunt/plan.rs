//! What the policies see and weigh: symbols still needed, what the hand can claim, the chance
//! that a face-down tile turns out both needed and claimable, the value of standing on a
//! tile, and the worth of each card. Only public information and the player's own hand are
//! used (face-down symbols only through the counts everyone knows).

use super::combos::HandSummary;
use super::deck::{BLACK, WHITE};
use super::grid::{CELLS, ROW_OF};
use super::state::{State, NONE};

/// A player's view of the position, computed once per decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outlook {
    /// The player.
    pub p: usize,
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
}

impl Outlook {
    /// The outlook of player `p`.
    pub fn new(s: &State, p: usize) -> Outlook {
        let pl = &s.players[p];
        let h = HandSummary::new(pl.cards().iter().copied(), pl.colour);
        let can3 = h.claimable(3);
        let can4 = h.claimable(4);
        // One pass over the cells, without a branch on them (this runs several times an
        // action): per symbol the tiles held ([`State::held`]) and revealed (six of each, so
        // [`State::hidden_symbols`] is six less those), per row of the player's path the tiles
        // held ([`State::row_count`]). Symbols and rows are 0..6: `& 7` into arrays of eight
        // needs no bounds check.
        let rows = &ROW_OF[pl.side.0 as usize & 3];
        let me = p as u8;
        let (mut held, mut shown, mut row_tiles) = ([0u8; 8], [0u8; 8], [0u8; 8]);
        for c in 0..CELLS {
            let (sym, mine) = (s.tiles[c] as usize & 7, (s.owner[c] == me) as u8);
            held[sym] += mine;
            shown[sym] += (s.revealed >> c & 1) as u8;
            row_tiles[rows[c] as usize & 7] += mine;
        }
        let (mut need, mut hidden) = ([0u8; 6], [0u8; 6]);
        for k in 0..6 {
            need[k] = s.rules.target.saturating_sub(held[k]);
            hidden[k] = 6 - shown[k];
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
        let mut open = [0u8; 6];
        for k in 0..6 {
            open[k] = open_shown[k] + if face_down_open { hidden[k] } else { 0 };
        }
        let total: u32 = hidden.iter().map(|&x| x as u32).sum();
        let (mut any, mut useful) = (0u32, 0u32);
        let needed: u32 = (0..6)
            .filter(|&k| need[k] > 0)
            .map(|k| hidden[k] as u32)
            .sum();
        for k in 0..6 {
            if can3 & (1 << k) != 0 {
                any += hidden[k] as u32;
                if need[k] > 0 {
                    useful += hidden[k] as u32;
                }
            }
        }
        let frac = |x: u32| {
            if total == 0 {
                0.0
            } else {
                x as f64 / total as f64
            }
        };
        let (mut wanted, mut reachable) = (0u32, 0u32);
        for k in 0..6 {
            if need[k] > 0 {
                wanted += open[k] as u32;
                if can3 & (1 << k) != 0 {
                    reachable += open[k] as u32;
                }
            }
        }
        Outlook {
            p,
            need,
            can3,
            can4,
            hidden,
            open,
            p_useful: frac(useful),
            p_any: frac(any),
            p_need: frac(needed),
            p_open: if wanted == 0 {
                0.0
            } else {
                reachable as f64 / wanted as f64
            },
            row_tiles,
        }
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
    let n = s.players[o.p].hand_len as usize;
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
