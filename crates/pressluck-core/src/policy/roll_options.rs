//! The options each roll offers, compiled per usable set so `ev` can weigh a roll with a few
//! array reads: an option is a pair of indices `(i, j)` into a gain array `D` where `D[0] = 0`,
//! `D[c]` is the gain of one step in column `c` and `D[13 + c]` the gain of two steps (a
//! double), so the option is worth `D[i] + D[j]`.
//!
//! Which options a roll offers depends only on the usable set, the columns holding cars, the
//! free cars and A Faster Gear, exactly as in `legal_choices`. With no car free (the usual case
//! once a turn is under way) it depends on the usable set alone, at most three columns: those
//! 232 sets are compiled once for the process ([`settled`]), rolls with equal options merged.
//! With a car free, `ev` instead values the 66 pairs of sums once and reads each roll's three
//! pairings ([`paired_rolls`]): [`options`] stays as the reference that walk is tested against.

use crate::columns::ColumnSet;
use crate::dice::{Roll, DISTINCT, DISTINCT_ROLLS};
use std::sync::OnceLock;

/// Index of "two steps in column `c`" in the gain array.
pub const fn two(c: u8) -> u8 {
    13 + c
}

/// Size of the gain array.
pub const GAINS: usize = 26;

/// The rolls offering one same list of options, and their weight out of 1296.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RollClass {
    /// Ordered outcomes in the class.
    pub weight: u16,
    /// Number of options.
    pub n: u8,
    /// The options (see the module comment), no repeats.
    pub opts: [(u8, u8); 6],
}

impl RollClass {
    /// The options as a slice.
    #[inline]
    pub fn options(&self) -> &[(u8, u8)] {
        &self.opts[..self.n as usize]
    }
}

/// The options of `roll` (none: a bust), mirroring `legal_choices`.
pub fn options(
    roll: Roll,
    usable: ColumnSet,
    cars: ColumnSet,
    free: u32,
    faster_gear: bool,
) -> RollClass {
    let mut class = RollClass::default();
    let mut new_cars = [0u32; 6];
    let mut push = |o: (u8, u8), new: u32| {
        if !class.options().contains(&o) {
            new_cars[class.n as usize] = new;
            class.opts[class.n as usize] = o;
            class.n += 1;
        }
    };
    let new = |c: u8| (!cars.has(c)) as u32;
    for (a, b) in roll.pairings() {
        let (ua, ub) = (usable.has(a), usable.has(b));
        if a == b {
            if ua {
                push((two(a), 0), new(a));
            }
        } else if ua && ub {
            if new(a) + new(b) <= free {
                push((a.min(b), a.max(b)), new(a) + new(b));
            } else {
                push((a, 0), new(a));
                push((b, 0), new(b));
            }
        } else if ua {
            push((a, 0), new(a));
        } else if ub {
            push((b, 0), new(b));
        }
    }
    if faster_gear && free > 0 && class.n > 1 {
        let most = new_cars[..class.n as usize]
            .iter()
            .copied()
            .max()
            .unwrap_or(0);
        let mut kept = RollClass::default();
        for (k, &o) in class.options().iter().enumerate() {
            if new_cars[k] == most {
                kept.opts[kept.n as usize] = o;
                kept.n += 1;
            }
        }
        class = kept;
    }
    class
}

/// The compiled classes of every usable set of at most three columns, all holding cars.
#[derive(Debug)]
pub struct Settled {
    /// All classes, grouped by usable set.
    classes: Vec<RollClass>,
    /// `start[mask]..start[mask + 1]`: the classes of the usable set `mask` (11-bit).
    start: Vec<u32>,
}

/// The process-wide table of [`Settled`] classes, built on first use.
pub fn settled() -> &'static Settled {
    static TABLE: OnceLock<Settled> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Settled {
            classes: Vec::new(),
            start: vec![0; 2049],
        };
        for mask in 0..2048u16 {
            t.start[mask as usize] = t.classes.len() as u32;
            let u = ColumnSet::from_mask(mask);
            if u.len() > 3 {
                continue;
            }
            let first = t.classes.len();
            for wr in DISTINCT_ROLLS.iter() {
                let mut class = options(wr.roll, u, u, 0, false);
                class.opts[..class.n as usize].sort_unstable();
                if class.n == 0 {
                    continue;
                }
                match t.classes[first..]
                    .iter_mut()
                    .find(|c| c.options() == class.options())
                {
                    Some(c) => c.weight += wr.weight,
                    None => t.classes.push(RollClass {
                        weight: wr.weight,
                        ..class
                    }),
                }
            }
        }
        t.start[2048] = t.classes.len() as u32;
        t
    })
}

impl Settled {
    /// The classes of a usable set of at most three columns, every one holding a car.
    #[inline]
    pub fn get(&self, usable: ColumnSet) -> &[RollClass] {
        let m = usable.mask();
        &self.classes[self.start[m] as usize..self.start[m + 1] as usize]
    }
}

/// Number of unordered pairs of pair sums `(a, b)`, `a ≤ b`, both 2..=12.
pub const PAIRS: usize = 66;

/// The pairs of sums, `a ≤ b`, in order of `a` then `b`.
pub const PAIR_SUMS: [(u8, u8); PAIRS] = {
    let mut t = [(0u8, 0u8); PAIRS];
    let (mut a, mut n) = (2u8, 0);
    while a <= 12 {
        let mut b = a;
        while b <= 12 {
            t[n] = (a, b);
            n += 1;
            b += 1;
        }
        a += 1;
    }
    t
};

/// The index in [`PAIR_SUMS`] of the pair of sums `a` and `b` (either order).
pub const fn pair_index(a: u8, b: u8) -> usize {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    // Pairs with a smaller first sum come first: 11 + 10 + … for each.
    let lo = (a - 2) as usize;
    lo * 11 - lo * (lo.saturating_sub(1)) / 2 + (b - a) as usize
}

/// One distinct roll as the free-car walk reads it: its weight out of 1296 and its three
/// pairings as indices into [`PAIR_SUMS`] (repeats kept; they cannot change a maximum).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairedRoll {
    /// Ordered outcomes with these dice.
    pub weight: u16,
    /// The pairings, as [`pair_index`] of their two sums.
    pub pairs: [u8; 3],
}

/// The 126 distinct rolls in [`DISTINCT_ROLLS`] order, as [`PairedRoll`]s, built on first use.
///
/// With a car still free the options of a roll are those of its pairings, each judged alone:
/// a pair of usable sums moves both (or, when that needs more new cars than are free, one or
/// the other), one usable sum moves it, a double moves two steps. So `ev` values each of the
/// 66 pairs of sums once per decision and takes, per roll, the best of its three pairings: no
/// options compiled per key.
pub fn paired_rolls() -> &'static [PairedRoll; DISTINCT] {
    static TABLE: OnceLock<[PairedRoll; DISTINCT]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [PairedRoll {
            weight: 0,
            pairs: [0; 3],
        }; DISTINCT];
        for (slot, wr) in t.iter_mut().zip(DISTINCT_ROLLS.iter()) {
            slot.weight = wr.weight;
            for (k, (a, b)) in wr.roll.pairings().into_iter().enumerate() {
                slot.pairs[k] = pair_index(a, b) as u8;
            }
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::bust::bust_rolls;
    use crate::dice::OUTCOMES;

    #[test]
    fn settled_classes_cover_exactly_the_rolls_that_do_not_bust() {
        let t = settled();
        for mask in 0..2048u16 {
            let u = ColumnSet::from_mask(mask);
            if u.len() <= 3 {
                let total: u32 = t.get(u).iter().map(|c| c.weight as u32).sum();
                assert_eq!(total, OUTCOMES as u32 - bust_rolls(u) as u32, "{u}");
            }
        }
        // {7}: the rolls with a 7 split into "one step" and "a double 7" (e.g. 1,6,1,6).
        let seven = t.get(ColumnSet::single(7));
        assert_eq!(seven.len(), 2);
        assert!(seven.iter().any(|c| c.options() == [(7, 0)]));
        assert!(seven.iter().any(|c| c.options() == [(two(7), 0)]));
    }

    #[test]
    fn a_car_short_splits_the_pair() {
        // Cars on 6 and 8, one free: 2+11 needs two new cars, so 2 or 11 alone; 6+7 is fine.
        let u = !ColumnSet::EMPTY;
        let cars = ColumnSet::of(&[6, 8]);
        let c = options(Roll([1, 1, 5, 6]), u, cars, 1, false);
        assert_eq!(c.options(), &[(2, 0), (11, 0), (6, 7)]);
        // Under A Faster Gear all three bring in one new car: all stay.
        assert_eq!(options(Roll([1, 1, 5, 6]), u, cars, 1, true).n, 3);
        // With no car placed, A Faster Gear keeps only the two-car choices.
        let c = options(Roll([1, 1, 5, 6]), u, ColumnSet::EMPTY, 3, true);
        assert_eq!(c.options(), &[(2, 11), (6, 7)]);
    }

    #[test]
    fn pair_tables_match_every_roll_pairing() {
        // pair_index is the position in PAIR_SUMS, in either order.
        for (k, &(a, b)) in PAIR_SUMS.iter().enumerate() {
            assert!(a <= b && (2..=12).contains(&a) && b <= 12);
            assert_eq!(pair_index(a, b), k);
            assert_eq!(pair_index(b, a), k);
        }
        // Every distinct roll, in order, with its weight and its three pairings.
        let t = paired_rolls();
        for (pr, wr) in t.iter().zip(DISTINCT_ROLLS.iter()) {
            assert_eq!(pr.weight, wr.weight);
            for (&k, (a, b)) in pr.pairs.iter().zip(wr.roll.pairings()) {
                let (x, y) = PAIR_SUMS[k as usize];
                assert!((x, y) == (a, b) || (x, y) == (b, a), "{:?}", wr.roll);
            }
        }
    }
}
