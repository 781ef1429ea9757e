//! Four six-sided dice: the 1296 ordered outcomes, the 126 distinct ones with their weights,
//! the three ways to pair each roll, and unbiased sampling from one 64-bit draw.

use rand_core::RngCore;

/// Number of ordered outcomes of four six-sided dice.
pub const OUTCOMES: usize = 1296;
/// Number of distinct (unordered) outcomes of four six-sided dice.
pub const DISTINCT: usize = 126;

/// One roll of four dice, each 1..=6, in the order rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roll(pub [u8; 4]);

impl Roll {
    /// The roll with ordered-outcome index `i` (0..1296), dice in base-6 digit order.
    pub const fn from_index(i: usize) -> Roll {
        let i = i % OUTCOMES;
        Roll([
            (i / 216 % 6) as u8 + 1,
            (i / 36 % 6) as u8 + 1,
            (i / 6 % 6) as u8 + 1,
            (i % 6) as u8 + 1,
        ])
    }

    /// The ordered-outcome index of this roll; dice must be 1..=6.
    pub const fn index(self) -> usize {
        let d = self.0;
        (d[0] as usize - 1) * 216
            + (d[1] as usize - 1) * 36
            + (d[2] as usize - 1) * 6
            + (d[3] as usize - 1)
    }

    /// The three pairings of the dice, each as the two pair sums:
    /// (d0+d1, d2+d3), (d0+d2, d1+d3), (d0+d3, d1+d2).
    pub const fn pairings(self) -> [(u8, u8); 3] {
        let d = self.0;
        [
            (d[0] + d[1], d[2] + d[3]),
            (d[0] + d[2], d[1] + d[3]),
            (d[0] + d[3], d[1] + d[2]),
        ]
    }

    /// The three pairings as (smaller, larger) sums, the most even split first: ordered by the
    /// larger sum, smallest first. The three share the roll's total, so two pairings with the
    /// same larger sum are the same pairing. This is the order the Great Races lists a roll's
    /// choices in, and Glenn's Can't Stop code its moves.
    pub fn pairings_even_first(self) -> [(u8, u8); 3] {
        let mut p = self.pairings().map(|(a, b)| (a.min(b), a.max(b)));
        p.sort_unstable_by_key(|&(_, larger)| larger);
        p
    }

    /// The dice sorted ascending: the key of this roll's distinct outcome.
    pub fn sorted(self) -> Roll {
        let mut d = self.0;
        d.sort_unstable();
        Roll(d)
    }

    /// Parses four dice from text like `"2 3 4 5"`; `None` unless exactly four values 1..=6.
    pub fn parse(words: &[&str]) -> Option<Roll> {
        if words.len() != 4 {
            return None;
        }
        let mut d = [0u8; 4];
        for (slot, w) in d.iter_mut().zip(words) {
            let v: u8 = w.parse().ok()?;
            if !(1..=6).contains(&v) {
                return None;
            }
            *slot = v;
        }
        Some(Roll(d))
    }
}

/// Pairings of all 1296 ordered outcomes, computed at compile time.
pub static PAIRINGS: [[(u8, u8); 3]; OUTCOMES] = {
    let mut t = [[(0u8, 0u8); 3]; OUTCOMES];
    let mut i = 0;
    while i < OUTCOMES {
        t[i] = Roll::from_index(i).pairings();
        i += 1;
    }
    t
};

/// The pairings of one outcome with repeats dropped: the first of equal pairings (the same two
/// sums in either order) kept, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UniquePairings {
    pairs: [(u8, u8); 3],
    len: u8,
}

impl UniquePairings {
    /// The pairings, one to three `(a, b)`.
    #[inline]
    pub fn as_slice(&self) -> &[(u8, u8)] {
        &self.pairs[..self.len as usize]
    }

    /// The pairings padded to three with `(0, 0)`, for loops without a data-dependent count.
    #[inline(always)]
    pub const fn padded(&self) -> [(u8, u8); 3] {
        self.pairs
    }
}

/// [`UniquePairings`] of every outcome, computed at compile time.
pub static UNIQUE_PAIRINGS: [UniquePairings; OUTCOMES] = {
    let mut t = [UniquePairings {
        pairs: [(0, 0); 3],
        len: 0,
    }; OUTCOMES];
    let mut i = 0;
    while i < OUTCOMES {
        let all = PAIRINGS[i];
        let mut n = 0;
        let mut k = 0;
        while k < 3 {
            let (a, b) = all[k];
            let mut seen = false;
            let mut j = 0;
            while j < n {
                let (x, y) = t[i].pairs[j];
                seen |= (x == a && y == b) || (x == b && y == a);
                j += 1;
            }
            if !seen {
                t[i].pairs[n] = (a, b);
                n += 1;
            }
            k += 1;
        }
        t[i].len = n as u8;
        i += 1;
    }
    t
};

impl Roll {
    /// The pairings with repeats dropped (see [`UniquePairings`]).
    #[inline]
    pub fn unique_pairings(self) -> &'static [(u8, u8)] {
        UNIQUE_PAIRINGS[self.index()].as_slice()
    }
}

/// A distinct roll and how many of the 1296 ordered outcomes it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightedRoll {
    /// The dice, sorted ascending.
    pub roll: Roll,
    /// Number of ordered outcomes with these dice (1, 4, 6, 12 or 24).
    pub weight: u16,
}

/// The 126 distinct rolls with their weights (summing to 1296), computed at compile time.
pub static DISTINCT_ROLLS: [WeightedRoll; DISTINCT] = {
    let mut t = [WeightedRoll {
        roll: Roll([1, 1, 1, 1]),
        weight: 0,
    }; DISTINCT];
    let mut n = 0;
    let mut i = 0;
    while i < OUTCOMES {
        let r = Roll::from_index(i);
        let d = r.0;
        if d[0] <= d[1] && d[1] <= d[2] && d[2] <= d[3] {
            t[n] = WeightedRoll {
                roll: r,
                weight: permutations(d),
            };
            n += 1;
        }
        i += 1;
    }
    t
};

/// Number of distinct orderings of four sorted dice: 4! over the factorials of the run lengths.
const fn permutations(d: [u8; 4]) -> u16 {
    let mut denom = 1u16;
    let mut run = 1u16;
    let mut i = 1;
    while i < 4 {
        if d[i] == d[i - 1] {
            run += 1;
            denom *= run;
        } else {
            run = 1;
        }
        i += 1;
    }
    24 / denom
}

/// One ordered outcome of four dice: its index, always below [`OUTCOMES`], so every table of
/// outcomes ([`ROLLS`], [`PAIRINGS`], [`PAIR_SUMS`], …) is read in bounds at it. Made only by
/// [`Outcome::new`] (which checks), [`Roll::outcome`] and [`sample_outcome`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Outcome(u16);

impl Outcome {
    /// The outcome of index `i`, if `i < 1296`.
    #[inline]
    pub const fn new(i: usize) -> Option<Outcome> {
        if i < OUTCOMES {
            Some(Outcome(i as u16))
        } else {
            None
        }
    }

    /// Its index, below [`OUTCOMES`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The four dice.
    #[inline]
    pub fn roll(self) -> Roll {
        ROLLS[self.index()]
    }

    /// Every outcome, in index order.
    pub fn all() -> impl Iterator<Item = Outcome> {
        (0..OUTCOMES as u16).map(Outcome)
    }
}

impl Roll {
    /// This roll's outcome. Its dice should be 1..=6; whatever they are, the outcome is one of
    /// the 1296 (dice out of range give some outcome, never an index past the tables).
    pub const fn outcome(self) -> Outcome {
        /// A die's digit, 0..6.
        const fn digit(x: u8) -> usize {
            (x.wrapping_sub(1) % 6) as usize
        }
        let d = self.0;
        Outcome((digit(d[0]) * 216 + digit(d[1]) * 36 + digit(d[2]) * 6 + digit(d[3])) as u16)
    }
}

/// Draws one ordered outcome from one 64-bit draw, unbiased by Lemire's multiply-and-reject
/// method (a rejection happens with probability below 1e-16).
#[inline]
pub fn sample_outcome<R: RngCore + ?Sized>(rng: &mut R) -> Outcome {
    const N: u64 = OUTCOMES as u64;
    const THRESHOLD: u64 = N.wrapping_neg() % N;
    loop {
        let m = (rng.next_u64() as u128) * (N as u128);
        if (m as u64) >= THRESHOLD {
            // The high half of a 64-bit draw times N is below N.
            return Outcome((m >> 64) as u16);
        }
    }
}

/// [`sample_outcome`]'s index.
#[inline]
pub fn sample_index<R: RngCore + ?Sized>(rng: &mut R) -> usize {
    sample_outcome(rng).index()
}

/// Draws one roll of four dice.
#[inline]
pub fn sample<R: RngCore + ?Sized>(rng: &mut R) -> Roll {
    sample_outcome(rng).roll()
}

/// `ROLLS[i]` is `Roll::from_index(i)`, computed at compile time: one lookup per sampled roll.
pub static ROLLS: [Roll; OUTCOMES] = {
    let mut t = [Roll([0; 4]); OUTCOMES];
    let mut i = 0;
    while i < OUTCOMES {
        t[i] = Roll::from_index(i);
        i += 1;
    }
    t
};

/// The four dice of outcome `i` sorted ascending (a const-evaluable sorting network).
const fn sorted_dice(i: usize) -> [u8; 4] {
    let mut d = Roll::from_index(i).0;
    let pairs = [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)];
    let mut k = 0;
    while k < pairs.len() {
        let (a, b) = pairs[k];
        if d[a] > d[b] {
            let t = d[a];
            d[a] = d[b];
            d[b] = t;
        }
        k += 1;
    }
    d
}

/// `DISTINCT_OF[i]`: the index in [`DISTINCT_ROLLS`] of outcome `i`'s dice, computed at
/// compile time. Outcomes with the same dice in another order share it.
pub static DISTINCT_OF: [u8; OUTCOMES] = {
    // The distinct rolls are the sorted outcomes in index order: number them, then look up.
    let mut rank = [0u8; OUTCOMES];
    let mut n = 0u8;
    let mut i = 0;
    while i < OUTCOMES {
        let d = Roll::from_index(i).0;
        if d[0] <= d[1] && d[1] <= d[2] && d[2] <= d[3] {
            rank[i] = n;
            n += 1;
        }
        i += 1;
    }
    let mut t = [0u8; OUTCOMES];
    let mut i = 0;
    while i < OUTCOMES {
        t[i] = rank[Roll(sorted_dice(i)).index()];
        i += 1;
    }
    t
};

/// `PAIR_SUMS[i]`: the pair sums outcome `i` offers in any pairing, bit `s` for sum `s` (the
/// bit layout of a column set), computed at compile time.
pub static PAIR_SUMS: [u16; OUTCOMES] = {
    let mut t = [0u16; OUTCOMES];
    let mut i = 0;
    while i < OUTCOMES {
        let p = Roll::from_index(i).pairings();
        let mut k = 0;
        while k < 3 {
            t[i] |= (1 << p[k].0) | (1 << p[k].1);
            k += 1;
        }
        i += 1;
    }
    t
};

/// Draws one die (1..=6) without bias, for games played with a single die.
#[inline]
pub fn sample_d6<R: RngCore + ?Sized>(rng: &mut R) -> u8 {
    const THRESHOLD: u64 = 6u64.wrapping_neg() % 6;
    loop {
        let m = (rng.next_u64() as u128) * 6;
        if (m as u64) >= THRESHOLD {
            return (m >> 64) as u8 + 1;
        }
    }
}

#[cfg(test)]
mod tests;
