//! Exact odds by enumeration of the 1296 rolls: bust chances of sets of cars, the one-roll view
//! of each track (The Great Races), and reach odds within one turn by dynamic programming.

use super::bust::bust_rolls;
use super::set::{ColumnSet, MAX_COLUMN, MIN_COLUMN};
use crate::dice::{OUTCOMES, PAIRINGS};

/// Most Monte Carlo rolls per row of a bust-odds check.
pub const MAX_SAMPLES: u64 = 1_000_000_000;

/// Bust odds of one state: the cars' columns, how many cars are still free, the usable set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetOdds {
    /// Columns holding cars.
    pub cars: ColumnSet,
    /// Cars still free (0..=3).
    pub free_cars: u8,
    /// The usable set that follows.
    pub usable: ColumnSet,
    /// Busting rolls out of 1296.
    pub bust_rolls: u16,
}

impl SetOdds {
    /// The state's odds: usable = cars not blocked, plus every unblocked column while a car is free.
    pub fn new(cars: ColumnSet, free_cars: u8, blocked: ColumnSet) -> SetOdds {
        let mut usable = cars - blocked;
        if free_cars > 0 {
            usable |= !cars - blocked;
        }
        SetOdds {
            cars,
            free_cars,
            usable,
            bust_rolls: bust_rolls(usable),
        }
    }

    /// The chance of busting on the next roll.
    pub fn p_bust(&self) -> f64 {
        self.bust_rolls as f64 / OUTCOMES as f64
    }
}

/// Every state of 1, 2 and 3 cars among the unblocked columns with no free car (cars missing
/// from the set stand at the top or in closed columns), and, for each `f` in 1..=`max_free`,
/// every state of exactly 3 − f cars with `f` free: sorted by chance of success descending,
/// ties by free cars then columns.
pub fn set_table(blocked: ColumnSet, max_free: u8) -> Vec<SetOdds> {
    let open = !blocked;
    let mut rows = Vec::new();
    for free in 0..=max_free.min(3) {
        let most = 3 - free as u32;
        let least = if free == 0 { 1 } else { most };
        for mask in 0..2048u16 {
            let cars = ColumnSet::from_mask(mask);
            if (cars - open).is_empty() && (least..=most).contains(&cars.len()) {
                rows.push(SetOdds::new(cars, free, blocked));
            }
        }
    }
    rows.sort_by(|a, b| {
        a.bust_rolls
            .cmp(&b.bust_rolls)
            .then(a.free_cars.cmp(&b.free_cars))
            .then(column_order(a.cars, b.cars))
    });
    rows
}

/// Orders sets by their columns read as a list: `2-3` < `2-3-4` < `2-4`.
pub fn column_order(a: ColumnSet, b: ColumnSet) -> std::cmp::Ordering {
    a.iter().cmp(b.iter())
}

/// The full table over all 2048 usable sets, sorted like [`set_table`].
pub fn mask_table() -> Vec<SetOdds> {
    let mut rows: Vec<SetOdds> = (0..2048u16)
        .map(|m| {
            let u = ColumnSet::from_mask(m);
            SetOdds {
                cars: u,
                free_cars: 0,
                usable: u,
                bust_rolls: bust_rolls(u),
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        a.bust_rolls
            .cmp(&b.bust_rolls)
            .then(column_order(a.cars, b.cars))
    });
    rows
}

/// The one-roll view of a track: how often a roll offers it, and the steps it gets per roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrackOdds {
    /// The track (column).
    pub column: u8,
    /// Rolls (of 1296) with a pair summing to the track.
    pub offered_rolls: u16,
    /// Rolls (of 1296) with a pairing giving the track twice.
    pub double_rolls: u16,
    /// Expected steps on the track per roll, under the pairing best for it.
    pub steps_per_roll: f64,
}

/// The one-roll view of every track, 2..=12.
pub fn track_table() -> Vec<TrackOdds> {
    (MIN_COLUMN..=MAX_COLUMN)
        .map(|c| {
            let (mut offered, mut doubles) = (0u16, 0u16);
            for pairs in PAIRINGS.iter() {
                let best = pairs
                    .iter()
                    .map(|&(a, b)| (a == c) as u8 + (b == c) as u8)
                    .max()
                    .unwrap_or(0);
                offered += (best > 0) as u16;
                doubles += (best == 2) as u16;
            }
            let steps = (offered + doubles) as f64 / OUTCOMES as f64;
            TrackOdds {
                column: c,
                offered_rolls: offered,
                double_rolls: doubles,
                steps_per_roll: steps,
            }
        })
        .collect()
}

/// The chance of climbing at least `d` more steps in `column` within one turn when every roll
/// must offer the column (a roll without it ends the attempt; a double gives two steps), for
/// d = 0..=`max_d`: `f(d) = p1·f(d−1) + p2·f(d−2)`, `f(d ≤ 0) = 1`.
pub fn reach_odds(column: u8, max_d: u8) -> Vec<f64> {
    let t = track_table()[(column - MIN_COLUMN) as usize];
    let p2 = t.double_rolls as f64 / OUTCOMES as f64;
    let p1 = (t.offered_rolls - t.double_rolls) as f64 / OUTCOMES as f64;
    let mut f = vec![1.0f64; max_d as usize + 1];
    for d in 1..=max_d as usize {
        let two_back = if d >= 2 { f[d - 2] } else { 1.0 };
        f[d] = p1 * f[d - 1] + p2 * two_back;
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_table_counts_and_order() {
        let rows = set_table(ColumnSet::EMPTY, 0);
        // C(11,1) + C(11,2) + C(11,3) = 11 + 55 + 165.
        assert_eq!(rows.len(), 231);
        assert_eq!(rows[0].cars, ColumnSet::of(&[6, 7, 8]));
        assert_eq!(rows[0].bust_rolls, 104);
        assert!(rows.windows(2).all(|w| w[0].bust_rolls <= w[1].bust_rolls));
        let with_free = set_table(ColumnSet::of(&[2, 12]), 3);
        assert!(with_free.iter().all(|r| !r.cars.has(2) && !r.cars.has(12)));
        // With three free cars the only state is the empty one: usable = all but 2 and 12.
        let start: Vec<_> = with_free.iter().filter(|r| r.free_cars == 3).collect();
        assert_eq!(start.len(), 1);
        assert_eq!(start[0].usable, !ColumnSet::of(&[2, 12]));
    }

    #[test]
    fn track_view_by_hand() {
        let t = track_table();
        // Track 2 needs a pair of ones: 171 rolls offer it; two pairs of ones (1 1 1 1 only in
        // its 1 ordering) give it twice.
        assert_eq!((t[0].offered_rolls, t[0].double_rolls), (171, 1));
        // The 7 is offered by 64.4% of rolls (published).
        assert_eq!((t[5].offered_rolls as f64 / 1296.0 * 1000.0).round(), 644.0);
        for x in &t {
            assert!(x.steps_per_roll >= x.offered_rolls as f64 / 1296.0);
        }
    }

    #[test]
    fn reach_odds_recurrence() {
        let f = reach_odds(7, 13);
        assert_eq!(f[0], 1.0);
        let t = track_table()[5];
        let p_offer = t.offered_rolls as f64 / 1296.0;
        assert!((f[1] - p_offer).abs() < 1e-12);
        assert!(f.windows(2).all(|w| w[1] <= w[0]));
    }
}
