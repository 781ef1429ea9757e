//! The stop table's decision counts, gathered a turn at a time. Within a turn the cars in play
//! never fall, so the rolls after which `c` cars were in play form one run of roll numbers;
//! a turn adds each run to a difference table (two additions a run, whatever its length), and
//! the table's running sums are the decisions by roll number.

use crate::counters::{MatchupStats, STOP_CARS};

/// Slots in a lanes matchup.
const SLOTS: usize = 2;

/// Roll numbers the table spans: a turn has at most 7 cars × 15 spaces = 105 successful rolls,
/// as every one moves a car a space at least (the lanes play at most 7 cars and columns of at
/// most 15 spaces), and the last run ends one past its last roll.
const ROLL_SPAN: usize = 128;
const _: () = assert!(ROLL_SPAN.is_power_of_two() && ROLL_SPAN > 7 * 15 + 1);

/// Decisions by slot, cars in play and roll number, as a difference table over roll numbers.
#[derive(Clone, Debug)]
pub struct DecisionRuns {
    /// `diff[slot][cars][r]`: the change in the count from roll `r - 1` to roll `r` (wrapping,
    /// so a run's end can go below zero until its start is added).
    diff: Box<[[[u64; ROLL_SPAN]; STOP_CARS]; SLOTS]>,
}

impl Default for DecisionRuns {
    fn default() -> Self {
        DecisionRuns {
            diff: Box::new([[[0; ROLL_SPAN]; STOP_CARS]; SLOTS]),
        }
    }
}

impl DecisionRuns {
    /// Counts the decisions of one of `slot`'s turns (one after every roll that did not bust).
    /// `turn_cars` holds the turn's successful rolls by the cars in play after them: byte `c`
    /// for `c` cars, `1 <= c <= capacity <= 7`. Returns the number of successful rolls and the
    /// cars in play after the last of them (0 when there were none).
    #[inline]
    pub fn count_turn(&mut self, slot: usize, turn_cars: u64, capacity: usize) -> (u64, u32) {
        debug_assert!((1..=7).contains(&capacity));
        // Every game's capacity is 3 cars: that case unrolled.
        let rolls = if capacity <= 3 {
            self.add_runs::<3>(slot, turn_cars)
        } else {
            self.add_runs::<7>(slot, turn_cars)
        };
        let cars = (u64::BITS - turn_cars.leading_zeros()).saturating_sub(1) / 8;
        (rolls, cars)
    }

    /// [`DecisionRuns::count_turn`]'s runs for bytes `1..=CARS` (those above are 0); returns
    /// the successful rolls.
    #[inline(always)]
    fn add_runs<const CARS: usize>(&mut self, slot: usize, turn_cars: u64) -> u64 {
        let rows = &mut self.diff[slot % SLOTS];
        let mut first = 1usize;
        for c in 1..=CARS {
            let run = (turn_cars >> (8 * c) & 0xff) as usize;
            let row = &mut rows[c.min(STOP_CARS - 1)];
            // A turn's rolls stay below ROLL_SPAN, so the masks never wrap.
            let start = &mut row[first % ROLL_SPAN];
            *start = start.wrapping_add(1);
            first += run;
            let end = &mut row[first % ROLL_SPAN];
            *end = end.wrapping_sub(1);
        }
        (first - 1) as u64
    }

    /// Adds the decisions counted into `stats`' stop table.
    pub fn add_into(&self, stats: &mut MatchupStats) {
        for (slot, rows) in self.diff.iter().enumerate() {
            for (cars, row) in rows.iter().enumerate() {
                let mut count = 0u64;
                for (roll, &d) in row.iter().enumerate() {
                    count = count.wrapping_add(d);
                    if count != 0 {
                        stats.stop_cell(slot, roll as u16, cars as u32).decisions += count;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Random turns (cars in play after each roll never falling, up to `capacity`), counted
    /// through the table and one decision at a time as the scalar engine counts them.
    #[test]
    fn runs_count_what_counting_each_roll_counts() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for capacity in [1usize, 3, 7] {
            let mut runs = DecisionRuns::default();
            let (mut fast, mut slow) = (MatchupStats::default(), MatchupStats::default());
            for _ in 0..2000 {
                let slot = rng.gen_range(0..2);
                let rolls = rng.gen_range(0..=(15 * capacity).min(60));
                let (mut cars, mut turn_cars) = (0usize, 0u64);
                for r in 1..=rolls {
                    if cars < capacity && (cars == 0 || rng.gen_bool(0.3)) {
                        cars += rng.gen_range(1..=(capacity - cars).min(2));
                    }
                    turn_cars += 1 << (8 * cars);
                    slow.stop_cell(slot, r as u16, cars as u32).decisions += 1;
                }
                let got = runs.count_turn(slot, turn_cars, capacity);
                assert_eq!(got, (rolls as u64, cars as u32), "turn {turn_cars:#x}");
            }
            runs.add_into(&mut fast);
            assert_eq!(fast, slow, "capacity {capacity}");
        }
    }

    #[test]
    fn a_turn_of_no_successful_roll_counts_nothing() {
        let mut runs = DecisionRuns::default();
        assert_eq!(runs.count_turn(1, 0, 3), (0, 0));
        let mut stats = MatchupStats::default();
        runs.add_into(&mut stats);
        assert_eq!(stats, MatchupStats::default());
    }
}
