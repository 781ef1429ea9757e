//! Integer counters of a matchup's games — merged by addition, so the answer never depends on
//! how the games were scheduled — and the Wilson interval computed from them.

use std::ops::AddAssign;

/// Most seats at a table.
pub const SEATS: usize = 4;
/// Roll numbers kept apart in the stop table; later rolls share the last row.
pub const STOP_ROLLS: usize = 24;
/// Cars in play: 0..=3.
pub const STOP_CARS: usize = 4;
/// Bins of the turn-count histogram: games of `t` turns for t < 127, the last bin 127 or more.
pub const TURN_BINS: usize = 128;

/// Counters of one policy slot in one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatCounters {
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Sum of final scores (Can't Stop: columns claimed).
    pub score: u64,
    /// Sum of squared final scores.
    pub score_sq: u64,
    /// Sum of turns taken.
    pub turns: u64,
    /// Sum of squared turns taken per game.
    pub turns_sq: u64,
    /// Rolls made, busting rolls included.
    pub rolls: u64,
    /// Turns that ended in a bust.
    pub busts: u64,
}

impl SeatCounters {
    /// Counts one finished (or abandoned) game: won or not, its final score and turns taken.
    #[inline]
    pub fn add_game(&mut self, won: bool, score: u64, turns: u64) {
        self.games += 1;
        self.wins += won as u64;
        self.score += score;
        self.score_sq += score * score;
        self.turns += turns;
        self.turns_sq += turns * turns;
    }
}

impl AddAssign for SeatCounters {
    fn add_assign(&mut self, o: Self) {
        self.games += o.games;
        self.wins += o.wins;
        self.score += o.score;
        self.score_sq += o.score_sq;
        self.turns += o.turns;
        self.turns_sq += o.turns_sq;
        self.rolls += o.rolls;
        self.busts += o.busts;
    }
}

/// One cell of the stop table: after a successful roll number `roll` with `cars` in play, how
/// often the policy was asked, how often it stopped, and how often the roll it made next busted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StopCell {
    /// Times the policy decided here (row roll 0: turns begun, no decision).
    pub decisions: u64,
    /// Times it stopped.
    pub stops: u64,
    /// Times the next roll busted.
    pub busts: u64,
}

impl AddAssign for StopCell {
    fn add_assign(&mut self, o: Self) {
        self.decisions += o.decisions;
        self.stops += o.stops;
        self.busts += o.busts;
    }
}

/// Everything counted over a matchup's games: per policy slot (position in the matchup) and seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchupStats {
    /// `cells[slot][seat]`.
    pub cells: [[SeatCounters; SEATS]; SEATS],
    /// `stop[slot][roll][cars]`.
    pub stop: [[[StopCell; STOP_CARS]; STOP_ROLLS]; SEATS],
    /// Games stopped at the turn limit without a winner.
    pub unfinished: u64,
    /// `turns_hist[slot][t]`: games in which the slot's player took `t` turns (last bin: more).
    pub turns_hist: [[u64; TURN_BINS]; SEATS],
}

impl Default for MatchupStats {
    fn default() -> Self {
        MatchupStats {
            cells: [[SeatCounters::default(); SEATS]; SEATS],
            stop: [[[StopCell::default(); STOP_CARS]; STOP_ROLLS]; SEATS],
            unfinished: 0,
            turns_hist: [[0; TURN_BINS]; SEATS],
        }
    }
}

impl MatchupStats {
    /// The stop-table cell of a slot after successful roll `roll` (0 = turn start) with `cars`.
    #[inline]
    pub fn stop_cell(&mut self, slot: usize, roll: u16, cars: u32) -> &mut StopCell {
        let r = (roll as usize).min(STOP_ROLLS - 1);
        &mut self.stop[slot][r][(cars as usize).min(STOP_CARS - 1)]
    }

    /// Counts one finished game of `turns` turns for a slot in the turn histogram.
    #[inline]
    pub fn count_turns(&mut self, slot: usize, turns: u64) {
        self.turns_hist[slot][(turns as usize).min(TURN_BINS - 1)] += 1;
    }

    /// Counts one finished (or abandoned) game of the slot in `seat`: its seat counters and
    /// the slot's turn histogram. Every game family ends its games through here.
    #[inline]
    pub fn add_game(&mut self, slot: usize, seat: usize, won: bool, score: u64, turns: u64) {
        self.cells[slot][seat].add_game(won, score, turns);
        self.count_turns(slot, turns);
    }

    /// Whether no slot's turn histogram counts more than `games` games (a run's per matchup).
    pub fn hist_fits(&self, games: u64) -> bool {
        let total = |bins: &[u64; TURN_BINS]| bins.iter().map(|&n| n as u128).sum::<u128>();
        self.turns_hist.iter().all(|b| total(b) <= games as u128)
    }

    /// A slot's counters over all seats.
    pub fn slot_total(&self, slot: usize) -> SeatCounters {
        let mut t = SeatCounters::default();
        for c in &self.cells[slot] {
            t += *c;
        }
        t
    }
}

impl AddAssign<&MatchupStats> for MatchupStats {
    fn add_assign(&mut self, o: &MatchupStats) {
        for (a, b) in self
            .cells
            .iter_mut()
            .flatten()
            .zip(o.cells.iter().flatten())
        {
            *a += *b;
        }
        for (a, b) in self
            .stop
            .iter_mut()
            .flatten()
            .flatten()
            .zip(o.stop.iter().flatten().flatten())
        {
            *a += *b;
        }
        for (a, b) in self
            .turns_hist
            .iter_mut()
            .flatten()
            .zip(o.turns_hist.iter().flatten())
        {
            *a += *b;
        }
        self.unfinished += o.unfinished;
    }
}

/// Whether each counter, summed over every cell of all of `parts`, stays at most `limit`: when
/// it does, adding the parts together and any total over slots and seats cannot overflow.
pub fn sums_fit(parts: &[&MatchupStats], limit: u64) -> bool {
    let mut seat = [0u128; 8];
    let mut stop = [0u128; 3];
    let mut unfinished = 0u128;
    let mut hist = 0u128;
    for p in parts {
        hist += p
            .turns_hist
            .iter()
            .flatten()
            .map(|&x| x as u128)
            .sum::<u128>();
        for c in p.cells.iter().flatten() {
            let v = [
                c.games, c.wins, c.score, c.score_sq, c.turns, c.turns_sq, c.rolls, c.busts,
            ];
            for (s, x) in seat.iter_mut().zip(v) {
                *s += x as u128;
            }
        }
        for c in p.stop.iter().flatten().flatten() {
            for (s, x) in stop.iter_mut().zip([c.decisions, c.stops, c.busts]) {
                *s += x as u128;
            }
        }
        unfinished += p.unfinished as u128;
    }
    seat.into_iter()
        .chain(stop)
        .chain([unfinished, hist])
        .all(|s| s <= limit as u128)
}

/// The Wilson score interval for `k` successes out of `n` at normal quantile `z`; (0, 1) when
/// `n` is 0.
pub fn wilson(k: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p) = (n as f64, k as f64 / n as f64);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Wilson score interval at 99.9% (z = 3.2905) for `k` out of `n`.
pub fn wilson999(k: u64, n: u64) -> (f64, f64) {
    wilson(k, n, 3.290_526_731_491_926)
}

/// The Wilson score interval at 95% (z = 1.96) for `wins` out of `n`; (0, 1) when `n` is 0.
pub fn wilson95(wins: u64, n: u64) -> (f64, f64) {
    wilson(wins, n, 1.959_963_984_540_054)
}

/// Mean and population standard deviation from a count, a sum and a sum of squares.
pub fn mean_sd(n: u64, sum: u64, sum_sq: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let n = n as f64;
    let mean = sum as f64 / n;
    let var = (sum_sq as f64 / n - mean * mean).max(0.0);
    (mean, var.sqrt())
}

/// The 95% interval of a mean from a count, a sum and a sum of squares: the mean ± 1.96
/// standard errors.
pub fn mean95(n: u64, sum: u64, sum_sq: u64) -> (f64, f64) {
    let (mean, sd) = mean_sd(n, sum, sum_sq);
    let half = 1.96 * sd / (n.max(1) as f64).sqrt();
    (mean - half, mean + half)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_worked_value() {
        // 50 of 100: p = 0.5, interval 0.4038..0.5962 (standard tables).
        let (lo, hi) = wilson95(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4,
            "{lo} {hi}"
        );
        // 0 of 10: lower bound 0, upper 0.2775.
        let (lo, hi) = wilson95(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
    }

    #[test]
    fn mean_sd_of_known_values() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sd 2.
        let xs = [2u64, 4, 4, 4, 5, 5, 7, 9];
        let (m, sd) = mean_sd(8, xs.iter().sum(), xs.iter().map(|x| x * x).sum());
        assert_eq!((m, sd), (5.0, 2.0));
    }

    #[test]
    fn merge_is_addition() {
        let mut a = MatchupStats::default();
        a.cells[0][1].wins = 3;
        a.stop_cell(1, 2, 3).stops = 4;
        let mut b = a.clone();
        b += &a;
        assert_eq!(b.cells[0][1].wins, 6);
        assert_eq!(b.stop[1][2][3].stops, 8);
        assert_eq!(b.stop_cell(1, 99, 9).decisions, 0);
        let mut h = MatchupStats::default();
        h.count_turns(2, 5);
        h.count_turns(2, 5_000);
        let mut g = h.clone();
        g += &h;
        assert_eq!(g.turns_hist[2][5], 2);
        assert_eq!(g.turns_hist[2][TURN_BINS - 1], 2);
    }

    #[test]
    fn sums_fit_catches_what_would_overflow() {
        let mut a = MatchupStats::default();
        a.cells[0][0].turns_sq = u64::MAX / 2;
        a.cells[3][3].turns_sq = u64::MAX / 2;
        assert!(sums_fit(&[&a], u64::MAX));
        assert!(!sums_fit(&[&a, &a], u64::MAX));
        assert!(!sums_fit(&[&a], u64::MAX / 2));
        let mut b = MatchupStats::default();
        b.stop[2][5][1].stops = 4;
        b.stop[1][5][1].stops = 3;
        assert!(sums_fit(&[&b], 7) && !sums_fit(&[&b], 6));
    }
}
