//! `pressluck odds` checked row by row against a slow enumeration written here, independently
//! of the library: four nested dice loops and the three pairings.

use crate::run::Table;
use std::collections::BTreeSet;

fn odds(args: &[&str]) -> String {
    String::from_utf8(crate::run::stdout_of(&[&["odds"][..], args].concat())).unwrap()
}

/// Busting rolls of 1296 for a usable set, by brute force.
fn slow_bust(usable: &BTreeSet<u8>) -> u32 {
    let mut busts = 0;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            for c in 1..=6u8 {
                for d in 1..=6u8 {
                    let sums = [a + b, c + d, a + c, b + d, a + d, b + c];
                    if !sums.iter().any(|s| usable.contains(s)) {
                        busts += 1;
                    }
                }
            }
        }
    }
    busts
}

fn columns(text: &str) -> BTreeSet<u8> {
    if text == "-" {
        return BTreeSet::new();
    }
    text.split('-').map(|c| c.parse().unwrap()).collect()
}

#[test]
fn every_row_of_the_set_table_matches_a_slow_enumeration() {
    let t = Table::parse(&odds(&[]));
    assert_eq!(
        t.header.join(","),
        "game,players,rules,board,seed,status,columns,bust_rolls,p_bust,p_success,free_cars,usable"
    );
    assert_eq!(t.rows.len(), 11 + 55 + 165);
    // Exact odds hold for any number of players and depend on no seed.
    let prov: Vec<&str> = t.rows[0][..6].iter().map(String::as_str).collect();
    assert_eq!(prov, ["route66", "", "en", "route66", "", "complete"]);
    let mut last = (0u32, String::new());
    for i in 0..t.rows.len() {
        let cars = columns(t.get(i, "columns"));
        let busts = t.num(i, "bust_rolls") as u32;
        assert_eq!(busts, slow_bust(&cars), "{:?}", t.rows[i]);
        let (p_bust, p_success) = (t.num(i, "p_bust"), t.num(i, "p_success"));
        assert!(
            (p_bust - busts as f64 / 1296.0).abs() < 1e-6
                && (p_bust + p_success - 1.0).abs() < 1e-6
        );
        // Sorted by p_success descending (busts ascending).
        assert!(busts >= last.0, "{:?} after {last:?}", t.rows[i]);
        last = (busts, t.get(i, "columns").to_string());
    }
    // Published values: {6,7,8} busts on 104 of 1296 rolls (92.0% success), the best set;
    // {2,3,12} is among the worst three-column sets.
    assert_eq!(
        (t.get(0, "columns"), t.get(0, "bust_rolls")),
        ("6-7-8", "104")
    );
    let i = t.one(&[("columns", "2-3-12")]);
    assert_eq!(t.num(i, "bust_rolls") as u32, slow_bust(&columns("2-3-12")));
}

#[test]
fn blocked_and_free_cars_and_the_full_mask_table() {
    let t = Table::parse(&odds(&["--blocked", "2,12", "--free-cars", "2"]));
    for i in 0..t.rows.len() {
        let cars = columns(t.get(i, "columns"));
        let free = t.num(i, "free_cars") as usize;
        assert!(!cars.contains(&2) && !cars.contains(&12));
        assert!(
            free == 0 && !cars.is_empty() || cars.len() + free == 3,
            "{:?}",
            t.rows[i]
        );
        let mut usable = cars.clone();
        if free > 0 {
            usable.extend((3..=11).filter(|c| !cars.contains(c)));
        }
        assert_eq!(
            t.num(i, "bust_rolls") as u32,
            slow_bust(&usable),
            "{:?}",
            t.rows[i]
        );
    }
    let masks = Table::parse(&odds(&["--masks"]));
    assert_eq!(masks.rows.len(), 2048);
    for i in (0..2048).step_by(17) {
        assert_eq!(
            masks.num(i, "bust_rolls") as u32,
            slow_bust(&columns(masks.get(i, "columns"))),
            "{:?}",
            masks.rows[i]
        );
    }
}

#[test]
fn monte_carlo_check_brackets_every_exact_value() {
    let t = Table::parse(&odds(&[
        "--samples",
        "20000",
        "--seed",
        "3",
        "--free-cars",
        "1",
    ]));
    assert!(t.header.join(",").ends_with("p_bust_mc,mc_low,mc_high"));
    for i in 0..t.rows.len() {
        assert_eq!(
            t.get(i, "seed"),
            "3",
            "the Monte Carlo check depends on its seed"
        );
        let p_bust = t.num(i, "p_bust");
        let (lo, hi) = (t.num(i, "mc_low"), t.num(i, "mc_high"));
        assert!(lo <= p_bust && p_bust <= hi, "{:?}", t.rows[i]);
    }
}

#[test]
fn track_and_reach_views() {
    let tracks = Table::parse(&odds(&["--view", "tracks"]));
    // A pair summing to 7 is offered by 834 of 1296 rolls (64.4%).
    let i = tracks.one(&[("track", "7")]);
    assert_eq!(tracks.get(i, "offered_rolls"), "834");
    let reach = Table::parse(&odds(&["--view", "reach", "--game", "cant-stop"]));
    let p = |col: u8, d: u8| -> f64 {
        let i = reach.one(&[("column", &col.to_string()), ("distance", &d.to_string())]);
        reach.num(i, "p_reach")
    };
    // Column 12: offered by 171 rolls, a double (6 6 6 6) by 1: f(1) = 171/1296,
    // f(2) = (170/1296)·f(1) + (1/1296)·1.
    let (p1, p2) = (170.0 / 1296.0, 1.0 / 1296.0);
    assert!((p(12, 1) - (p1 + p2)).abs() < 1e-6);
    assert!((p(12, 2) - (p1 * (p1 + p2) + p2)).abs() < 1e-6);
    assert_eq!(reach.find(&[("column", "7")]).len(), 13);
}

#[test]
fn cars_picks_the_rows_of_one_set() {
    // The published figure: cars on 6, 7 and 8 bust on 104 of the 1296 rolls (92% success).
    assert_eq!(
        odds(&["--cars", "8,6,7"]),
        "game,players,rules,board,seed,status,columns,bust_rolls,p_bust,p_success,free_cars,usable\n\
         route66,,en,route66,,complete,6-7-8,104,0.080247,0.919753,0,6-7-8\n"
    );
    // The rows of the full table for 4-7 (each free-car state) and for 4-7-11, in its order.
    let rows_of = |csv: &str, set: &str| -> Vec<Vec<String>> {
        let t = Table::parse(csv);
        t.find(&[("columns", set)])
            .into_iter()
            .map(|i| t.rows[i].clone())
            .collect()
    };
    let picked = odds(&["--cars", "4,7", "--free-cars", "1"]);
    assert_eq!(picked.lines().count(), 3);
    assert_eq!(
        rows_of(&picked, "4-7"),
        rows_of(&odds(&["--free-cars", "1"]), "4-7")
    );
    assert_eq!(
        rows_of(&odds(&["--cars", "4,7,11"]), "4-7-11"),
        rows_of(&odds(&[]), "4-7-11")
    );
}

#[test]
fn bad_odds_input_exits_2() {
    for (args, needle) in [
        (&["--blocked", "1"][..], "column 1"),
        (&["--blocked", "x"][..], "'x'"),
        (&["--free-cars", "4"][..], "--free-cars 4"),
        (&["--samples", "0"][..], "--samples 0"),
        (&["--view", "nope"][..], "--view nope"),
        (
            &["--cars", "4,7,11,12"][..],
            "--cars 4,7,11,12: give 1 to 3",
        ),
        (&["--cars", "4,13"][..], "column 13"),
        (
            &["--cars", "2,4", "--blocked", "2"][..],
            "column 2 is also in --blocked",
        ),
        (&["--cars", "4", "--view", "tracks"][..], "--cars applies"),
        (&["--cars", "4", "--masks"][..], "--cars applies"),
    ] {
        let out = crate::pressluck_cmd()
            .arg("odds")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(needle),
            "{args:?}"
        );
    }
}
