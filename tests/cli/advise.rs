//! `pressluck advise` on hand-built positions: a choice to rank, a roll-or-stop decision, a
//! bust-certain turn, a turn whose stop wins, and a finished game; and `--rollouts`: an
//! option that wins at once, a forced decision, The Great Races' pairings, solitaire turns, and
//! the same bytes on one thread and two.

use serde_json::Value;
use std::io::Write;

/// Runs advise on a record and returns the JSON advice.
fn advise(record: &str) -> Value {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(record.as_bytes()).unwrap();
    let path = f.path().to_str().unwrap();
    crate::run::json_of(&["advise", path, "--format", "json"])
}

/// The decision of `policy` in a roll-or-stop advice.
fn decision<'a>(a: &'a Value, policy: &str) -> &'a str {
    a["policies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["policy"] == policy)
        .unwrap()["decision"]
        .as_str()
        .unwrap()
}

/// Three cars climb 2, 12 and 3 to their tops (Can't Stop lengths 3, 3 and 5): 1 1 1 1 is a
/// double 2, 6 6 6 6 a double 12, 1 2 1 2 a double 3.
const THREE_TOPS: &str =
    "roll 1 1 1 1\nuse 2 2\nroll 1 1 1 1\nuse 2\nroll 6 6 6 6\nuse 12 12\nroll 6 6 6 6\nuse 12\n\
roll 1 2 1 2\nuse 3 3\nroll 1 2 1 2\nuse 3 3\nroll 1 2 1 2\nuse 3\n";

#[test]
fn ranks_every_legal_choice_by_every_policy() {
    // Cars on 6 and 8, one free; roll 3 4 1 6 pairs as 7+7, 4+10 or 9+5: the double 7, or one
    // of 4, 10, 9, 5 for the last car.
    let a = advise("game cant-stop\nroll 2 3 4 5\nuse 6 8\nroll 3 4 1 6\n");
    assert_eq!(a["decision"], "use");
    let uses: Vec<&str> = a["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["use"].as_str().unwrap())
        .collect();
    assert_eq!(uses.len(), 5);
    for u in ["7 7", "4", "10", "9", "5"] {
        assert!(uses.contains(&u), "{uses:?}");
    }
    // 7 7 leaves cars on 6, 7, 8: the best three columns, 104 busting rolls.
    let seven = a["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["use"] == "7 7")
        .unwrap();
    assert_eq!(seven["bust_rolls_next"], 104);
    for p in a["policies"].as_array().unwrap() {
        let ranking = p["ranking"].as_array().unwrap();
        assert_eq!(ranking.len(), 5, "{p}");
        assert_eq!(ranking[0], "7 7", "{p}");
    }
}

#[test]
fn roll_or_stop_reports_the_odds_and_each_policy() {
    let a = advise("game cant-stop\nroll 2 3 4 5\nuse 6 8\nroll 3 4 1 6\nuse 7 7\n");
    assert_eq!(a["decision"], "roll-or-stop");
    assert_eq!(a["usable"], "6-7-8");
    assert_eq!(a["bust_rolls"], 104);
    // Progress: 6 and 8 one space (1296/727 rolls each), 7 two spaces (1296/834 each).
    let stake = 2.0 * 1296.0 / 727.0 + 2.0 * 1296.0 / 834.0;
    assert!((a["at_stake"].as_f64().unwrap() - stake).abs() < 1e-9);
    assert!((a["expected_loss"].as_f64().unwrap() - 104.0 / 1296.0 * stake).abs() < 1e-9);
    assert_eq!(decision(&a, "one-roll"), "stop");
    assert_eq!(decision(&a, "rolls:2"), "stop");
    assert_eq!(decision(&a, "fixed-risk:0.3"), "roll");
    assert_eq!(decision(&a, "ev"), "roll");
}

#[test]
fn a_bust_certain_turn_is_stopped_by_everyone() {
    // Route 66: three cars on the tops of 2, 12 and 3 — nothing can move, every roll busts, but
    // the game (8 segments) is not won by stopping.
    let a = advise(&format!("game route66\n{THREE_TOPS}"));
    assert_eq!(a["decision"], "roll-or-stop");
    assert_eq!(a["usable"], "-");
    assert_eq!(a["bust_rolls"], 1296);
    assert_eq!(a["stop_wins"], false);
    assert_eq!(a["optimal_turn"]["roll_value"], 0.0);
    assert_eq!(a["optimal_turn"]["decision"], "stop");
    for p in a["policies"].as_array().unwrap() {
        assert_eq!(p["decision"], "stop", "{p}");
    }
}

#[test]
fn stopping_that_wins_the_game_is_called_and_a_finished_game_is_over() {
    // Can't Stop: the same three tops claim three columns, which wins.
    let a = advise(&format!("game cant-stop\n{THREE_TOPS}"));
    assert_eq!(a["stop_wins"], true);
    for p in a["policies"].as_array().unwrap() {
        assert_eq!(p["decision"], "stop", "{p}");
    }
    let over = advise(&format!("game cant-stop\n{THREE_TOPS}stop\n"));
    assert_eq!(over["decision"], "over");
    assert_eq!(over["finished"], true);
    assert_eq!(over["winner"], 1, "players are numbered from 1");
}

#[test]
fn text_output_and_bad_input() {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(b"game cant-stop\nroll 2 3 4 5\nuse 6 8\n")
        .unwrap();
    let out = crate::pressluck_cmd()
        .arg("advise")
        .arg(f.path())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("optimal-turn: stopping is worth"), "{text}");
    for (args, needle) in [
        (vec!["--format", "xml"], "--format"),
        (vec!["--policies", "random:0.5"], "by chance"),
        (vec!["--policies", "nope"], "unknown policy"),
    ] {
        let out = crate::pressluck_cmd()
            .arg("advise")
            .arg(f.path())
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(needle),
            "{args:?}"
        );
    }
}

/// Runs advise on the position of `flags` (no record) and returns the JSON advice.
fn advise_position(flags: &[&str]) -> Value {
    crate::run::json_of(&[&["advise", "--format", "json"][..], flags].concat())
}

#[test]
fn a_position_from_flags_gets_the_advice_its_record_would() {
    // The position of "roll 2 3 4 5 / use 6 8", set up by hand, and the record itself.
    let by_hand = advise_position(&[
        "--game",
        "cant-stop",
        "--cars",
        "6@1,8@1",
        "--roll",
        "3,4,1,6",
    ]);
    let by_record = advise("game cant-stop\nroll 2 3 4 5\nuse 6 8\nroll 3 4 1 6\n");
    assert_eq!(by_hand["decision"], "use");
    assert_eq!(by_hand["choices"], by_record["choices"]);
    assert_eq!(by_hand["policies"], by_record["policies"]);
    // Without a roll: roll on or stop, for player 2 of three, with cubes and a column won.
    let a = advise_position(&[
        "--game",
        "cant-stop",
        "--players",
        "3",
        "--to-move",
        "2",
        "--cubes",
        "2:7@3",
        "--cubes",
        "1:7@5",
        "--won",
        "3:2",
        "--cars",
        "7@6,4@2",
        "--rolls",
        "3",
    ]);
    assert_eq!(a["decision"], "roll-or-stop");
    assert_eq!(a["to_move"], 2);
    assert_eq!(a["rolls_this_turn"], 3);
    let usable: Vec<&str> = a["usable"].as_str().unwrap().split('-').collect();
    assert!(!usable.contains(&"2") && usable.contains(&"4"), "{a}");
    // Route 66 by default, its values in points.
    let r = advise_position(&["--cars", "8@2"]);
    assert_eq!(
        (r["game"].as_str(), r["unit"].as_str()),
        (Some("route66"), Some("points"))
    );
}

#[test]
fn a_bad_position_is_one_line_naming_the_flag() {
    for (flags, want) in [
        (&["--cars", "7"][..], "--cars 7: '7' is not COLUMN@SPACE"),
        (&["--cubes", "7@3"], "write the player first"),
        (
            &["--players", "2", "--cubes", "3:7@3"],
            "player 3 is not at a table of 2",
        ),
        (&["--roll", "1,2,3"], "--roll 1,2,3: give four dice"),
        (
            &["--cars", "7@1,8@1,9@1,10@1"],
            "position: 4 cars, but a turn has 3",
        ),
        (
            &["--game", "shortcut", "--cubes", "1:7@1"],
            "takes route66, cant-stop or great-races",
        ),
        (
            &["examples/records/anna-turn.rec", "--cars", "7@1"],
            "not both",
        ),
    ] {
        let out = crate::pressluck_cmd()
            .current_dir(crate::ROOT)
            .arg("advise")
            .args(flags)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(want), "{flags:?}: {err}");
    }
}

#[test]
fn a_record_and_a_roll_to_consider_rank_the_roll_s_uses() {
    let rec = "examples/records/anna-decides.rec";
    let a = crate::run::json_of(&["advise", rec, "--roll", "3,4,4,6", "--format", "json"]);
    assert_eq!(a["decision"], "use");
    let uses: Vec<&str> = a["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["use"].as_str().unwrap())
        .collect();
    // Cars on 2, 5 and 9, all three out: 3 4 4 6 pairs as 7+10, 8+9 or 7+10 again: only 9.
    assert_eq!(uses, ["9"]);
    // A roll that busts says so; a record that ends on its own roll takes no --roll.
    let out = crate::pressluck_cmd()
        .args(["advise", rec, "--roll", "3,3,4,4"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("no legal use, the turn busts"));
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(b"roll 2 3 4 5\n").unwrap();
    let out = crate::pressluck_cmd()
        .args(["advise", f.path().to_str().unwrap(), "--roll", "3,3,4,4"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ends on a roll of its own"));
}

#[test]
fn the_readme_example_record_asks_for_a_decision() {
    let a = crate::run::json_of(&[
        "advise",
        "examples/records/anna-decides.rec",
        "--policies",
        "ev,rule28",
        "--format",
        "json",
    ]);
    assert_eq!(a["decision"], "roll-or-stop");
    assert_eq!(decision(&a, "ev"), "stop");
    assert_eq!(decision(&a, "rule28"), "roll");
}

/// The rollouts of an `advise` run (JSON) on a position by hand.
fn rollouts(args: &[&str]) -> Value {
    let mut all = vec!["advise", "--format", "json"];
    all.extend_from_slice(args);
    crate::run::json_of(&all)["rollouts"].clone()
}

/// The figures of option `name` in rollouts `r`.
fn option<'a>(r: &'a Value, name: &str) -> &'a Value {
    r["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["option"] == name)
        .unwrap_or_else(|| panic!("no option {name}: {r}"))
}

#[test]
fn the_default_rollout_player_follows_the_variant_and_the_table() {
    // Route 66 as written rolls out with tuned-route66-4p; the leisurely drive with the duel
    // player at a table and ev alone (results/strongest-route66-variants.csv).
    for (flags, want) in [
        (&[][..], "tuned-route66-4p"),
        (&["--variant", "leisurely"][..], "tuned-route66-duel"),
        (&["--variant", "leisurely", "--players", "1"][..], "ev"),
    ] {
        let game = ["--game", "route66", "--cars", "4@5", "--rollouts", "2"];
        let r = rollouts(&[&game[..], flags].concat());
        assert_eq!(r["policies"][0], want, "{flags:?}");
        assert_eq!(r["default_policies"], true);
    }
}

#[test]
fn rollouts_give_the_use_that_wins_at_once_every_game() {
    // Can't Stop: player 1 has won 2 and 12, a car on space 4 of column 3 (5 spaces). Roll
    // 1 2 5 6 pairs as 3+11 (the top of 3: stopping wins), 6+8 or 7+7.
    let r = rollouts(&[
        "--game",
        "cant-stop",
        "--won",
        "1:2,12",
        "--cars",
        "3@4",
        "--roll",
        "1,2,5,6",
        "--rollouts",
        "400",
    ]);
    assert_eq!(r["policies"][0], "tuned-cant-stop-3p");
    assert_eq!(r["default_policies"], true);
    let top = option(&r, "use 3 11");
    assert_eq!(top["wins"], 400);
    assert_eq!(top["win_chance"], 1.0);
    assert_eq!(r["best"], "use 3 11");
    assert_eq!(r["verdict"], "use 3 11 is best");
    for other in ["use 6 8", "use 7 7"] {
        let o = option(&r, other);
        assert!(o["win_chance"].as_f64().unwrap() < 1.0, "{o}");
        assert!(o["vs_best_ci95"][1].as_f64().unwrap() < 0.0, "{o}");
    }
}

#[test]
fn a_forced_decision_is_not_rolled_out() {
    // No cars: the turn opens with a roll, one option.
    let r = rollouts(&["--game", "cant-stop", "--rollouts", "100"]);
    assert!(r["forced"].as_str().unwrap().contains("one option"), "{r}");
    assert!(r.get("options").is_none(), "{r}");
    let text = crate::run::stdout_of(&["advise", "--game", "cant-stop", "--rollouts", "100"]);
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("nothing to roll out"), "{text}");
}

#[test]
fn great_races_pairings_and_solitaire_turns_are_rolled_out() {
    // The Great Races: roll 1 2 3 4 pairs as 5+5, 4+6 or 3+7, each rolled out.
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(b"game great-races\nroll 1 2 3 4\n").unwrap();
    let path = f.path().to_str().unwrap();
    let r = rollouts(&[path, "--rollouts", "200"]);
    assert_eq!(r["policies"][0], "race-progress");
    assert_eq!(r["options"].as_array().unwrap().len(), 3, "{r}");
    let wins: u64 = ["use 5 5", "use 4 6", "use 3 7"]
        .iter()
        .map(|u| option(&r, u)["wins"].as_u64().unwrap())
        .sum();
    assert!(wins > 0 && wins < 600, "{r}");
    // Solitaire Can't Stop: turns to finish, the tuned solitaire player.
    let r = rollouts(&[
        "--game",
        "cant-stop",
        "--players",
        "1",
        "--cars",
        "7@3,8@2",
        "--rollouts",
        "200",
    ]);
    assert_eq!(r["objective"], "turns");
    assert_eq!(r["policies"][0], "tuned-cant-stop-3p");
    for name in ["roll", "stop"] {
        let t = option(&r, name)["mean_turns"].as_f64().unwrap();
        assert!((1.0..30.0).contains(&t), "{r}");
    }
    let best = r["best"].as_str().unwrap();
    assert_eq!(option(&r, best)["turns_vs_best"], 0.0);
}

#[test]
fn rollouts_print_the_same_bytes_on_one_thread_and_two() {
    let args = |threads: &str, seed: &str| -> Vec<u8> {
        crate::run::stdout_of(&[
            "advise",
            "--game",
            "cant-stop",
            "--cars",
            "4@5,7@6,10@5",
            "--rollouts",
            "3000",
            "--rollout-policies",
            "glenn,fixed-risk:0.3",
            "--seed",
            seed,
            "--threads",
            threads,
        ])
    };
    let one = args("1", "5");
    assert_eq!(one, args("2", "5"));
    let text = String::from_utf8(one.clone()).unwrap();
    assert!(text.contains("played by glenn, fixed-risk:0.3"), "{text}");
    // Another seed, other dice: the figures move.
    assert_ne!(one, args("2", "6"));
}

#[test]
fn a_searching_rollout_player_plays_the_same_rollouts_on_one_thread_and_two() {
    // The searcher as the rollout player: its own rollouts are seeded from each rollout's
    // policy stream, so the figures do not depend on the threads.
    let args = |threads: &str| -> Vec<u8> {
        crate::run::stdout_of(&[
            "advise",
            "--game",
            "cant-stop",
            "--cars",
            "4@5,7@6,10@5",
            "--rollouts",
            "6",
            "--rollout-policies",
            "rollout:glenn,budget=8,horizon=end",
            "--seed",
            "5",
            "--threads",
            threads,
        ])
    };
    let one = args("1");
    assert_eq!(one, args("2"));
    let text = String::from_utf8(one).unwrap();
    assert!(
        text.contains("played by rollout:glenn,budget=8,z=1,horizon=end"),
        "{text}"
    );
}

#[test]
fn a_shortcut_record_s_options_are_rolled_out_against_the_exact_chances() {
    // Two players: seat 1 on r24, seat 2 on r5 to move. The options are the main road, the
    // shortcut and the push to r6; each one's chance under optimal play (the two-player
    // solution) lies in its rollouts' interval.
    use pressluck_core::games::shortcut::{duel, ShortcutBoard};
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(b"game shortcut\nplayers 2\nmain 6\nshortcut 3 2 move r5\nshortcut 3 1 move r24\n")
        .unwrap();
    let path = f.path().to_str().unwrap();
    let a = crate::run::json_of(&["advise", path, "--rollouts", "4000", "--format", "json"]);
    assert_eq!(
        (a["to_move"].as_u64(), a["square"].as_str()),
        (Some(2), Some("r5"))
    );
    let r = &a["rollouts"];
    assert_eq!(r["policies"][0], "optimal");
    let b = ShortcutBoard::default_board();
    let d = duel::solve(&b).unwrap();
    let (x, y) = (b.find("r5").unwrap(), b.find("r24").unwrap());
    let i = x as usize * b.len() + y as usize;
    for (name, exact) in [
        ("main road", d.q_main[i]),
        ("shortcut", d.q_shortcut[i]),
        ("push to r6", d.after(y, b.find("r6").unwrap())),
    ] {
        let ci = &option(r, name)["win_chance_ci95"];
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        assert!(
            lo <= exact && exact <= hi,
            "{name}: {lo}..{hi}, exact {exact}"
        );
    }
    assert_eq!(r["best"], "shortcut");
}

#[test]
fn the_searching_player_votes_and_takes_the_use_that_wins_at_once() {
    // The README's record: the searcher over tuned-route66-duel votes like any policy.
    let a = crate::run::json_of(&[
        "advise",
        "examples/records/anna-decides.rec",
        "--policies",
        "rollout:tuned-route66-duel,budget=40,ev",
        "--format",
        "json",
    ]);
    assert_eq!(a["decision"], "roll-or-stop");
    let vote = decision(&a, "rollout:tuned-route66-duel,budget=40,z=1,horizon=2");
    assert!(vote == "roll" || vote == "stop", "{a}");
    // Can't Stop, 2 and 12 won, a car on space 4 of column 3: roll 1 2 5 6 pairs as 3+11
    // (the top of 3: stopping wins), 6+8 or 7+7. The searcher ranks 3+11 first, unsearched,
    // where its base (the safest use: 7+7, 2 busting rolls against 6) would not.
    let a = crate::run::json_of(&[
        "advise",
        "--game",
        "cant-stop",
        "--won",
        "1:2,12",
        "--cars",
        "3@4",
        "--roll",
        "1,2,5,6",
        "--policies",
        "rollout:fixed-risk:0.3,budget=10",
        "--format",
        "json",
    ]);
    let ranking = &a["policies"][0]["ranking"];
    assert_eq!(
        a["policies"][0]["policy"],
        "rollout:fixed-risk:0.3,budget=10,z=1,horizon=2"
    );
    assert_eq!(ranking[0], "3 11", "{a}");
}

#[test]
fn three_rollouts_give_possible_intervals_and_no_verdict() {
    // Anna's roll-or-stop on 3 rollouts an option: with seed 3 stop won 2 of 3 and roll none,
    // with seed 5 the reverse. A normal interval would call stop best, then roll, with a
    // difference of [−132.00, −1.33] points; 2 wins of 3 against 0 tell nothing apart.
    for seed in ["3", "5"] {
        let args = ["examples/records/anna-decides.rec", "--rollouts", "3"];
        let r = rollouts(&[&args[..], &["--seed", seed]].concat());
        let verdict = r["verdict"].as_str().unwrap();
        assert!(
            verdict.starts_with("too close to call at 3 rollouts"),
            "{r}"
        );
        for o in r["options"].as_array().unwrap() {
            let w = &o["win_chance_ci95"];
            let d = &o["vs_best_ci95"];
            let (wlo, whi) = (w[0].as_f64().unwrap(), w[1].as_f64().unwrap());
            let (dlo, dhi) = (d[0].as_f64().unwrap(), d[1].as_f64().unwrap());
            assert!(0.0 <= wlo && wlo <= whi && whi <= 1.0, "{r}");
            let within = (-1.0..=0.0).contains(&dlo) && (0.0..=1.0).contains(&dhi);
            assert!(within, "{r}");
        }
    }
}

#[test]
fn a_ranking_says_tied_where_a_policy_values_two_uses_alike() {
    // Cars on 5, 7 and 9 (one step each), roll 4 5 1 1: the last car can go to 9 or to 5, the
    // mirror image of each other. Every policy values them alike: "9 = 5 (tied)", not "9 > 5".
    let args = ["advise", "--game", "cant-stop", "--cars", "7@1,5@1,9@1"];
    let args = [&args[..], &["--roll", "4,5,1,1"]].concat();
    let text = String::from_utf8(crate::run::stdout_of(&args)).unwrap();
    assert!(text.contains("optimal-turn     9 = 5 (tied)\n"), "{text}");
    assert!(!text.contains("9  >  5"), "{text}");
    let a = crate::run::json_of(&[&args[..], &["--format", "json"]].concat());
    for p in a["policies"].as_array().unwrap() {
        assert_eq!(p["ranks"], serde_json::json!([1, 1]), "{p}");
    }
    // Where the values differ, the ranking is strict.
    let args = ["advise", "--game", "cant-stop", "--cars", "7@1"];
    let a = crate::run::json_of(&[&args[..], &["--roll", "1,2,5,6", "--format", "json"]].concat());
    let p = &a["policies"].as_array().unwrap()[1];
    assert_eq!(
        (&p["policy"], &p["ranks"]),
        (
            &serde_json::json!("optimal-turn"),
            &serde_json::json!([1, 2, 3])
        )
    );
}

#[test]
fn a_great_races_position_typed_as_flags_is_advised_as_the_record_reaching_it() {
    // Player 1 on 8@2, player 2 on 3@2, player 1 to pair 3 4 4 5: the record and the flags
    // give the same pairings ranked, and the same rollouts on the same seed.
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(
        b"game great-races\nplayers 2\nroll 3 4 4 5\nuse 8 8\nroll 1 2 1 2\nuse 3 3\nroll 3 4 4 5\n",
    )
    .unwrap();
    let rollouts = ["--rollouts", "60", "--seed", "3", "--format", "json"];
    let record =
        crate::run::json_of(&[&["advise", f.path().to_str().unwrap()][..], &rollouts].concat());
    let flags = [
        "advise",
        "--game",
        "great-races",
        "--cubes",
        "1:8@2",
        "--cubes",
        "2:3@2",
        "--roll",
        "3,4,4,5",
    ];
    let typed = crate::run::json_of(&[&flags[..], &rollouts].concat());
    assert_eq!(typed, record);
    let uses: Vec<&str> = typed["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["use"].as_str().unwrap())
        .collect();
    assert_eq!(uses, ["8 8", "7 9"]);
    assert_eq!(typed["rollouts"]["options"].as_array().unwrap().len(), 2);
    // A won track hands out second place as the game does; the text ranks the pairings.
    let text = String::from_utf8(crate::run::stdout_of(&[
        "advise",
        "--game",
        "great-races",
        "--cubes",
        "2:7@4",
        "--won",
        "1:7",
        "--to-move",
        "2",
        "--roll",
        "1,1,2,2",
    ]))
    .unwrap();
    assert!(text.starts_with("great-races: player 2 to move"), "{text}");
    assert!(text.contains("race-points "), "{text}");
    // What a Great Races turn does not have is a one-line error naming the flag.
    for (extra, flag) in [
        (&["--cars", "7@2", "--roll", "1,2,3,4"][..], "--cars"),
        (&["--rolls", "2", "--roll", "1,2,3,4"][..], "--rolls"),
        (&[][..], "--roll"),
    ] {
        let out = crate::pressluck_cmd()
            .args(["advise", "--game", "great-races", "--cubes", "1:7@3"])
            .args(extra)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("error: {flag}: ")), "{err}");
    }
}
