//! The round-scoring variant: a round ends when a player meets the victory condition; every
//! player scores 1 point per cube of theirs on the tiles; the tiles are shuffled and laid out
//! again, cubes and markers go home, hands and piles carry over. After the last round the most
//! points win, ties going to the most rounds won; a tie on both has no winner.

use super::grid::CELLS;
use super::rules::CUBES;
use super::state::{Chance, State, NONE};

impl State {
    /// Scores the round player `p` has just won; ends the game after the last round.
    pub(crate) fn round_won(&mut self, p: usize) {
        for q in 0..self.rules.players as usize {
            self.players[q].points += self.cubes_on_tiles(q);
        }
        self.players[p].rounds_won += 1;
        self.round += 1;
        self.turn_over = true;
        if self.round < self.rules.rounds {
            self.new_round = true;
            return;
        }
        self.finished = true;
        let n = self.rules.players as usize;
        let key = |q: usize| (self.players[q].points, self.players[q].rounds_won);
        let best = (0..n).map(key).max().unwrap_or((0, 0));
        let top: Vec<usize> = (0..n).filter(|&q| key(q) == best).collect();
        self.winner = if top.len() == 1 { top[0] as u8 } else { NONE };
    }

    /// Lays the tiles out again for the next round: shuffled, face down, unowned; every cube
    /// back in its supply and every marker back at its start. Call once `new_round` is set.
    pub fn lay_out_round(&mut self, chance: &mut impl Chance) -> Result<(), String> {
        if !chance.shuffle_tiles(&mut self.tiles) {
            return Err("a new round needs the tiles shuffled: not possible in a record".into());
        }
        self.revealed = 0;
        self.owner = [NONE; CELLS];
        self.cubes = [0; CELLS];
        for p in self.players.iter_mut() {
            p.supply = CUBES - 1;
            p.step = 0;
            p.far_reached = false;
            p.half_steal = NONE;
        }
        self.new_round = false;
        Ok(())
    }
}
