//! The actions of a turn, checked against the rules: begin the turn (refill the hand),
//! discard and draw, move, claim, steal (four cards, or two combinations on consecutive turns),
//! reinforce, end the turn; and the victory check after every action. An illegal action is an
//! `Err` naming the rule and leaves the position unchanged.

use super::combos::combo_kind;
use super::deck::{Card, MAX_CARDS};
use super::grid::{CELLS, FAR_ROW, LAST_STEP};
use super::state::{Chance, State, NONE};

/// Which steal: four units at once, or one half of a two-turn steal (three units).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StealKind {
    /// One combination of four units.
    Four,
    /// A normal combination; the second on consecutive turns takes the tile.
    Half,
}

impl State {
    /// Begins the current player's turn: refill the hand to the hand size, forget a half steal
    /// unless the player still stands on that tile and it is still someone else's.
    pub fn begin_turn(&mut self, chance: &mut impl Chance) -> Result<(), String> {
        let p = self.current as usize;
        while self.players[p].hand_len < self.rules.hand_size {
            match self.draw(chance)? {
                Some(c) => self.give(p, c),
                None => break,
            }
        }
        let here = self.cell_of(p);
        let hs = self.players[p].half_steal;
        let owner = self.owner[here as usize];
        if hs != here || owner == NONE || owner == p as u8 {
            self.players[p].half_steal = NONE;
        }
        self.players[p].turns += 1;
        self.actions = 0;
        self.moved = false;
        self.claimed = false;
        self.claim_won = false;
        self.half_started = false;
        self.turn_over = false;
        Ok(())
    }

    /// Checks that an action may be taken now.
    fn can_act(&self) -> Result<(), String> {
        if self.finished {
            Err("the game is over".into())
        } else if self.turn_over {
            Err("the turn is over".into())
        } else {
            Ok(())
        }
    }

    /// Checks that an action other than a move may be taken now: after a successful claim the
    /// rules allow only a move ("If you have not yet moved, you may do so").
    fn can_act_besides_move(&self) -> Result<(), String> {
        self.can_act()?;
        if self.claim_won {
            Err("after a successful claim only a move may follow".into())
        } else {
            Ok(())
        }
    }

    /// Counts an action; the second ends the turn.
    fn spend_action(&mut self) {
        self.actions += 1;
        if self.actions >= 2 {
            self.turn_over = true;
        }
    }

    /// Removes the hand slots in `mask` to the discard pile.
    fn discard_mask(&mut self, mask: u8) {
        let p = self.current as usize;
        let (hand, len) = (self.players[p].hand, self.players[p].hand_len as usize);
        // Each card is written to both places and stays where its slot's bit sends it (the
        // other copy is written over or lies past the end). The discard pile never overflows:
        // it holds no card of the hand, and the deck holds at most `MAX_CARDS`.
        let (mut kept, mut gone) = (0usize, self.discard_len as usize);
        for (i, &c) in hand.iter().enumerate().take(len) {
            let out = (mask >> i & 1) as usize;
            self.discard[gone.min(MAX_CARDS - 1)] = c;
            self.players[p].hand[kept] = c;
            gone += out;
            kept += 1 - out;
        }
        self.discard_len = gone as u8;
        self.players[p].hand_len = kept as u8;
    }

    /// Whether `mask` names hand slots, all of them held: an error if not.
    fn check_slots(&self, mask: u8) -> Result<(), String> {
        if mask == 0 || (mask as u32) >> self.cur().hand_len != 0 {
            return Err("those cards are not in the hand".into());
        }
        Ok(())
    }

    /// The cards of the hand slots in `mask`, or an error if a slot is empty.
    fn picked(&self, mask: u8) -> Result<([Card; 7], usize), String> {
        self.check_slots(mask)?;
        let pl = self.cur();
        let mut out = [pl.hand[0]; 7];
        let mut k = 0;
        // Without a branch: every card is written to the next place, which only a picked card
        // keeps (a hand holds at most seven cards, so the place is always in bounds).
        for (i, c) in pl.cards().iter().enumerate() {
            out[k.min(6)] = *c;
            k += (mask >> i & 1) as usize;
        }
        Ok((out, k))
    }

    /// Discards the hand slots in `mask` (one to three cards) and draws as many.
    pub fn discard_draw(&mut self, mask: u8, chance: &mut impl Chance) -> Result<(), String> {
        self.can_act_besides_move()?;
        let n = mask.count_ones();
        if !(1..=3).contains(&n) {
            return Err(format!("discard 1 to 3 cards, not {n}"));
        }
        self.check_slots(mask)?;
        self.discard_mask(mask);
        let p = self.current as usize;
        for _ in 0..n {
            match self.draw(chance)? {
                Some(c) => self.give(p, c),
                None => break,
            }
        }
        self.spend_action();
        Ok(())
    }

    /// Moves `steps` along the path (negative: backwards) after rolling `roll`: at most the
    /// roll, once a turn, never off the path; solitaire must move the full roll forwards
    /// (stopping at the path's end).
    pub fn move_by(&mut self, roll: u8, steps: i8) -> Result<(), String> {
        self.can_act()?;
        let max = 6 * self.rules.dice;
        if !(1..=max).contains(&roll) {
            return Err(format!(
                "a roll of {roll} is impossible with {} dice",
                self.rules.dice
            ));
        }
        if self.moved {
            return Err("already moved this turn".into());
        }
        let step = self.cur().step as i16;
        let to = step + steps as i16;
        if self.rules.solitaire() {
            let full = (step + roll as i16).min(LAST_STEP as i16);
            if to != full {
                return Err(format!(
                    "solitaire: must move the full roll forwards, to step {}",
                    full + 1
                ));
            }
        } else if steps == 0 || steps.unsigned_abs() > roll {
            return Err(format!("move 1 to {roll} steps, not {steps}"));
        }
        if to < 0 || to > LAST_STEP as i16 {
            return Err(format!("step {} is off the path (1 to 36)", to + 1));
        }
        let pl = &mut self.players[self.current as usize];
        pl.step = to as u8;
        pl.far_reached |= to >= FAR_ROW as i16;
        self.moved = true;
        self.spend_action();
        self.check_victory();
        Ok(())
    }

    /// Why the current player may not claim the tile they stand on, if they may not.
    pub fn claim_blocker(&self) -> Option<&'static str> {
        let p = self.current as usize;
        let here = self.cell_of(p);
        if self.claimed {
            Some("already claimed this turn")
        } else if self.owner[here as usize] != NONE {
            Some("the tile is already claimed")
        } else if self.players[p].supply == 0 {
            Some("no cubes left")
        } else if self.row_count(p, here) >= self.rules.row_cap() {
            Some("the row limit is reached")
        } else {
            None
        }
    }

    /// Reveals the tile the current player stands on (the first step of a claim).
    pub fn reveal_here(&mut self) -> u8 {
        let here = self.cell_of(self.current as usize);
        self.revealed |= 1 << here;
        self.tiles[here as usize]
    }

    /// Claims the tile the player stands on: the tile is revealed, then the cards in `mask`
    /// must make a combination for it. `None` is a failed claim: nothing is spent and the turn
    /// is over. Returns whether the claim succeeded.
    pub fn claim(&mut self, mask: Option<u8>) -> Result<bool, String> {
        self.can_act()?;
        if let Some(why) = self.claim_blocker() {
            return Err(format!("cannot claim: {why}"));
        }
        let p = self.current as usize;
        let here = self.cell_of(p) as usize;
        let symbol = self.tiles[here];
        let Some(mask) = mask else {
            self.revealed |= 1 << here;
            self.claimed = true;
            self.turn_over = true;
            return Ok(false);
        };
        let (cards, k) = self.picked(mask)?;
        if combo_kind(&cards[..k], symbol, self.cur().colour, 3).is_none() {
            return Err(format!(
                "those cards make no 3-card combination for {}",
                super::deck::SYMBOL_NAMES[symbol as usize]
            ));
        }
        self.revealed |= 1 << here;
        self.discard_mask(mask);
        self.owner[here] = p as u8;
        self.cubes[here] = 1;
        self.players[p].supply -= 1;
        self.claimed = true;
        self.claim_won = true;
        self.spend_action();
        self.check_victory();
        Ok(true)
    }

    /// Cubes needed to steal the tile the current player stands on, or why they may not: only
    /// as the turn's first action, on another player's tile (and within the row limit under
    /// `row-limit-steals`). A tile with one cube takes one; a reinforced tile one more than it
    /// holds (2 cubes: 3).
    pub fn steal_price(&self) -> Result<u8, &'static str> {
        let p = self.current as usize;
        let here = self.cell_of(p) as usize;
        let owner = self.owner[here];
        if self.actions > 0 || self.claimed {
            Err("a steal must be the turn's first action")
        } else if owner == NONE || owner == p as u8 {
            Err("the tile is not another player's")
        } else if self.rules.row_limit_steals
            && self.row_count(p, here as u8) >= self.rules.row_cap()
        {
            Err("the row limit is reached")
        } else {
            let price = super::plan::steal_price(self.cubes[here]);
            if self.players[p].supply < price {
                Err("not enough cubes")
            } else {
                Ok(price)
            }
        }
    }

    /// Plays a steal with the cards in `mask` on the tile the player stands on (on which they
    /// ended their last turn). Returns whether the tile changed hands.
    pub fn steal(&mut self, kind: StealKind, mask: u8) -> Result<bool, String> {
        self.can_act()?;
        let price = self
            .steal_price()
            .map_err(|e| format!("cannot steal: {e}"))?;
        let p = self.current as usize;
        let here = self.cell_of(p) as usize;
        let units = if kind == StealKind::Four { 4 } else { 3 };
        let (cards, k) = self.picked(mask)?;
        if combo_kind(&cards[..k], self.tiles[here], self.cur().colour, units).is_none() {
            return Err(format!("those cards make no {units}-unit combination"));
        }
        self.discard_mask(mask);
        self.claimed = true;
        let takes = kind == StealKind::Four || self.players[p].half_steal == here as u8;
        if takes {
            let owner = self.owner[here] as usize;
            self.players[owner].supply += self.cubes[here];
            self.owner[here] = p as u8;
            self.cubes[here] = price;
            self.players[p].supply -= price;
            self.players[p].half_steal = NONE;
        } else {
            self.players[p].half_steal = here as u8;
            self.half_started = true;
        }
        self.spend_action();
        self.check_victory();
        Ok(takes)
    }

    /// Places one more cube from the supply on a tile the current player controls.
    pub fn reinforce(&mut self, cell: u8) -> Result<(), String> {
        self.can_act_besides_move()?;
        let p = self.current as usize;
        if cell as usize >= CELLS || self.owner[cell as usize] != p as u8 {
            return Err("can only reinforce a tile you control".into());
        }
        if self.players[p].supply == 0 {
            return Err("no cubes left".into());
        }
        self.players[p].supply -= 1;
        self.cubes[cell as usize] += 1;
        self.spend_action();
        Ok(())
    }

    /// Ends the turn (whatever actions are left) and passes to the next player. A half steal
    /// not started this turn is forgotten (the second combination was not played in time).
    pub fn end_turn(&mut self) {
        let p = self.current as usize;
        if !self.half_started {
            self.players[p].half_steal = NONE;
        }
        self.turn_over = true;
        // The next seat, round the table (no division: the seat to move is below the count).
        let next = p + 1;
        self.current = if next >= self.rules.players as usize {
            0
        } else {
            next as u8
        };
    }

    /// After an action: the current player wins if they meet the victory condition (in the
    /// round-scoring variant the round ends instead, see `rounds.rs`).
    fn check_victory(&mut self) {
        let p = self.current as usize;
        if self.meets_victory(p) {
            if self.rules.rounds > 1 {
                self.round_won(p);
            } else {
                self.winner = p as u8;
                self.finished = true;
                self.turn_over = true;
            }
        }
    }
}
