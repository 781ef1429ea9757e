//! The whole position of a game, `Copy` and heap-free: tiles, cubes, markers, hands, draw and
//! discard piles, whose turn it is and what has happened in it. Actions live in `actions.rs`.

use super::deck::{Card, MAX_CARDS};
use super::grid::{Side, CELLS, FAR_ROW, PATH_CELL, SIDE};
use super::rules::{ThRules, CUBES};

/// No player (an unowned tile, no winner, no half steal).
pub const NONE: u8 = 0xFF;
/// Most cards in a hand.
pub const MAX_HAND: usize = 7;

/// Where shuffles and dice come from: a random generator in play, a script in a replay.
pub trait Chance {
    /// Shuffles `cards` (the discard pile becoming the draw pile); `false` if it cannot.
    fn shuffle_cards(&mut self, cards: &mut [Card]) -> bool;
    /// Shuffles the tile symbols for a new round; `false` if it cannot.
    fn shuffle_tiles(&mut self, tiles: &mut [u8; CELLS]) -> bool;
}

/// One player's lasting state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ThPlayer {
    /// The side the player sits at; their path starts at its bottom-left corner.
    pub side: Side,
    /// The player's cube colour, also their card colour (red, blue, yellow, green).
    pub colour: u8,
    /// The marker's step on the player's path (0..36).
    pub step: u8,
    /// Cubes in the player's supply (not on tiles, not the marker).
    pub supply: u8,
    /// The hand; `hand[..hand_len]` are held.
    pub hand: [Card; MAX_HAND],
    /// Cards held.
    pub hand_len: u8,
    /// The cell of a two-turn steal whose first combination has been played, or [`NONE`].
    pub half_steal: u8,
    /// Whether the marker has reached the far row this round (a runner's first goal).
    pub far_reached: bool,
    /// Turns begun.
    pub turns: u32,
    /// Round points (round-scoring variant): 1 per cube on the tiles when a round ended.
    pub points: u32,
    /// Rounds won (round-scoring variant).
    pub rounds_won: u32,
}

impl ThPlayer {
    /// The cards held.
    #[inline]
    pub fn cards(&self) -> &[Card] {
        &self.hand[..self.hand_len as usize]
    }
}

/// A game position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The rules.
    pub rules: ThRules,
    /// Players in turn order (seat order); only `players[..rules.players]` play.
    pub players: [ThPlayer; 4],
    /// Symbol of each cell (hidden until revealed: policies use [`State::visible`]).
    pub tiles: [u8; CELLS],
    /// Revealed cells, bit per cell.
    pub revealed: u64,
    /// Owner of each cell, or [`NONE`].
    pub owner: [u8; CELLS],
    /// Cubes on each cell.
    pub cubes: [u8; CELLS],
    /// The draw pile; the top card is `pile[pile_len - 1]`.
    pub pile: [Card; MAX_CARDS],
    /// Cards in the draw pile.
    pub pile_len: u8,
    /// The discard pile.
    pub discard: [Card; MAX_CARDS],
    /// Cards in the discard pile.
    pub discard_len: u8,
    /// Whose turn it is.
    pub current: u8,
    /// Actions used this turn (two per turn).
    pub actions: u8,
    /// Whether the player has moved this turn.
    pub moved: bool,
    /// Whether the player has claimed (or played a steal) this turn.
    pub claimed: bool,
    /// Whether a claim succeeded this turn: then only a move may follow ("If you succeed …
    /// If you have not yet moved, you may do so").
    pub claim_won: bool,
    /// Whether the player played the first half of a two-turn steal this turn.
    pub half_started: bool,
    /// Whether the turn is over (two actions, a failed claim, a round ended).
    pub turn_over: bool,
    /// Rounds finished (round-scoring variant).
    pub round: u8,
    /// A round has ended and the tiles wait to be laid out again (round-scoring variant).
    pub new_round: bool,
    /// The winner, or [`NONE`].
    pub winner: u8,
    /// Whether the game is over.
    pub finished: bool,
}

impl State {
    /// A new game: tiles laid out as given, hands dealt in seat order from `pile_top_first`
    /// (the rest becomes the draw pile). The first player's turn has not begun yet.
    pub fn new(rules: ThRules, pile_top_first: &[Card], tiles: [u8; CELLS]) -> State {
        let blank = Card {
            colour: 0,
            symbol: 0,
            number: 1,
        };
        let n = pile_top_first.len().min(MAX_CARDS);
        let mut pile = [blank; MAX_CARDS];
        for (slot, c) in pile.iter_mut().zip(pile_top_first[..n].iter().rev()) {
            *slot = *c;
        }
        let mut players = [ThPlayer {
            side: Side(0),
            colour: 0,
            step: 0,
            supply: CUBES - 1,
            hand: [blank; MAX_HAND],
            hand_len: 0,
            half_steal: NONE,
            far_reached: false,
            turns: 0,
            points: 0,
            rounds_won: 0,
        }; 4];
        for (seat, p) in players.iter_mut().enumerate() {
            p.side = Side::of_seat(seat, rules.players as usize);
            p.colour = seat as u8;
        }
        let mut s = State {
            rules,
            players,
            tiles,
            revealed: 0,
            owner: [NONE; CELLS],
            cubes: [0; CELLS],
            pile,
            pile_len: n as u8,
            discard: [blank; MAX_CARDS],
            discard_len: 0,
            current: 0,
            actions: 0,
            moved: false,
            claimed: false,
            claim_won: false,
            half_started: false,
            turn_over: true,
            round: 0,
            new_round: false,
            winner: NONE,
            finished: false,
        };
        for p in 0..rules.players as usize {
            while s.players[p].hand_len < rules.hand_size && s.pile_len > 0 {
                s.pile_len -= 1;
                let c = s.pile[s.pile_len as usize];
                s.give(p, c);
            }
        }
        s
    }

    /// Puts a card into player `p`'s hand.
    pub(crate) fn give(&mut self, p: usize, c: Card) {
        let pl = &mut self.players[p];
        pl.hand[pl.hand_len as usize] = c;
        pl.hand_len += 1;
    }

    /// Draws the top card, shuffling the discard pile into a new draw pile when needed.
    /// `Ok(None)` when no card is left anywhere; `Err` when `chance` cannot shuffle.
    pub fn draw(&mut self, chance: &mut impl Chance) -> Result<Option<Card>, String> {
        if self.pile_len == 0 {
            if self.discard_len == 0 {
                return Ok(None);
            }
            let n = self.discard_len as usize;
            self.pile[..n].copy_from_slice(&self.discard[..n]);
            self.pile_len = self.discard_len;
            self.discard_len = 0;
            if !chance.shuffle_cards(&mut self.pile[..n]) {
                return Err("the draw pile ran out: list more cards on deck lines".into());
            }
        }
        self.pile_len -= 1;
        Ok(Some(self.pile[self.pile_len as usize]))
    }

    /// The player to move.
    #[inline]
    pub fn cur(&self) -> &ThPlayer {
        &self.players[self.current as usize]
    }

    /// The cell player `p`'s marker stands on.
    #[inline]
    pub fn cell_of(&self, p: usize) -> u8 {
        let pl = &self.players[p];
        pl.side.path_cell(pl.step)
    }

    /// The symbol of `cell` if it has been revealed: what every player can see.
    #[inline]
    pub fn visible(&self, cell: u8) -> Option<u8> {
        (self.revealed & (1 << cell) != 0).then(|| self.tiles[cell as usize])
    }

    /// Tiles player `p` controls in each symbol.
    pub fn held(&self, p: usize) -> [u8; 6] {
        // Symbols are 0..6: `& 7` into an array of eight needs no bounds check.
        let mut h = [0u8; 8];
        for c in 0..CELLS {
            h[self.tiles[c] as usize & 7] += (self.owner[c] == p as u8) as u8;
        }
        std::array::from_fn(|k| h[k])
    }

    /// Tiles player `p` controls in the row (of their own path) holding `cell`.
    pub fn row_count(&self, p: usize, cell: u8) -> u8 {
        let side = self.players[p].side;
        // A row of the path is six consecutive steps ([`PATH_CELL`]); a cell off the board is
        // in no row.
        let first = (side.row_of(cell) as usize * SIDE as usize).min(CELLS - SIDE as usize);
        let cells = &PATH_CELL[side.0 as usize & 3][first..first + SIDE as usize];
        cells
            .iter()
            .map(|&c| (self.owner[c as usize % CELLS] == p as u8) as u8)
            .sum()
    }

    /// Cubes player `p` has on tiles.
    pub fn cubes_on_tiles(&self, p: usize) -> u32 {
        (0..CELLS)
            .filter(|&c| self.owner[c] == p as u8)
            .map(|c| self.cubes[c] as u32)
            .sum()
    }

    /// Face-down tiles of each symbol still unowned: what a claim on an unknown tile may reveal
    /// (known to everyone: six of each, minus those revealed).
    pub fn hidden_symbols(&self) -> [u8; 6] {
        let mut h = [6u8; 6];
        for c in 0..CELLS {
            if self.revealed & (1 << c) != 0 {
                h[self.tiles[c] as usize] -= 1;
            }
        }
        h
    }

    /// Whether player `p` meets the victory condition now: the target of every symbol, and
    /// the marker on the far row of their path (solitaire under `solo-symbols`: anywhere).
    pub fn meets_victory(&self, p: usize) -> bool {
        let anywhere = self.rules.solitaire() && !self.rules.solo_far;
        let far = anywhere || self.players[p].step >= FAR_ROW;
        far && self.held(p).iter().all(|&k| k >= self.rules.target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::generator;
    use rand::Rng;

    #[test]
    fn a_row_counts_the_tiles_of_the_six_cells_of_the_row() {
        let mut rng = generator([46, 3, 2, 1]);
        let mut s = State::new(ThRules::new(4), &[], [0; CELLS]);
        for _ in 0..2000 {
            for o in s.owner.iter_mut() {
                *o = [0, 1, 2, 3, NONE][rng.gen_range(0..5)];
            }
            for p in 0..4 {
                s.players[p].side = Side(rng.gen_range(0..4));
                for cell in 0..CELLS as u8 {
                    let side = s.players[p].side;
                    let row = side.row_of(cell);
                    let by_cells = (0..SIDE)
                        .filter(|&k| s.owner[side.cell(row, k) as usize] == p as u8)
                        .count() as u8;
                    assert_eq!(s.row_count(p, cell), by_cells, "{p} {cell}");
                }
            }
        }
    }
}
