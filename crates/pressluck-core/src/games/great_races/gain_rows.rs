//! Where each player's gains stand in [`TrackValues`]' table, track by track, kept as the cubes
//! move: what `race-points` reads a roll after another ([`super::points_pick`]), a load a track
//! instead of the mover's and the opponent's spaces read out of the packed board and put
//! together.
//!
//! A player's gains in an open track depend on the track, the player's space and the one
//! opponent's ([`TrackValues::gain_row`]): a step of the player's moves the index on by 2, a
//! step of the opponent's by 32. A closed track's index is 0, where the table holds zeros, so
//! its gain needs no test; so are the indices of 0, 1 and 13 to 15, which are no track.

use super::track_values::TrackValues;
use crate::columns::board::nibble;
use crate::columns::{Board, ColumnSet};

/// For each player (one or two) and each track, the index in the gains table of the gain of a
/// step from the player's space, the opponent where they stand (of a double: the index + 1); 0
/// for a closed track and for the indices that are no track. Alone at the table, player 0's
/// steps also move row 1 on, which nobody reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GainRows([[u16; 16]; 2]);

impl GainRows {
    /// The rows of `board` (one or two players, their track values `values`).
    pub fn of(values: &TrackValues, board: &Board) -> GainRows {
        let mut rows = [[0; 16]; 2];
        for (p, row) in rows.iter_mut().enumerate() {
            let (mine, theirs) = (board.progress[p], values.opponent(board, p as u8));
            for c in 2..=12u8 {
                if !board.closed.has(c) {
                    row[c as usize] = values.gain_row(c, nibble(theirs, c), nibble(mine, c));
                }
            }
        }
        GainRows(rows)
    }

    /// Player `p`'s row, by track.
    #[inline(always)]
    pub fn of_player(&self, p: u8) -> &[u16; 16] {
        &self.0[p as usize & 1]
    }

    /// The rows after player `p`'s move of `moves` (`(track, steps)`, no steps in track 0),
    /// `closed` the tracks closed after it: each moved track's index moved on by the steps, the
    /// mover's and the opponent's, or 0 once the track is closed. No nibble carries into the
    /// next: an open track's spaces are below its length, at most 15.
    #[inline(always)]
    pub fn step(&mut self, p: u8, moves: [(u8, u8); 2], closed: ColumnSet) {
        let (me, them) = (p as usize & 1, (p as usize & 1) ^ 1);
        for (c, k) in moves {
            let c = c as usize & 15;
            // All ones while the track is open, else 0.
            let open = ((closed.0 as u32 >> c) & 1) as u16 ^ 1;
            let keep = open.wrapping_neg();
            self.0[me][c] = self.0[me][c].wrapping_add((k as u16) << 1) & keep;
            self.0[them][c] = self.0[them][c].wrapping_add((k as u16) << 5) & keep;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Game, GameKind, Rules};
    use crate::games::great_races::choices::Steps;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn the_rows_read_the_gains_of_the_board() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(46);
        for players in 1..=2u8 {
            let rules = Rules::new(GameKind::GreatRaces, players);
            let values = TrackValues::new(&rules).unwrap();
            for _ in 0..200 {
                let mut board = Board::default();
                for c in 2..=12u8 {
                    for q in 0..players {
                        board.set_cube(q, c, rng.gen_range(0..rules.layout.len(c)));
                    }
                    if rng.gen_range(0..4) == 0 {
                        board.closed = board.closed.with(c);
                    }
                }
                let rows = GainRows::of(&values, &board);
                for p in 0..players {
                    let (mine, theirs) = (board.progress[p as usize], values.opponent(&board, p));
                    for c in 0..16u8 {
                        let i = rows.of_player(p)[c as usize];
                        if !(2..=12).contains(&c) || board.closed.has(c) {
                            assert_eq!(i, 0, "{c}");
                            continue;
                        }
                        let (s, t) = (nibble(mine, c), nibble(theirs, c));
                        for k in 1..=2u8 {
                            let got = values.gain_at(i + k as u16 - 1);
                            assert_eq!(got.to_bits(), values.gain(c, t, s, k).to_bits());
                        }
                    }
                }
            }
            assert_eq!(values.gain_at(0).to_bits(), 0.0f64.to_bits());
            assert_eq!(values.gain_at(1).to_bits(), 0.0f64.to_bits());
        }
    }

    #[test]
    fn a_step_moves_the_rows_as_the_game_moves_the_cubes() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(46);
        for players in 1..=2u8 {
            let rules = Rules::new(GameKind::GreatRaces, players);
            let values = TrackValues::new(&rules).unwrap();
            for _ in 0..100 {
                let mut game = Game::new();
                let mut rows = GainRows::of(&values, &game.board);
                while !game.finished() {
                    let roll = crate::dice::Roll([(); 4].map(|_| rng.gen_range(1..=6)));
                    let choices = game.choices(&rules, roll);
                    if choices.is_empty() {
                        game.pass(&rules);
                        continue;
                    }
                    let choice = choices.get(rng.gen_range(0..choices.len()));
                    let p = game.to_move;
                    let steps = Steps::of(choice);
                    game.apply(&rules, choice);
                    rows.step(p, [steps.first, steps.second], game.board.closed);
                    if !game.finished() {
                        assert_eq!(
                            rows.of_player(0),
                            GainRows::of(&values, &game.board).of_player(0)
                        );
                        if players == 2 {
                            assert_eq!(rows, GainRows::of(&values, &game.board));
                        }
                    }
                }
            }
        }
    }
}
