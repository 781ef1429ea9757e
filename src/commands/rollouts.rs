//! `advise --rollouts N`: the options of a decision of any family, each played out `N` times by
//! the rollout policies ([`pressluck_core::sim::roll_out`]), as the chance that the player to
//! move wins (alone: the turns to finish) with paired intervals, in the advice's JSON and text;
//! and the rollout policies' seats, which `review` plays with too.

use crate::error::input;
use crate::output::progress::{games_bar, run_estimate};
use crate::settings::RolloutSettings;
use anyhow::Result;
use pressluck_core::games::asked::SeatSpec;
use pressluck_core::games::{one_a_seat, Family, Named, Options};
use pressluck_core::numbers::{fixed, json_number, signed};
use pressluck_core::sim::{roll_out_reporting, thread_pool, Rollouts, Verdict};
use serde_json::{json, Value};

/// The error of rollouts asked of a finished game.
pub fn over() -> anyhow::Error {
    input("--rollouts: the game is over, there is no decision to roll out")
}

/// Rolls out `options` of the decision of seat `mover` (who has taken `before` turns) in
/// `family` as `s` asks, and returns the figures as JSON.
pub fn rollouts<F: Family>(
    family: &F,
    options: Options<F::Position>,
    mover: u8,
    before: u32,
    s: &RolloutSettings,
) -> Result<Value> {
    let players = family.players();
    let (seats, names, default) = rollout_seats(family, s)?;
    let mut out = json!({
        "rollouts": s.rollouts,
        "seed": s.seed,
        "policies": names,
        "default_policies": default,
        "player": mover + 1,
        "objective": if players == 1 { "turns" } else { "win" },
    });
    let options = match options {
        Options::Forced(why) => {
            out["forced"] = json!(why);
            return Ok(out);
        }
        Options::Open(o) => o,
    };
    let positions: Vec<F::Position> = options.iter().map(|(_, p)| p.clone()).collect();
    let pool = thread_pool(s.threads).map_err(|e| anyhow::anyhow!("thread pool: {e}"))?;
    let games = s.rollouts.saturating_mul(positions.len() as u64);
    announce_cost(
        family,
        &seats,
        &positions,
        games,
        pool.current_num_threads(),
        false,
    );
    let bar = games_bar(games, false);
    let r = pool.install(|| {
        roll_out_reporting(
            family,
            &seats,
            &positions,
            mover,
            before,
            s.rollouts,
            s.seed,
            &|k| bar.inc(k),
        )
    });
    bar.finish_and_clear();
    if let Some(e) = crate::players::fault_error() {
        return Err(e);
    }
    out["options"] = options
        .iter()
        .enumerate()
        .map(|(j, (name, _))| option_json(&r, j, name))
        .collect();
    let (best, close) = match r.verdict() {
        Verdict::Best(b) => (b, None),
        Verdict::TooClose { best, runner_up } => (best, Some(runner_up)),
    };
    out["best"] = json!(options[best].0);
    out["verdict"] = match close {
        None => json!(format!("{} is best", options[best].0)),
        Some(r) => json!(format!(
            "too close to call at {} rollouts: {} or {}",
            s.rollouts, options[best].0, options[r].0
        )),
    };
    Ok(out)
}

/// The rollout policies `s` names (or the game's strongest shipped player), one a seat, and
/// whether they are the default.
pub fn rollout_specs<F: Family>(family: &F, s: &RolloutSettings) -> Result<(Vec<F::Spec>, bool)> {
    let players = family.players();
    let default = s.policies.is_none();
    let texts = match &s.policies {
        Some(t) => t.clone(),
        None => vec![family.strongest_player().to_string()],
    };
    let specs = texts
        .iter()
        .map(|t| {
            family
                .parse_spec(t)
                .map_err(|e| input(format!("--rollout-policies: {e}")))
        })
        .collect::<Result<Vec<_>>>()?;
    let specs =
        one_a_seat(&specs, players).map_err(|e| input(format!("--rollout-policies: {e}")))?;
    if let Some(bot) = specs.iter().find_map(|s| s.asked_seat()) {
        eprintln!(
            "note: {} plays rollouts: every decision of every rollout is a round trip to it, \
             thousands of times slower than a built-in policy",
            bot.name
        );
    }
    Ok((specs, default))
}

/// The seats of the rollout policies `s` names (or the game's strongest shipped player), their
/// names seat by seat, and whether they are the default.
pub fn rollout_seats<F: Family>(
    family: &F,
    s: &RolloutSettings,
) -> Result<(F::Seats, Vec<String>, bool)> {
    let (specs, default) = rollout_specs(family, s)?;
    let names = specs.iter().map(|p| p.name().to_string()).collect();
    Ok((seats_of(family, &specs)?, names, default))
}

/// The seats of `specs`, one a seat.
pub fn seats_of<F: Family>(family: &F, specs: &[F::Spec]) -> Result<F::Seats> {
    family
        .seats(specs)
        .map_err(|e| input(format!("--rollout-policies: {e}")))
}

/// Before a run of `games` games played on from `positions` with `seats` over `threads`
/// threads: says on stderr about how long it will take ([`cost_estimate`]) when that is long,
/// unless `quiet` or stderr is not a terminal.
pub fn announce_cost<F: Family>(
    family: &F,
    seats: &F::Seats,
    positions: &[F::Position],
    games: u64,
    threads: usize,
    quiet: bool,
) {
    use std::io::IsTerminal;
    if quiet || !std::io::stderr().is_terminal() {
        return;
    }
    if let Some(line) = cost_estimate(family, seats, positions, games, threads) {
        eprintln!("{line}");
    }
}

/// Times a few of the games (up to `SAMPLE_GAMES`, or a second's worth) of a run of `games`
/// played on from `positions` with `seats` over `threads` threads and, when the run would take
/// longer than `SLOW_RUN_SECS` (searching rollout players), the line saying about how long
/// ([`run_estimate`]).
pub fn cost_estimate<F: Family>(
    family: &F,
    seats: &F::Seats,
    positions: &[F::Position],
    games: u64,
    threads: usize,
) -> Option<String> {
    if positions.is_empty() {
        return None;
    }
    let mut sample = seats.clone();
    let start = std::time::Instant::now();
    let mut timed = 0u64;
    while timed < SAMPLE_GAMES && start.elapsed().as_secs_f64() < 1.0 {
        let (dice, rng) = pressluck_core::engine::game_streams(0, 0, timed).generators();
        let position = &positions[timed as usize % positions.len()];
        family.play_out(&mut sample, position, dice, rng);
        timed += 1;
    }
    let per_game = start.elapsed().as_secs_f64() / timed.max(1) as f64;
    let secs = per_game * games as f64 / threads.max(1) as f64;
    (secs > SLOW_RUN_SECS).then(|| run_estimate(games, per_game, threads, secs))
}

/// Games a run's estimate times, at most.
const SAMPLE_GAMES: u64 = 8;

/// Runs estimated to take longer than this many seconds are announced.
const SLOW_RUN_SECS: f64 = 10.0;

/// One option's figures.
fn option_json(r: &Rollouts, j: usize, name: &str) -> Value {
    let c = &r.counts;
    let d = r.difference_to_best(j);
    let x = json_number;
    let mut o = json!({ "option": name, "unfinished": c.unfinished[j] });
    if r.alone {
        let t = c.mean_turns(j);
        o["mean_turns"] = json!(x(t.mean));
        o["turns_ci95"] = json!([x(t.lo), x(t.hi)]);
        o["turns_vs_best"] = json!(x(d.mean));
        o["turns_vs_best_ci95"] = json!([x(d.lo), x(d.hi)]);
    } else {
        let w = c.win_chance(j);
        o["wins"] = json!(c.wins[j]);
        o["win_chance"] = json!(x(w.mean));
        o["win_chance_ci95"] = json!([x(w.lo), x(w.hi)]);
        o["vs_best"] = json!(x(d.mean));
        o["vs_best_ci95"] = json!([x(d.lo), x(d.hi)]);
    }
    o
}

/// The rollouts drawn for a person: one line a option, then the verdict.
pub fn rollouts_text(r: &Value) -> String {
    let names: Vec<&str> = r["policies"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let who = match names.as_slice() {
        [one, rest @ ..] if rest.iter().all(|n| n == one) => format!("{one} in every seat"),
        many => many.join(", "),
    };
    let why = if r["default_policies"] == true {
        " (the strongest shipped player)"
    } else {
        ""
    };
    let mut s = format!(
        "rollouts, player {} to move: {} an option, seed {}, played by {who}{why}\n",
        r["player"], r["rollouts"], r["seed"]
    );
    if let Some(f) = r["forced"].as_str() {
        return s + &format!("forced: {f}; nothing to roll out\n");
    }
    let width = r["options"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|o| o["option"].as_str())
        .map(str::len)
        .fold(6, usize::max);
    // An interval's ends, scaled.
    let pair = |v: &Value, scale: f64| -> (f64, f64) {
        let x = |k: usize| v[k].as_f64().unwrap_or(0.0) * scale;
        (x(0), x(1))
    };
    let best = r["best"].as_str().unwrap_or("");
    for o in r["options"].as_array().into_iter().flatten() {
        let name = o["option"].as_str().unwrap_or("");
        let f = |k: &str| o[k].as_f64().unwrap_or(0.0);
        let (main, diff) = if r["objective"] == "turns" {
            let t = pair(&o["turns_ci95"], 1.0);
            let d = pair(&o["turns_vs_best_ci95"], 1.0);
            (
                format!(
                    "{} turns [{}, {}]",
                    fixed(f("mean_turns"), 3),
                    fixed(t.0, 3),
                    fixed(t.1, 3)
                ),
                format!(
                    "{} turns [{}, {}]",
                    signed(f("turns_vs_best"), 3),
                    signed(d.0, 3),
                    signed(d.1, 3)
                ),
            )
        } else {
            let w = pair(&o["win_chance_ci95"], 100.0);
            let d = pair(&o["vs_best_ci95"], 100.0);
            (
                format!(
                    "wins {}% [{}, {}]",
                    fixed(100.0 * f("win_chance"), 2),
                    fixed(w.0, 2),
                    fixed(w.1, 2)
                ),
                format!(
                    "{} points [{}, {}]",
                    signed(100.0 * f("vs_best"), 2),
                    signed(d.0, 2),
                    signed(d.1, 2)
                ),
            )
        };
        let against = if name == best {
            "best".to_string()
        } else {
            format!("vs best {diff}")
        };
        s += &format!("  {name:<width$} {main}  {against}\n");
    }
    s += &format!("{}\n", r["verdict"].as_str().unwrap_or(""));
    s
}

#[cfg(test)]
mod tests {
    use super::cost_estimate;
    use pressluck_core::columns::{Game, GameKind, Rules};
    use pressluck_core::engine::ColumnPosition;
    use pressluck_core::games::{ColumnFamily, Family};

    /// The seats of `spec` in both seats of two-player Can't Stop, and the game's start.
    fn setup(
        spec: &str,
    ) -> (
        ColumnFamily,
        <ColumnFamily as Family>::Seats,
        ColumnPosition,
    ) {
        let family = ColumnFamily::new(Rules::new(GameKind::CantStop, 2));
        let spec = family.parse_spec(spec).unwrap();
        let seats = family.seats(&[spec.clone(), spec]).unwrap();
        let start = ColumnPosition {
            game: Game::new(),
            decide_first: true,
        };
        (family, seats, start)
    }

    #[test]
    fn a_long_run_of_searching_rollouts_is_estimated_and_a_quick_one_is_not() {
        let (family, seats, start) = setup("rollout:glenn,budget=200,horizon=end");
        let line = cost_estimate(&family, &seats, &[start], 1_000_000, 2).unwrap();
        assert!(line.starts_with("about "), "{line}");
        assert!(line.contains("for 1000000 games played on"), "{line}");
        assert!(line.contains("2 threads"), "{line}");
        let (family, seats, start) = setup("glenn");
        assert_eq!(cost_estimate(&family, &seats, &[start], 100, 1), None);
        assert_eq!(cost_estimate(&family, &seats, &[], 1_000_000, 1), None);
    }
}
