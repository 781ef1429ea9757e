//! `pressluck bench`: self-play speed on this machine — games/s, rolls/s, ns per roll, peak
//! memory — as text or one JSON object, for comparing machines and builds.

use crate::cli::{BenchArgs, GameSetup};
use crate::commands::tournament::split_policies;
use crate::error::input;
use crate::output::memory::peak_rss_mb;
use crate::policy::PolicySpec;
use crate::sim::family::ColumnFamily;
use crate::sim::runner::run_matchup;
use crate::sim::schedule::Matchup;
use anyhow::Result;
use std::process::ExitCode;
use std::time::Instant;

/// Most games one bench plays.
const MAX_GAMES: u64 = 10_000_000_000;

/// Runs the command.
pub fn run(a: BenchArgs) -> Result<ExitCode> {
    let GameSetup::Columns(rules) = a.game.setup(a.players)?;
    if a.games == 0 || a.games > MAX_GAMES {
        return Err(input(format!(
            "--games {}: must be between 1 and {MAX_GAMES}",
            a.games
        )));
    }
    if let Some(t) = a.threads.filter(|t| !(1..=1024).contains(t)) {
        return Err(input(format!("--threads {t}: must be between 1 and 1024")));
    }
    let family = ColumnFamily(rules);
    let mut slots = Vec::new();
    for part in split_policies(&family, &a.policies)? {
        slots.push(PolicySpec::parse(&part).map_err(|e| input(format!("--policies: {e}")))?);
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
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = a.threads {
        pool = pool.num_threads(t);
    }
    let pool = pool.build()?;
    let threads = pool.current_num_threads();
    let started = Instant::now();
    let stats = pool.install(|| run_matchup(&rules, &matchup, a.seed, 0, a.games, &|_| {}));
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let rolls: u64 = (0..matchup.slots.len())
        .map(|s| stats.slot_total(s).rolls)
        .sum();
    let games_per_sec = a.games as f64 / secs;
    let rolls_per_sec = rolls as f64 / secs;
    let ns_per_roll = secs * 1e9 / rolls.max(1) as f64;
    let peak = peak_rss_mb().unwrap_or(0.0);
    if a.json {
        let v = serde_json::json!({
            "game": rules.game.name(),
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
            "{} {}p {} on {threads} thread(s)",
            rules.game.name(),
            a.players,
            matchup.name()
        );
        println!("  {} games, {rolls} rolls in {secs:.3} s", a.games);
        println!("  {games_per_sec:.0} games/s, {rolls_per_sec:.0} rolls/s, {ns_per_roll:.2} ns per roll (wall clock)");
        println!("  peak resident memory {peak:.1} MB");
    }
    Ok(ExitCode::SUCCESS)
}
