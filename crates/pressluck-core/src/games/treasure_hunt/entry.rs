//! Treasure Hunt in the catalogue ([`ENTRY`]).

use super::claims_table;
use super::deck::DEFAULT_DECK_TOML;
use super::policy;
use super::rules::{ThRules, GAME_NAME};

/// Treasure Hunt in the catalogue.
pub const ENTRY: crate::games::entry::GameEntry = crate::games::entry::GameEntry {
    name: GAME_NAME,
    title: "Treasure Hunt",
    policy_families: &policy::TREASURE_FAMILIES,
    default_policies: policy::DEFAULT_TREASURE_POLICIES,
    spec_name: |text| policy::ThSpec::parse(text).map(|s| s.name),
    column_kind: None,
    flags: crate::games::entry::GameFlags {
        edition: false,
        columns_to_win: false,
        board: false,
        deck: true,
    },
    builtin_board: "treasure-hunt-deck",
    board_files: || vec![("treasure-hunt-deck", DEFAULT_DECK_TOML.to_string())],
    odds_views: &[claims_table::CLAIMS_VIEW],
    variants: &[
        "hand-5",
        "two-dice",
        "solo-symbols",
        "rounds",
        "rounds:N",
        "row-limit:N",
        "row-limit-steals",
        "target:N",
        "turn-cap:N",
    ],
    variant_key: crate::games::entry::variant_word,
    variant_name: crate::games::entry::variant_word,
    strongest_player: |players| strongest_treasure_player(&ThRules::new(players)),
};

/// The strongest built-in Treasure Hunt player under `rules` (`scripts/tuned.sh strongest`,
/// results/strongest-treasure-hunt.csv): the rollouts' default.
/// - As written (and with two dice or rounds): `thief`, which wins the most at every table of
///   2 to 4 it sits at (at 2 players it beats greedy 59.9% and runner 56.5%); alone it
///   finishes as many games as greedy (50.8% against 51.0%) in fewer turns (14.56 against
///   14.76).
/// - With hands of five (`hand-5`): at 2 players `runner`, which beats thief 51.4% to 47.0%
///   and greedy 50.3% to 47.8% (the rest ties); at 3 and 4 `greedy`, which wins the most at
///   every table it sits at (at 3, 38.3% and 37.9% in the two seat orders against thief's
///   33.5% and 33.8%); alone thief, as above.
pub fn strongest_treasure_player(rules: &ThRules) -> &'static str {
    match (rules.hand_size < 7, rules.players) {
        (true, 2) => "runner",
        (true, 3..) => "greedy",
        _ => "thief",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strongest_player_follows_the_table_and_the_hand() {
        for players in 1..=4u8 {
            let mut rules = ThRules::new(players);
            assert_eq!(strongest_treasure_player(&rules), "thief");
            assert_eq!((ENTRY.strongest_player)(players), "thief");
            rules.apply_variant("hand-5").unwrap();
            let want = ["thief", "runner", "greedy", "greedy"][players as usize - 1];
            assert_eq!(strongest_treasure_player(&rules), want, "{players}");
        }
    }
}
