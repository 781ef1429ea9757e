//! The searching player's running score of a decision: its options' rollouts compared pair by
//! pair on the same dice, the options clearly behind dropped as the rollouts come in (racing),
//! and the choice that keeps BASE's option unless another clearly beats it.
//!
//! An option is one or more *arms*, the positions its rollouts start from (a use of a roll
//! followed by a stop, or by a roll); an option is worth its best arm. Rollout `i` of every
//! arm still in the race is dealt the same dice, so any two arms are compared on the rollouts
//! both played.

/// Most arms of a decision: two for each use of a roll.
pub const MAX_ARMS: usize = 12;

/// The running score (see the module comment).
#[derive(Clone, Debug)]
pub struct PairedScore {
    /// Arms.
    k: usize,
    /// The option each arm belongs to.
    option: [u8; MAX_ARMS],
    /// BASE's option.
    base: u8,
    /// Arms still in the race (bit `j`).
    alive: u16,
    /// Rollouts played per arm.
    n: [u64; MAX_ARMS],
    /// Results summed per arm.
    sum: [f64; MAX_ARMS],
    /// Σ (result `a` − result `b`) over the rollouts both arms played.
    diff: [[f64; MAX_ARMS]; MAX_ARMS],
    /// Σ (result `a` − result `b`)² over the rollouts both arms played.
    sq: [[f64; MAX_ARMS]; MAX_ARMS],
}

impl PairedScore {
    /// No rollouts yet of the arms whose options are `option` (one entry an arm), BASE's
    /// option being `base`.
    pub fn new(option: &[u8], base: u8) -> PairedScore {
        let k = option.len().min(MAX_ARMS);
        let mut o = [0u8; MAX_ARMS];
        o[..k].copy_from_slice(&option[..k]);
        PairedScore {
            k,
            option: o,
            base,
            alive: ((1u32 << k) - 1) as u16,
            n: [0; MAX_ARMS],
            sum: [0.0; MAX_ARMS],
            diff: [[0.0; MAX_ARMS]; MAX_ARMS],
            sq: [[0.0; MAX_ARMS]; MAX_ARMS],
        }
    }

    /// Arms still in the race.
    #[inline]
    pub fn alive_count(&self) -> u32 {
        self.alive.count_ones()
    }

    /// Whether arm `j` is still in the race.
    #[inline]
    pub fn is_alive(&self, j: usize) -> bool {
        self.alive & (1 << j) != 0
    }

    /// Adds one rollout: `result[j]` for every arm `j` still in the race.
    pub fn add(&mut self, result: &[f64; MAX_ARMS]) {
        for a in 0..self.k {
            if !self.is_alive(a) {
                continue;
            }
            self.n[a] += 1;
            self.sum[a] += result[a];
            for b in a + 1..self.k {
                if self.is_alive(b) {
                    let d = result[a] - result[b];
                    self.diff[a][b] += d;
                    self.sq[a][b] += d * d;
                }
            }
        }
    }

    /// Arm `a`'s mean lead over arm `b` on the rollouts both played, and that mean's standard
    /// error.
    pub fn lead(&self, a: usize, b: usize) -> (f64, f64) {
        if a == b {
            return (0.0, 0.0);
        }
        let (lo, hi, sign) = if a < b { (a, b, 1.0) } else { (b, a, -1.0) };
        let n = self.n[lo].min(self.n[hi]);
        if n == 0 {
            return (0.0, 0.0);
        }
        let nf = n as f64;
        let mean = self.diff[lo][hi] / nf;
        let var = if n > 1 {
            ((self.sq[lo][hi] - self.diff[lo][hi] * mean) / (nf - 1.0)).max(0.0)
        } else {
            0.0
        };
        (sign * mean, (var / nf).sqrt())
    }

    /// The arm with the highest mean among those still in the race (the first on ties).
    fn leader(&self) -> usize {
        let mut best = None::<(usize, f64)>;
        for j in (0..self.k).filter(|&j| self.is_alive(j)) {
            let m = self.sum[j] / self.n[j].max(1) as f64;
            if best.is_none_or(|(_, b)| m > b) {
                best = Some((j, m));
            }
        }
        best.map_or(0, |(j, _)| j)
    }

    /// The best arm of `option` still in the race, if any.
    fn best_arm_of(&self, option: u8) -> Option<usize> {
        let mut best = None::<(usize, f64)>;
        for j in (0..self.k).filter(|&j| self.is_alive(j) && self.option[j] == option) {
            let m = self.sum[j] / self.n[j].max(1) as f64;
            if best.is_none_or(|(_, b)| m > b) {
                best = Some((j, m));
            }
        }
        best.map(|(j, _)| j)
    }

    /// A look at the race: drops every arm standing more than `bar` standard errors behind
    /// the leader (BASE's arms only when the leader clears them by `bar` and `z`). Returns
    /// whether the race is over: one option left, or every other option's best arm settled
    /// against BASE's by more than `bar` either way.
    pub fn look(&mut self, bar: f64, z: f64) -> bool {
        let leader = self.leader();
        for j in 0..self.k {
            if j == leader || !self.is_alive(j) {
                continue;
            }
            let need = if self.option[j] == self.base {
                bar.max(z)
            } else {
                bar
            };
            let (d, se) = self.lead(leader, j);
            if d > need * se && d > 0.0 {
                self.alive &= !(1 << j);
            }
        }
        let options_left = {
            let mut seen = 0u32;
            for j in (0..self.k).filter(|&j| self.is_alive(j)) {
                seen |= 1 << self.option[j];
            }
            seen.count_ones()
        };
        if options_left <= 1 {
            return true;
        }
        let Some(b) = self.best_arm_of(self.base) else {
            return false;
        };
        let bar = bar.max(z);
        (0..self.k)
            .filter(|&j| self.is_alive(j) && self.option[j] != self.base)
            .all(|j| {
                let (d, se) = self.lead(j, b);
                d.abs() > bar * se && d != 0.0
            })
    }

    /// The option chosen: BASE's unless an arm of another beats BASE's best arm by more than
    /// `z` standard errors (`z` = 0: by anything), then the best of those by mean; BASE's
    /// once it has left the race, the leader's.
    pub fn pick(&self, z: f64) -> u8 {
        let leader = self.leader();
        let Some(b) = self.best_arm_of(self.base) else {
            return self.option[leader];
        };
        let mut pick = b;
        let mut pick_mean = self.sum[b] / self.n[b].max(1) as f64;
        for j in (0..self.k).filter(|&j| self.is_alive(j) && self.option[j] != self.base) {
            let (d, se) = self.lead(j, b);
            let m = self.sum[j] / self.n[j].max(1) as f64;
            if d > z * se && d > 0.0 && m > pick_mean {
                pick = j;
                pick_mean = m;
            }
        }
        self.option[pick]
    }

    /// Rollouts played by arm `j`.
    pub fn rollouts(&self, j: usize) -> u64 {
        self.n[j]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The score of rollouts listed result by result, one row a rollout, one arm an option.
    fn score(rows: &[&[f64]], base: u8) -> PairedScore {
        let k = rows[0].len();
        let option: Vec<u8> = (0..k as u8).collect();
        let mut s = PairedScore::new(&option, base);
        for r in rows {
            let mut row = [0.0; MAX_ARMS];
            row[..k].copy_from_slice(r);
            s.add(&row);
        }
        s
    }

    #[test]
    fn the_plain_rule_takes_the_best_mean_and_ties_keep_the_base_players_option() {
        let rows: [&[f64]; 3] = [&[1.0, 0.0, 1.0], &[0.0, 1.0, 1.0], &[0.0, 1.0, 0.0]];
        // Means 1/3, 2/3, 2/3: options 1 and 2 tie above BASE's; the first listed.
        assert_eq!(score(&rows, 0).pick(0.0), 1);
        assert_eq!(
            score(&rows, 2).pick(0.0),
            2,
            "BASE's option is among the best"
        );
    }

    #[test]
    fn a_margin_keeps_the_base_players_option_unless_another_clears_it() {
        // Option 1 wins 6 rollouts more than BASE's in 10: mean lead 0.6, its standard error
        // √(0.2667/10) = 0.163; it clears z = 2 (0.33) but not z = 4 (0.65).
        let mut rows: Vec<&[f64]> = vec![&[0.0, 1.0]; 6];
        rows.extend([&[1.0, 1.0][..]; 4]);
        let s = score(&rows, 0);
        assert_eq!(s.pick(2.0), 1);
        assert_eq!(s.pick(4.0), 0);
    }

    #[test]
    fn an_arm_clearly_behind_leaves_the_race_and_the_race_ends_with_one_option() {
        // Three options; option 2 loses every rollout the others win.
        let rows: Vec<&[f64]> = vec![&[1.0, 1.0, 0.0], &[0.0, 1.0, 0.0], &[1.0, 0.0, 0.0]];
        let mut rows = rows.repeat(10);
        rows.push(&[1.0, 1.0, 0.0]);
        let mut s = score(&rows, 0);
        assert!(!s.look(3.0, 2.0), "0 and 1 are level");
        assert!(!s.is_alive(2));
        assert!(s.is_alive(0) && s.is_alive(1));
        // BASE's option is dropped only past both the bar and the margin.
        let rows: Vec<&[f64]> = vec![&[0.0, 1.0]; 40];
        let mut s = score(&rows, 0);
        assert!(s.look(3.0, 2.0));
        assert_eq!(s.pick(2.0), 1);
    }

    #[test]
    fn an_option_is_worth_its_best_arm() {
        // Option 0 (BASE's) has arms 0 and 1, option 1 arms 2 and 3: arm 1 is the best of
        // option 0 and level with arm 3, so BASE's option stands.
        let mut s = PairedScore::new(&[0, 0, 1, 1], 0);
        for i in 0..50 {
            let x = f64::from(i % 2);
            let mut row = [0.0; MAX_ARMS];
            row[..4].copy_from_slice(&[0.0, 0.5 + x, 0.2, 0.5 + x]);
            s.add(&row);
        }
        assert_eq!(s.pick(0.0), 0);
        assert_eq!(s.rollouts(3), 50);
    }
}
