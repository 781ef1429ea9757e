//! Tests of the dice: every outcome table against a slow enumeration, the sampler's
//! uniformity, and the parsing of four dice.

use super::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn index_round_trips_for_every_outcome() {
    for (i, &roll) in ROLLS.iter().enumerate() {
        assert_eq!(roll, Roll::from_index(i));
        assert_eq!(Roll::from_index(i).index(), i);
    }
}

#[test]
fn pairing_table_matches_slow_pairing_of_every_outcome() {
    for (i, row) in PAIRINGS.iter().enumerate() {
        let d = Roll::from_index(i).0;
        // Slow reference: every way to split {0,1,2,3} into the pair holding die 0 and the rest.
        let mut slow = Vec::new();
        for partner in 1..4 {
            let rest: Vec<usize> = (1..4).filter(|&k| k != partner).collect();
            slow.push((d[0] + d[partner], d[rest[0]] + d[rest[1]]));
        }
        assert_eq!(row.to_vec(), slow, "outcome {i}");
    }
}

#[test]
fn unique_pairings_drop_exactly_the_repeats_in_order() {
    let mut sizes = [0usize; 4];
    for i in 0..OUTCOMES {
        let r = Roll::from_index(i);
        let mut slow: Vec<(u8, u8)> = Vec::new();
        for (a, b) in r.pairings() {
            if !slow
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
            {
                slow.push((a, b));
            }
        }
        assert_eq!(r.unique_pairings().to_vec(), slow, "outcome {i}");
        sizes[slow.len()] += 1;
    }
    // Rolls with at least three equal dice have one pairing: 6 of four alike, 6·5·4 of three.
    assert_eq!(sizes[1], 6 + 120);
    assert_eq!(sizes[0], 0);
    assert_eq!(sizes.iter().sum::<usize>(), OUTCOMES);
}

#[test]
fn distinct_rolls_are_126_and_weights_sum_to_1296() {
    let total: u32 = DISTINCT_ROLLS.iter().map(|w| w.weight as u32).sum();
    assert_eq!(total, 1296);
    for w in DISTINCT_ROLLS.iter() {
        let slow = (0..OUTCOMES)
            .filter(|&i| Roll::from_index(i).sorted() == w.roll)
            .count();
        assert_eq!(slow, w.weight as usize, "{:?}", w.roll);
    }
    assert_eq!(DISTINCT_ROLLS[0].roll, Roll([1, 1, 1, 1]));
    assert_eq!(DISTINCT_ROLLS[125].roll, Roll([6, 6, 6, 6]));
}

#[test]
fn distinct_of_names_the_sorted_dice_of_every_outcome() {
    for i in 0..OUTCOMES {
        let d = DISTINCT_ROLLS[DISTINCT_OF[i] as usize];
        assert_eq!(d.roll, Roll::from_index(i).sorted(), "outcome {i}");
    }
}

#[test]
fn pair_sums_are_the_sums_of_every_pairing() {
    for (i, &sums) in PAIR_SUMS.iter().enumerate() {
        let slow = Roll::from_index(i)
            .pairings()
            .iter()
            .fold(0u16, |m, &(a, b)| m | 1 << a | 1 << b);
        assert_eq!(sums, slow, "outcome {i}");
    }
}

#[test]
fn sampling_is_roughly_uniform() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut counts = [0u32; OUTCOMES];
    let n = 1296 * 200;
    for _ in 0..n {
        counts[sample_index(&mut rng)] += 1;
    }
    // Chi-square with 1295 degrees of freedom: mean 1295, sd about 51; 1600 is 6 sd out.
    let expected = 200.0;
    let chi2: f64 = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 1600.0, "chi2 = {chi2}");
    let mut d6 = [0u32; 7];
    for _ in 0..60_000 {
        d6[sample_d6(&mut rng) as usize] += 1;
    }
    assert_eq!(d6[0], 0);
    for &c in &d6[1..] {
        assert!((9_400..10_600).contains(&c), "{d6:?}");
    }
}

#[test]
fn parse_accepts_four_dice_only() {
    assert_eq!(Roll::parse(&["2", "3", "4", "5"]), Some(Roll([2, 3, 4, 5])));
    assert_eq!(Roll::parse(&["2", "3", "4"]), None);
    assert_eq!(Roll::parse(&["2", "3", "4", "7"]), None);
    assert_eq!(Roll::parse(&["0", "3", "4", "5"]), None);
    assert_eq!(Roll::parse(&["x", "3", "4", "5"]), None);
}
