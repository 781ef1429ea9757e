//! `pressluck bench`: self-play speed on this machine — games/s, rolls/s, ns per roll, peak
//! memory — as text or one JSON object, for comparing machines and builds.

use crate::output::memory::peak_rss_mb;
use crate::settings::BenchSettings;
use anyhow::Result;
use pressluck_core::games::Family;
use pressluck_core::numbers::count;
use pressluck_core::sim::play_matchup;
use std::process::ExitCode;
use std::time::Instant;

/// Runs the command: plays the matchup `repeat` times and reports speed and memory.
pub fn run<F: Family>(a: BenchSettings<F>) -> Result<ExitCode> {
    let (family, matchup) = (&a.family, &a.matchup);
    let pool = pressluck_core::sim::thread_pool(a.threads)?;
    let threads = pool.current_num_threads();
    let mut times = Vec::with_capacity(a.repeat as usize);
    let mut first_stats = None;
    for _ in 0..a.repeat {
        let started = Instant::now();
        let stats = pool.install(|| play_matchup(family, matchup, a.seed, a.games));
        if let Some(e) = crate::players::fault_error() {
            return Err(e);
        }
        let Some(stats) = stats else {
            anyhow::bail!("bench: a seat could not answer; nothing measured")
        };
        times.push(started.elapsed().as_secs_f64().max(1e-9));
        match &first_stats {
            None => first_stats = Some(stats),
            Some(first) if *first != stats => {
                anyhow::bail!("bench: a repeated run played different games (a determinism bug)")
            }
            Some(_) => {}
        }
    }
    let stats = first_stats.expect("at least one run");
    let (secs, fastest, slowest) = median_min_max(&mut times);
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
            "players": family.players(),
            "matchup": matchup.name(),
            "games": a.games,
            "rolls": rolls,
            "seconds": secs,
            "games_per_sec": games_per_sec,
            "rolls_per_sec": rolls_per_sec,
            "ns_per_roll": ns_per_roll,
            "threads": threads,
            "peak_rss_mb": peak,
            "repeat": a.repeat,
            "seconds_min": fastest,
            "seconds_max": slowest,
        });
        println!("{v}");
    } else {
        println!(
            "{game} {}p {} on {}",
            family.players(),
            matchup.name(),
            count(threads as u64, "thread", "threads")
        );
        let spread = if a.repeat > 1 {
            format!(
                " (median of {} runs: {fastest:.3} to {slowest:.3} s)",
                a.repeat
            )
        } else {
            String::new()
        };
        println!(
            "  {}, {} in {secs:.3} s{spread}",
            count(a.games, "game", "games"),
            count(rolls, "roll", "rolls")
        );
        println!(
            "  {games_per_sec:.0} games/s, {rolls_per_sec:.0} rolls/s, {ns_per_roll:.2} ns per roll (wall clock)"
        );
        println!("  peak resident memory {peak:.1} MB");
    }
    Ok(ExitCode::SUCCESS)
}

/// The median of `times` (the mean of the middle two for an even count), the least and the
/// greatest. `times` must not be empty; it is left sorted.
fn median_min_max(times: &mut [f64]) -> (f64, f64, f64) {
    times.sort_by(f64::total_cmp);
    let n = times.len();
    let median = if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2.0
    };
    (median, times[0], times[n - 1])
}

#[cfg(test)]
mod tests {
    use super::median_min_max;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median_min_max(&mut [3.0, 1.0, 2.0]), (2.0, 1.0, 3.0));
        assert_eq!(median_min_max(&mut [4.0, 1.0, 3.0, 2.0]), (2.5, 1.0, 4.0));
        assert_eq!(median_min_max(&mut [0.5]), (0.5, 0.5, 0.5));
    }
}
