//! The searching player (`rollout:BASE,budget=B,z=Z,horizon=H`) played in tournaments' games:
//! the same games however a run splits them over chunks and threads, and stronger than its
//! base player.

use pressluck_core::columns::{GameKind, Rules};
use pressluck_core::counters::{wilson95, MatchupStats};
use pressluck_core::games::{matchup_key, ColumnFamily, Family, Matchup};

/// Can't Stop for two, a searcher over rule28 against rule28.
fn duel(search: &str) -> (ColumnFamily, Matchup<pressluck_core::policy::PolicySpec>) {
    let fam = ColumnFamily::new(Rules::new(GameKind::CantStop, 2));
    let slots = vec![
        fam.parse_spec(search).unwrap(),
        fam.parse_spec("rule28").unwrap(),
    ];
    (fam, Matchup { slots })
}

#[test]
fn a_searchers_games_are_the_same_however_they_are_split_over_threads() {
    let (fam, m) = duel("rollout:rule28,budget=16,z=0");
    let (seed, key, games) = (7, matchup_key(&m), 24);
    let whole = fam.play(&m, seed, key, 0, games);
    // Two halves on two threads at once: every game's rollouts are seeded from its own policy
    // stream, so neither the split nor the thread a game runs on changes it.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let (a, b) = pool.install(|| {
        rayon::join(
            || fam.play(&m, seed, key, 0, games / 2),
            || fam.play(&m, seed, key, games / 2, games),
        )
    });
    let mut halves = MatchupStats::default();
    halves += &a;
    halves += &b;
    assert_eq!(whole, halves);
    assert_eq!(whole.slot_total(0).games, games);
    // Another seed plays other games.
    assert_ne!(whole, fam.play(&m, seed + 1, key, 0, games));
}

#[test]
fn the_searcher_beats_its_base_player() {
    // 200 games with seats rotating: the searcher's win rate and its base's, with their 95%
    // Wilson intervals apart (about 0.6 against 0.4).
    let (fam, m) = duel("rollout:rule28,budget=64,z=1");
    let games = 200;
    // Two halves on two threads: game i depends only on (seed, key, i), so their counters add
    // to the whole run's.
    let (first, second) = rayon::join(
        || fam.play(&m, 38, matchup_key(&m), 0, games / 2),
        || fam.play(&m, 38, matchup_key(&m), games / 2, games),
    );
    let mut stats = first;
    stats += &second;
    let (s, b) = (stats.slot_total(0), stats.slot_total(1));
    assert_eq!((s.games, b.games), (games, games));
    let (s_lo, _) = wilson95(s.wins, s.games);
    let (_, b_hi) = wilson95(b.wins, b.games);
    assert!(
        s_lo > b_hi,
        "searcher {} of {games}, rule28 {} of {games}",
        s.wins,
        b.wins
    );
}
