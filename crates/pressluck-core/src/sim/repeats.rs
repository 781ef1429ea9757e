//! Positions held more than once in a list (options of a decision that lead to the same
//! position): played out once, since rollout `i` of a position depends only on the position,
//! the seed and `i`.

use std::collections::HashMap;
use std::hash::Hash;

/// The places of each distinct position of `positions`, in the order of their first places,
/// each list from its first place on.
pub(crate) fn equal_places<P: Eq + Hash>(positions: &[P]) -> Vec<Vec<usize>> {
    let mut class_of: HashMap<&P, usize> = HashMap::new();
    let mut places: Vec<Vec<usize>> = Vec::new();
    for (p, position) in positions.iter().enumerate() {
        let class = *class_of.entry(position).or_insert_with(|| {
            places.push(Vec::new());
            places.len() - 1
        });
        places[class].push(p);
    }
    places
}

/// For each place of `positions`, the first place of the same position (itself if first).
pub(crate) fn first_places<P: Eq + Hash>(positions: &[P]) -> Vec<usize> {
    let mut first = vec![0; positions.len()];
    for same in equal_places(positions) {
        for &p in &same {
            first[p] = same[0];
        }
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_positions_are_grouped_from_their_first_place() {
        let positions = ['a', 'b', 'a', 'c', 'b', 'a'];
        assert_eq!(
            equal_places(&positions),
            [vec![0, 2, 5], vec![1, 4], vec![3]]
        );
        assert_eq!(first_places(&positions), [0, 1, 0, 3, 1, 0]);
        assert!(equal_places::<u8>(&[]).is_empty());
    }
}
