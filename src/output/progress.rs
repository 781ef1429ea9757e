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
    use super::games_per_sec;

    #[test]
    fn rates_are_rounded_for_people() {
        assert_eq!(games_per_sec(1_316_100.4), "1.32M games/s");
        assert_eq!(games_per_sec(12_345.678), "12.3k games/s");
        assert_eq!(games_per_sec(850.49), "850 games/s");
    }
}
