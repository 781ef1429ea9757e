//! `pressluck odds` checked row by row against a slow enumeration written here, independently
//! of the library: four nested dice loops and the three pairings.

mod common;

use assert_cmd::Command;
use std::collections::BTreeSet;

fn odds(args: &[&str]) -> String {
    String::from_utf8(common::stdout_of(&[&["odds"][..], args].concat())).unwrap()
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
    let csv = odds(&[]);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "columns,bust_rolls,p_bust,p_success,free_cars,usable"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 11 + 55 + 165);
    let mut last = (0u32, String::new());
    for r in &rows {
        let cars = columns(r[0]);
        let busts: u32 = r[1].parse().unwrap();
        assert_eq!(busts, slow_bust(&cars), "{r:?}");
        let p_bust: f64 = r[2].parse().unwrap();
        let p_success: f64 = r[3].parse().unwrap();
        assert!(
            (p_bust - busts as f64 / 1296.0).abs() < 1e-6
                && (p_bust + p_success - 1.0).abs() < 1e-6
        );
        // Sorted by p_success descending (busts ascending).
        assert!(busts >= last.0, "{r:?} after {last:?}");
        last = (busts, r[0].to_string());
    }
    // Published values: {6,7,8} busts on 104 of 1296 rolls (92.0% success), the best set;
    // {2,3,12} is among the worst three-column sets.
    assert_eq!(rows[0][0..2], ["6-7-8", "104"]);
    let r2_3_12 = rows.iter().find(|r| r[0] == "2-3-12").unwrap();
    assert_eq!(
        r2_3_12[1].parse::<u32>().unwrap(),
        slow_bust(&columns("2-3-12"))
    );
}

#[test]
fn blocked_and_free_cars_and_the_full_mask_table() {
    let csv = odds(&["--blocked", "2,12", "--free-cars", "2"]);
    for line in csv.lines().skip(1) {
        let r: Vec<&str> = line.split(',').collect();
        let cars = columns(r[0]);
        let free: usize = r[4].parse().unwrap();
        assert!(!cars.contains(&2) && !cars.contains(&12));
        assert!(
            free == 0 && !cars.is_empty() || cars.len() + free == 3,
            "{line}"
        );
        let mut usable = cars.clone();
        if free > 0 {
            usable.extend((3..=11).filter(|c| !cars.contains(c)));
        }
        assert_eq!(r[1].parse::<u32>().unwrap(), slow_bust(&usable), "{line}");
    }
    let masks = odds(&["--masks"]);
    assert_eq!(masks.lines().count(), 2049);
    for line in masks.lines().skip(1).step_by(17) {
        let r: Vec<&str> = line.split(',').collect();
        assert_eq!(
            r[1].parse::<u32>().unwrap(),
            slow_bust(&columns(r[0])),
            "{line}"
        );
    }
}

#[test]
fn monte_carlo_check_brackets_every_exact_value() {
    let csv = odds(&["--samples", "20000", "--seed", "3", "--free-cars", "1"]);
    let mut lines = csv.lines();
    assert!(lines.next().unwrap().ends_with("p_bust_mc,mc_low,mc_high"));
    for line in lines {
        let r: Vec<f64> = line
            .split(',')
            .skip(2)
            .filter_map(|x| x.parse().ok())
            .collect();
        // r: p_bust, p_success, free_cars, p_bust_mc, low, high (usable parses only when 1 column)
        let p_bust = r[0];
        let (lo, hi) = (r[r.len() - 2], r[r.len() - 1]);
        assert!(lo <= p_bust && p_bust <= hi, "{line}");
    }
}

#[test]
fn track_and_reach_views() {
    let tracks = odds(&["--view", "tracks"]);
    let seven: Vec<&str> = tracks
        .lines()
        .find(|l| l.starts_with("7,"))
        .unwrap()
        .split(',')
        .collect();
    // A pair summing to 7 is offered by 834 of 1296 rolls (64.4%).
    assert_eq!(seven[1], "834");
    let reach = odds(&["--view", "reach", "--game", "cant-stop"]);
    let p = |col: u8, d: u8| -> f64 {
        let key = format!("{col},{d},");
        reach
            .lines()
            .find(|l| l.starts_with(&key))
            .unwrap()
            .rsplit(',')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    // Column 12: offered by 171 rolls, a double (6 6 6 6) by 1: f(1) = 171/1296,
    // f(2) = (170/1296)·f(1) + (1/1296)·1.
    let (p1, p2) = (170.0 / 1296.0, 1.0 / 1296.0);
    assert!((p(12, 1) - (p1 + p2)).abs() < 1e-6);
    assert!((p(12, 2) - (p1 * (p1 + p2) + p2)).abs() < 1e-6);
    assert_eq!(reach.lines().filter(|l| l.starts_with("7,")).count(), 13);
}

#[test]
fn cars_picks_the_rows_of_one_set() {
    // The published figure: cars on 6, 7 and 8 bust on 104 of the 1296 rolls (92% success).
    assert_eq!(
        odds(&["--cars", "8,6,7"]),
        "columns,bust_rolls,p_bust,p_success,free_cars,usable\n\
         6-7-8,104,0.080247,0.919753,0,6-7-8\n"
    );
    // The rows of the full table for 4-7 (each free-car state) and for 4-7-11, in its order.
    let rows_of = |csv: &str, set: &str| -> Vec<String> {
        csv.lines()
            .filter(|l| l.split(',').next() == Some(set))
            .map(String::from)
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
        let out = Command::cargo_bin("pressluck")
            .unwrap()
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
