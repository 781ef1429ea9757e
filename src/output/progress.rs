//! The one progress-bar factory: games done with games/s, or a tuner's evaluations with the
//! best so far, and the ETA, on stderr; hidden with `--quiet` or when stderr is not a terminal.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar over `total` games, hidden when `quiet` or stderr is not a terminal.
pub fn games_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} games  {rate}  ETA {eta}",
    )
    .map(|s| {
        s.with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&games_per_sec(state.per_sec()));
            },
        )
    })
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// A progress bar over a tuner's `total` candidate evaluations, its message the best so far;
/// hidden when `quiet` or stderr is not a terminal.
pub fn evaluations_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} evaluations  ETA {eta}\n  best: {msg}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// The line announcing a long run: `games` games at `per_game` seconds each over `threads`
/// threads, `secs` seconds in all.
pub fn run_estimate(games: u64, per_game: f64, threads: usize, secs: f64) -> String {
    let threads = match threads {
        1 => "1 thread".to_string(),
        t => format!("{t} threads"),
    };
    format!(
        "about {} for {games} games played on ({:.0} ms a game, {threads}; Ctrl-C stops)",
        duration(secs),
        per_game * 1e3
    )
}

/// A duration for people: `45 s`, `12 min 5 s`, `3 h 20 min`.
pub fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}

/// A rate of games for people: `850 games/s`, `12.3k games/s`, `1.25M games/s`.
pub fn games_per_sec(rate: f64) -> String {
    if rate >= 1e6 {
        format!("{:.2}M games/s", rate / 1e6)
    } else if rate >= 1e3 {
        format!("{:.1}k games/s", rate / 1e3)
    } else {
        format!("{rate:.0} games/s")
    }
}

#[cfg(test)]
mod tests {
    use super::{duration, games_per_sec, run_estimate};

    #[test]
    fn rates_are_rounded_for_people() {
        assert_eq!(games_per_sec(1_316_100.4), "1.32M games/s");
        assert_eq!(games_per_sec(12_345.678), "12.3k games/s");
        assert_eq!(games_per_sec(850.49), "850 games/s");
    }

    #[test]
    fn a_long_run_is_announced_in_minutes_or_hours() {
        assert_eq!(duration(44.6), "45 s");
        assert_eq!(duration(725.0), "12 min 5 s");
        assert_eq!(duration(12_000.0), "3 h 20 min");
        assert_eq!(
            run_estimate(2_000, 0.085, 2, 85.0),
            "about 1 min 25 s for 2000 games played on (85 ms a game, 2 threads; Ctrl-C stops)"
        );
    }
}
