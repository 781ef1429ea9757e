//! Exact rationals held on the stack ([`StackRational`]), for the pairing rules' exact
//! re-scoring of close choices in the game loop: no heap, so a tie-break allocates nothing.
//!
//! A score is a sum of a few fractions whose parts fit an `i128` ([`super::exact`]: numerators
//! below `2⁸⁹`, denominators below `2⁸⁰`). The sum is kept over the product of their
//! denominators, unreduced, and two sums are compared by cross-multiplication. The largest is
//! `race-margin`'s at a table of four: at most 24 fractions (six a player), so a denominator
//! below `2¹⁹²²` (with the division by the three opponents) and a numerator below `2¹⁹³⁴`, and
//! a cross product below `2³⁸⁵⁶`: [`LIMBS`] words of 64 bits hold every number met. Numbers
//! carry their length, so the small sums of `race-points` cost a few words, not 64.

use std::cmp::Ordering;

/// Words of a number: 4096 bits.
const LIMBS: usize = 64;

/// A whole number at least 0, its words least significant first, `len` of them in use (the
/// top one not 0; none for 0).
#[derive(Clone, Copy, Debug)]
struct Magnitude {
    len: usize,
    words: [u64; LIMBS],
}

impl Magnitude {
    /// Zero.
    const ZERO: Magnitude = Magnitude {
        len: 0,
        words: [0; LIMBS],
    };

    /// `x`.
    fn of(x: u128) -> Magnitude {
        let mut m = Magnitude::ZERO;
        m.words[0] = x as u64;
        m.words[1] = (x >> 64) as u64;
        m.len = 2;
        m.trim();
        m
    }

    /// Drops the top words that are 0.
    fn trim(&mut self) {
        while self.len > 0 && self.words[self.len - 1] == 0 {
            self.len -= 1;
        }
    }

    /// Words a result of `len` words needs, refused beyond [`LIMBS`] (the scores never come
    /// near it: see the module's bound).
    fn room(len: usize) -> usize {
        assert!(len <= LIMBS, "an exact score beyond {} bits", LIMBS * 64);
        len
    }

    /// `self · other`, word by word.
    fn times(&self, other: &Magnitude) -> Magnitude {
        if self.len == 0 || other.len == 0 {
            return Magnitude::ZERO;
        }
        let mut out = Magnitude::ZERO;
        out.len = Magnitude::room(self.len + other.len);
        for (i, &a) in self.words[..self.len].iter().enumerate() {
            let mut carry = 0u128;
            for (j, &b) in other.words[..other.len].iter().enumerate() {
                // At most (2⁶⁴ − 1)² + 2 · (2⁶⁴ − 1) = 2¹²⁸ − 1: no overflow.
                let t = a as u128 * b as u128 + out.words[i + j] as u128 + carry;
                out.words[i + j] = t as u64;
                carry = t >> 64;
            }
            out.words[i + other.len] = carry as u64;
        }
        out.trim();
        out
    }

    /// `self + other`.
    fn plus(&self, other: &Magnitude) -> Magnitude {
        let len = self.len.max(other.len);
        let mut out = Magnitude::ZERO;
        let mut carry = 0u128;
        for i in 0..len {
            let t = self.words[i] as u128 + other.words[i] as u128 + carry;
            out.words[i] = t as u64;
            carry = t >> 64;
        }
        out.len = len;
        if carry != 0 {
            out.len = Magnitude::room(len + 1);
            out.words[len] = carry as u64;
        }
        out
    }

    /// `self − other`, for `other` at most `self`.
    fn minus(&self, other: &Magnitude) -> Magnitude {
        debug_assert!(self.cmp(other) != Ordering::Less);
        let mut out = Magnitude::ZERO;
        let mut borrow = false;
        for i in 0..self.len {
            let (d, b1) = self.words[i].overflowing_sub(other.words[i]);
            let (d, b2) = d.overflowing_sub(borrow as u64);
            out.words[i] = d;
            borrow = b1 | b2;
        }
        out.len = self.len;
        out.trim();
        out
    }

    /// The order of `self` and `other`.
    fn cmp(&self, other: &Magnitude) -> Ordering {
        self.len.cmp(&other.len).then_with(|| {
            let (a, b) = (&self.words[..self.len], &other.words[..other.len]);
            a.iter().rev().cmp(b.iter().rev())
        })
    }
}

/// A whole number: sign and magnitude (0 is never negative).
#[derive(Clone, Copy, Debug)]
struct Whole {
    negative: bool,
    magnitude: Magnitude,
}

impl Whole {
    /// `x`.
    fn of(x: i128) -> Whole {
        Whole {
            negative: x < 0,
            magnitude: Magnitude::of(x.unsigned_abs()),
        }
    }

    /// `self · m`.
    fn times(&self, m: &Magnitude) -> Whole {
        let magnitude = self.magnitude.times(m);
        Whole {
            negative: self.negative && magnitude.len > 0,
            magnitude,
        }
    }

    /// `self + other`.
    fn plus(&self, other: &Whole) -> Whole {
        if self.negative == other.negative {
            return Whole {
                negative: self.negative,
                magnitude: self.magnitude.plus(&other.magnitude),
            };
        }
        // Opposite signs: the larger magnitude less the smaller, with the larger's sign.
        let (big, small) = match self.magnitude.cmp(&other.magnitude) {
            Ordering::Less => (other, self),
            _ => (self, other),
        };
        let magnitude = big.magnitude.minus(&small.magnitude);
        Whole {
            negative: big.negative && magnitude.len > 0,
            magnitude,
        }
    }

    /// The order of `self` and `other`.
    fn cmp(&self, other: &Whole) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.magnitude.cmp(&other.magnitude),
            (true, true) => other.magnitude.cmp(&self.magnitude),
        }
    }
}

/// An exact rational on the stack: a numerator over a denominator above 0, unreduced.
#[derive(Clone, Copy, Debug)]
pub struct StackRational {
    numerator: Whole,
    denominator: Magnitude,
}

impl StackRational {
    /// `numerator / denominator`, the denominator above 0.
    pub fn ratio(numerator: i128, denominator: i128) -> StackRational {
        assert!(denominator > 0, "a denominator of {denominator}");
        StackRational {
            numerator: Whole::of(numerator),
            denominator: Magnitude::of(denominator as u128),
        }
    }

    /// `self + other`.
    pub fn plus(&self, other: &StackRational) -> StackRational {
        if self.denominator.cmp(&other.denominator) == Ordering::Equal {
            return StackRational {
                numerator: self.numerator.plus(&other.numerator),
                denominator: self.denominator,
            };
        }
        StackRational {
            numerator: self
                .numerator
                .times(&other.denominator)
                .plus(&other.numerator.times(&self.denominator)),
            denominator: self.denominator.times(&other.denominator),
        }
    }

    /// `self − other`.
    pub fn minus(&self, other: &StackRational) -> StackRational {
        let mut negated = *other;
        negated.numerator.negative =
            !negated.numerator.negative && negated.numerator.magnitude.len > 0;
        self.plus(&negated)
    }

    /// `self / k`, `k` above 0.
    pub fn over(&self, k: i128) -> StackRational {
        assert!(k > 0, "a divisor of {k}");
        StackRational {
            numerator: self.numerator,
            denominator: self.denominator.times(&Magnitude::of(k as u128)),
        }
    }

    /// The numerator and denominator as whole numbers built word by word (`from_words`
    /// takes the sign and the words, least significant first): for tests against other
    /// rationals.
    #[cfg(test)]
    pub fn parts<T>(&self, mut from_words: impl FnMut(bool, &[u64]) -> T) -> (T, T) {
        let (n, d) = (&self.numerator, &self.denominator);
        (
            from_words(n.negative, &n.magnitude.words[..n.magnitude.len]),
            from_words(false, &d.words[..d.len]),
        )
    }
}

impl PartialEq for StackRational {
    fn eq(&self, other: &StackRational) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for StackRational {}

impl PartialOrd for StackRational {
    fn partial_cmp(&self, other: &StackRational) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for StackRational {
    /// `a/b` against `c/d` (`b`, `d` above 0) is `a·d` against `c·b`.
    fn cmp(&self, other: &StackRational) -> Ordering {
        if self.denominator.cmp(&other.denominator) == Ordering::Equal {
            return self.numerator.cmp(&other.numerator);
        }
        let left = self.numerator.times(&other.denominator);
        let right = other.numerator.times(&self.denominator);
        left.cmp(&right)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::{BigInt, Sign};
    use num_rational::BigRational;
    use proptest::prelude::*;

    /// The same number as a heap rational.
    fn big(x: &StackRational) -> BigRational {
        let (n, d) = x.parts(|negative, words| {
            let digits: Vec<u32> = words
                .iter()
                .flat_map(|&w| [w as u32, (w >> 32) as u32])
                .collect();
            let sign = if negative { Sign::Minus } else { Sign::Plus };
            BigInt::from_slice(sign, &digits)
        });
        BigRational::new(n, d)
    }

    /// A fraction with parts as large as the scores' (numerator below 2⁸⁹, denominator below
    /// 2⁸⁰), or small ones (so sums meet equal denominators and exact ties).
    fn fraction() -> impl Strategy<Value = (i128, i128)> {
        prop_oneof![
            (-(1i128 << 89)..(1i128 << 89), 1i128..(1i128 << 80)),
            (-6i128..7, 1i128..4),
        ]
    }

    proptest! {
        /// Sums and differences of up to 24 fractions (race-margin's most), and a division,
        /// are the heap rationals' to the last bit, and compare as they do.
        #[test]
        fn sums_and_orders_are_those_of_heap_rationals(
            terms in prop::collection::vec((fraction(), any::<bool>()), 1..25),
            others in prop::collection::vec((fraction(), any::<bool>()), 1..25),
            k in 1i128..4,
        ) {
            let sum = |terms: &[((i128, i128), bool)]| {
                let mut fixed = StackRational::ratio(0, 1);
                let mut heap = BigRational::from_integer(0.into());
                for &((n, d), add) in terms {
                    let (f, h) = (StackRational::ratio(n, d), BigRational::new(n.into(), d.into()));
                    if add {
                        fixed = fixed.plus(&f);
                        heap += h;
                    } else {
                        fixed = fixed.minus(&f);
                        heap -= h;
                    }
                }
                (fixed, heap)
            };
            let (a, x) = sum(&terms);
            let (b, y) = sum(&others);
            let a = a.over(k);
            let x = x / BigRational::from_integer(k.into());
            prop_assert_eq!(big(&a), x.clone());
            prop_assert_eq!(big(&b), y.clone());
            prop_assert_eq!(a.cmp(&b), x.cmp(&y));
            prop_assert_eq!(b.cmp(&a), y.cmp(&x));
            prop_assert_eq!(a.cmp(&a), std::cmp::Ordering::Equal);
        }
    }

    #[test]
    fn equal_values_over_other_denominators_are_equal() {
        let a = StackRational::ratio(1, 3).plus(&StackRational::ratio(1, 6));
        let b = StackRational::ratio(-1, 2).minus(&StackRational::ratio(-2, 2));
        assert_eq!(a, b);
        assert!(StackRational::ratio(-1, 2) < StackRational::ratio(0, 5));
        assert!(
            StackRational::ratio(0, 5)
                == StackRational::ratio(0, 1).minus(&StackRational::ratio(0, 7))
        );
    }
}
