//! `pressluck bench`: self-play speed on this machine — games/s, rolls/s, ns per roll, peak
//! memory — as text or one JSON object, for comparing machines and builds.

use crate::cli::{BenchArgs, GameSetup};
use crate::commands::tournament::split_policies;
use crate::error::input;
use crate::output::memory::peak_rss_mb;
use crate::sim::family::{ColumnFamily, Family};
use crate::sim::schedule::Matchup;
use anyhow::Result;
use std::process::ExitCode;
use std::time::Instant;

/// Most games one bench plays.
const MAX_GAMES: u64 = 10_000_000_000;

/// Runs the command.
pub fn run(a: BenchArgs) -> Result<ExitCode> {
    if a.games == 0 || a.games > MAX_GAMES {
        return Err(input(format!(
            "--games {}: must be between 1 and {MAX_GAMES}",
            a.games
        )));
    }
    crate::sim::runner::check_threads(a.threads)?;
    match a.game.setup(a.players)? {
        GameSetup::Columns(rules) => bench(ColumnFamily(rules), &a),
        GameSetup::Shortcut(setup) => bench(crate::shortcut::ShortcutFamily(setup), &a),
        GameSetup::TreasureHunt(family) => bench(family, &a),
    }
}

/// Benchmarks one family: plays the matchup and reports speed and memory.
fn bench<F: Family>(family: F, a: &BenchArgs) -> Result<ExitCode> {
    let first = family
        .default_policies()
        .split(',')
        .next()
        .unwrap_or_default();
    let text = a.policies.clone().unwrap_or_else(|| {
        if first == "ev" {
            "fixed-risk:0.3".to_string()
        } else {
            first.to_string()
        }
    });
    let mut slots = Vec::new();
    for part in split_policies(&family, &text)? {
        slots.push(
            family
                .parse_spec(&part)
                .map_err(|e| input(format!("--policies: {e}")))?,
        );
    }
    while slots.len() < a.players as usize {
        slots.push(slots[slots.len() - 1].clone());
    }
    if slots.len() > a.players as usize {
        return Err(input(format!(
            "--policies: {} policies for {} seats",
            slots.len(),
            a.players
        )));
    }
    let matchup = Matchup { slots };
    let pool = crate::sim::runner::thread_pool(a.threads)?;
    let threads = pool.current_num_threads();
    let started = Instant::now();
    let stats = pool.install(|| family.run_matchup(&matchup, a.seed, 0, a.games, &|_| {}));
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let rolls: u64 = (0..matchup.slots.len())
        .map(|s| stats.slot_total(s).rolls)
        .sum();
    let games_per_sec = a.games as f64 / secs;
    let rolls_per_sec = rolls as f64 / secs;
    let ns_per_roll = secs * 1e9 / rolls.max(1) as f64;
    let peak = peak_rss_mb().unwrap_or(0.0);
    let game = family.game_name();
    if a.json {
        let v = serde_json::json!({
            "game": game,
            "players": a.players,
            "matchup": matchup.name(),
            "games": a.games,
            "rolls": rolls,
            "seconds": secs,
            "games_per_sec": games_per_sec,
            "rolls_per_sec": rolls_per_sec,
            "ns_per_roll": ns_per_roll,
            "threads": threads,
            "peak_rss_mb": peak,
        });
        println!("{v}");
    } else {
        println!(
            "{game} {}p {} on {threads} thread(s)",
            a.players,
            matchup.name()
        );
        println!("  {} games, {rolls} rolls in {secs:.3} s", a.games);
        println!(
            "  {games_per_sec:.0} games/s, {rolls_per_sec:.0} rolls/s, {ns_per_roll:.2} ns per roll (wall clock)"
        );
        println!("  peak resident memory {peak:.1} MB");
    }
    Ok(ExitCode::SUCCESS)
}
