//! The race-aware players on the fast path (the AVX2 lanes, where the CPU has them) against
//! the scalar reference, counter for counter: the shipped duel players against the Rule of N
//! and each other, in Can't Stop (its jump variant too) and Route 66.

use pressluck_core::columns::{GameKind, Rules};
use pressluck_core::engine::{play_scalar, Avx2, Engine, EngineRequest};
use pressluck_core::games::StrategyBook;
use pressluck_core::policy::AnyPolicy;

/// The policies `names` (shipped strategies or specs) of `game`, built for `rules`.
fn policies(rules: &Rules, game: &str, names: [&str; 2]) -> Vec<AnyPolicy> {
    let book = StrategyBook::builtin();
    names
        .iter()
        .map(|n| book.parse(game, n).unwrap().build(rules))
        .collect()
}

#[test]
fn race_aware_matchups_count_the_same_on_the_fast_path_and_the_reference() {
    let cs = Rules::new(GameKind::CantStop, 2);
    let jump = Rules { jump: true, ..cs };
    let r66 = Rules::new(GameKind::Route66, 2);
    let cases = [
        (cs, "cant-stop", ["tuned-cant-stop-duel", "glenn"]),
        (cs, "cant-stop", ["rule28", "tuned-cant-stop-duel"]),
        (
            cs,
            "cant-stop",
            ["tuned-cant-stop-solo", "tuned-cant-stop-duel"],
        ),
        (jump, "cant-stop", ["tuned-cant-stop-duel", "glenn"]),
        (r66, "route66", ["tuned-route66-duel", "glenn"]),
        (r66, "route66", ["rule28", "tuned-route66-duel"]),
    ];
    for (k, (rules, game, names)) in cases.into_iter().enumerate() {
        let pols = policies(&rules, game, names);
        let engine = Engine::new(&rules, pols.clone(), EngineRequest::Auto);
        assert_eq!(
            matches!(engine, Engine::Lanes(_)),
            Avx2::cpu().is_some(),
            "{names:?}: the lanes play it where the CPU has AVX2"
        );
        let (seed, key) = (31 + k as u64, 7);
        let fast = engine.play(&rules, seed, key, 3, 4003);
        let reference = play_scalar(&rules, &pols, None, seed, key, 3, 4003);
        assert_eq!(fast, reference, "{game} {names:?}");
        let games: u64 = (0..2).map(|s| fast.slot_total(s).games).sum();
        assert_eq!(games, 8000, "{names:?}: every seat of every game counted");
    }
}
