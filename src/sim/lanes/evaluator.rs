//! The lanes' roll evaluator on its own: the legal choices of eight rolls of eight positions at
//! once, by the code the AVX2 kernel chooses with ([`super::avx2::legal`]). A roll's legal
//! choices come as a [`LegalSet`] (no turn after each, no bust counts: the kernel ranks its
//! candidates itself), which [`LegalSet::choices`] lists as the engine's
//! [`crate::columns::legal::legal_choices`] would.

use super::avx2::legal::{legal_sets, PAIR_BIT};
use super::avx512::{Lanes, Tables};
use super::tables::tables;
use crate::columns::{Choice, ColumnSet, Game, Rules};
use crate::dice::Roll;

/// Positions an evaluator reads, eight at a time.
pub const LANES: usize = 8;

/// Eight positions of 2-player column games as the lanes keep them: per lane, the player to
/// move's view (one nibble a column at bits `4c..4c + 4`, one bit a column at bit `c`).
#[derive(Clone, Copy, Debug, Default)]
pub struct LanePositions {
    /// Where each column's move starts: the car's space, else the cube's.
    pub(super) start: Lanes,
    /// The other player's cubes.
    pub(super) opp: Lanes,
    /// Claimed columns.
    pub(super) closed: Lanes,
    /// Columns holding a car this turn.
    pub(super) cars: Lanes,
    /// Columns whose car stands on the top.
    pub(super) top: Lanes,
}

impl LanePositions {
    /// Puts `game` (2 players, its player to move's turn in hand) into lane `lane` (0..8).
    pub fn set(&mut self, lane: usize, game: &Game) {
        let (board, turn) = (&game.board, &game.turn);
        let me = game.to_move & 1;
        // The board's nibbles start at column 2, the lanes' at column 0.
        self.start.0[lane] = turn.starts(board, me) << 8;
        self.opp.0[lane] = board.progress[me as usize ^ 1] << 8;
        self.closed.0[lane] = board.closed.0 as u64;
        self.cars.0[lane] = turn.cars.0 as u64;
        self.top.0[lane] = turn.at_top.0 as u64;
    }
}

/// The legal choices of one roll: the pairings (in [`Roll::unique_pairings`] order) that are a
/// choice of both their sums, a double climbing two steps among them, and the columns one step
/// may be taken in alone. Empty: the roll busts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LegalSet {
    /// Bit `k`: pairing `k` moves both its sums.
    pub pairs: u8,
    /// Columns a choice of one step moves in.
    pub singles: ColumnSet,
}

impl LegalSet {
    /// Number of legal choices.
    #[inline]
    pub fn len(&self) -> usize {
        (self.pairs.count_ones() + self.singles.len()) as usize
    }

    /// Whether the roll busts.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pairs == 0 && self.singles.is_empty()
    }

    /// The choices of `roll` (the roll this set was evaluated for): pairs in pairing order,
    /// then single columns from the lowest.
    pub fn choices(&self, roll: Roll) -> Vec<Choice> {
        let pairs = roll.unique_pairings().iter().enumerate();
        let both = pairs.filter(|&(k, _)| self.pairs >> k & 1 == 1);
        both.map(|(_, &(a, b))| Choice::two(a, b))
            .chain(self.singles.iter().map(Choice::one))
            .collect()
    }
}

/// The lanes' roll evaluator for one rule set: 2-player Can't Stop (its jump variant too) and
/// Route 66, without A Faster Gear, on a CPU with AVX2.
pub struct LaneEvaluator {
    tables: Tables,
    jump: bool,
}

impl LaneEvaluator {
    /// The evaluator of `rules`, or `None` when the lanes do not play them
    /// ([`super::plays_rules`]) or the CPU has no AVX2.
    pub fn new(rules: &Rules) -> Option<LaneEvaluator> {
        (super::plays_rules(rules) && is_x86_feature_detected!("avx2")).then(|| LaneEvaluator {
            tables: tables(rules),
            jump: rules.jump,
        })
    }

    /// The legal choices of `rolls[l]` (an ordered outcome index, [`Roll::index`]) in the
    /// position of lane `l` of `positions`, for each of the eight lanes.
    #[inline]
    pub fn evaluate(&self, positions: &LanePositions, rolls: &[u32; LANES]) -> [LegalSet; LANES] {
        let mut words = [0u32; LANES];
        // SAFETY: `new` checked the CPU has AVX2.
        unsafe {
            if self.jump {
                legal_sets::<true>(positions, &self.tables, rolls, &mut words);
            } else {
                legal_sets::<false>(positions, &self.tables, rolls, &mut words);
            }
        }
        words.map(|w| LegalSet {
            pairs: (w >> PAIR_BIT) as u8,
            singles: ColumnSet(w as u16),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::legal::legal_choices_reference;
    use crate::columns::legal::tests::positions;
    use crate::columns::{Edition, GameKind, Variant};
    use crate::dice::OUTCOMES;

    /// Checks every roll of 400 positions (eight lanes of different positions a call) against
    /// the slow reference, as sets.
    fn check(rules: &Rules, seed: u64) {
        let Some(eval) = LaneEvaluator::new(rules) else {
            eprintln!("skipped: this CPU has no AVX2");
            return;
        };
        let games = positions(rules, 400, seed);
        let mut busts = 0;
        for chunk in games.chunks(LANES) {
            let mut pos = LanePositions::default();
            for (l, g) in chunk.iter().enumerate() {
                pos.set(l, g);
            }
            for i in 0..OUTCOMES as u32 {
                // Each lane a different roll, so a lane mix-up cannot pass.
                let rolls: [u32; LANES] =
                    core::array::from_fn(|l| (i + 97 * l as u32) % OUTCOMES as u32);
                let sets = eval.evaluate(&pos, &rolls);
                for (l, g) in chunk.iter().enumerate() {
                    let roll = Roll::from_index(rolls[l] as usize);
                    let mut got = sets[l].choices(roll);
                    let reference =
                        legal_choices_reference(rules, &g.board, g.to_move, &g.turn, roll);
                    let mut want: Vec<Choice> = reference.into_iter().map(|(c, _)| c).collect();
                    assert_eq!(sets[l].len(), want.len(), "{} {g:?} {roll:?}", rules.game);
                    assert_eq!(sets[l].is_empty(), want.is_empty());
                    busts += want.is_empty() as u32;
                    got.sort_by_key(|c| (c.first, c.second));
                    want.sort_by_key(|c| (c.first, c.second));
                    assert_eq!(got, want, "{} {g:?} {roll:?}", rules.game);
                }
            }
        }
        // The positions reach busts, so the empty sets were checked too.
        assert!(busts > 0);
    }

    #[test]
    fn legal_sets_match_the_reference_in_cant_stop() {
        check(&Rules::new(GameKind::CantStop, 2), 1);
    }

    #[test]
    fn legal_sets_match_the_reference_with_the_jump_rule() {
        let mut rules = Rules::new(GameKind::CantStop, 2);
        rules.apply_variant(Variant::Jump).unwrap();
        check(&rules, 2);
        check(&Rules::route66(Edition::En, 2), 3);
        check(&Rules::route66(Edition::De, 2), 4);
    }

    #[test]
    fn short_columns_and_one_car_reach_every_rule() {
        // Length-1 columns (a double cannot climb twice), and one car (a split every time
        // both sums are usable and new).
        let mut rules = Rules::new(GameKind::CantStop, 2);
        for c in 2..=12u8 {
            rules.layout.length[c as usize] = [1, 2, 15, 3][c as usize % 4];
        }
        check(&rules, 5);
        rules.cars = 1;
        check(&rules, 6);
        let mut r66 = Rules::route66(Edition::En, 2);
        r66.cars = 2;
        check(&r66, 7);
    }

    #[test]
    fn the_lanes_do_not_evaluate_what_they_do_not_play() {
        let mut gear = Rules::route66(Edition::En, 2);
        gear.apply_variant(Variant::FasterGear).unwrap();
        assert!(LaneEvaluator::new(&gear).is_none());
        assert!(LaneEvaluator::new(&Rules::new(GameKind::CantStop, 3)).is_none());
        assert!(LaneEvaluator::new(&Rules::new(GameKind::GreatRaces, 2)).is_none());
    }
}
