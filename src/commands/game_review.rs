//! The review of a played game of any family ([`reviewed`]): every position of its walk played
//! out by the rollout policies ([`pressluck_core::sim::play_outs`], with a progress bar and
//! Ctrl-C), reviewed ([`pressluck_core::sim::review`]), and written as text and as a table (CSV
//! or JSON Lines).

use super::interrupt::{self, TestHook};
use super::rollouts::{announce_cost, rollout_seats};
use crate::error::input;
use crate::output::destination::Destination;
use crate::output::progress::games_bar;
use crate::output::provenance::Provenance;
use crate::output::table::Figure;
use crate::settings::ReviewSettings;
use anyhow::Result;
use pressluck_core::games::{Family, RecordLabel, Walk, WalkStep};
use pressluck_core::sim::{play_outs, review, thread_pool, DecisionReview, Estimate, Review};
use pressluck_core::sim::{RollReview, MAX_PLAY_OUTS};
use serde::Serialize;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

/// The provenance of the review of the game `label` names, on its built-in board unless a
/// file replaced it.
fn provenance(s: &ReviewSettings, label: &RecordLabel) -> Provenance {
    Provenance {
        game: label.game.to_string(),
        players: Some(label.players),
        rules: Provenance::rules_label(&label.rules),
        board: s
            .board_file
            .clone()
            .unwrap_or_else(|| label.builtin_board.to_string()),
        seed: Some(s.rollouts.seed),
    }
}

/// Plays the positions of `walk` out in `family`, reviews them and writes the review.
pub fn reviewed<F: Family>(
    s: &ReviewSettings,
    family: &F,
    walk: &Walk<F::Position>,
    label: &RecordLabel,
) -> Result<ExitCode> {
    let provenance = provenance(s, label);
    let (seats, names, default) = rollout_seats(family, &s.rollouts)?;
    let n = s.rollouts.rollouts;
    let positions = walk.positions.len() as u64;
    if positions.saturating_mul(n) > MAX_PLAY_OUTS {
        return Err(input(format!(
            "--rollouts {n}: the record's {positions} positions would take {} play-outs, at most {MAX_PLAY_OUTS}",
            positions.saturating_mul(n)
        )));
    }
    let pool = thread_pool(s.rollouts.threads).map_err(|e| anyhow::anyhow!("thread pool: {e}"))?;
    announce_cost(
        family,
        &seats,
        &walk.positions,
        positions * n,
        pool.current_num_threads(),
        s.quiet,
    );
    let bar = games_bar(positions * n, s.quiet);
    let stop = interrupt::flag();
    let hook = TestHook::from_env();
    let tasks = AtomicU64::new(0);
    let done = |k: u64| {
        bar.inc(k);
        let finished = tasks.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(TestHook::InterruptAfter(at)) = hook {
            if finished >= at {
                stop.store(true, Ordering::SeqCst);
            }
        }
    };
    let outs = pool.install(|| {
        play_outs(
            family,
            &seats,
            &walk.positions,
            n,
            s.rollouts.seed,
            stop,
            &done,
        )
    });
    bar.finish_and_clear();
    let Some(outs) = outs else {
        eprintln!("interrupted: the review was not finished; nothing written");
        return Ok(ExitCode::from(130));
    };
    let review = review(walk, family.players(), &outs);
    let who = ReviewedBy {
        names: &names,
        default,
        file: s.record.file.display().to_string(),
    };
    let text = text(walk, &review, &provenance, &who);
    match &s.out {
        Some(out) => {
            let table = provenance.table(false, rows(walk, &review, &who))?;
            out.write(&table.export(s.format)?)?;
            if !out.is_stdout() {
                Destination::Stdout.write(text.as_bytes())?;
            }
        }
        None => Destination::Stdout.write(text.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Who played the rollouts, and of which record.
struct ReviewedBy<'a> {
    /// The rollout policies, seat by seat.
    names: &'a [String],
    /// Whether they are the game's strongest shipped player by default.
    default: bool,
    /// The record, as named on the command line.
    file: String,
}

impl ReviewedBy<'_> {
    /// The policies for people: `P in every seat`, or each seat's.
    fn text(&self) -> String {
        let why = if self.default {
            " (the strongest shipped player)"
        } else {
            ""
        };
        match self.names {
            [one, rest @ ..] if rest.iter().all(|n| n == one) => {
                format!("{one} in every seat{why}")
            }
            many => format!("{}{why}", many.join(", ")),
        }
    }
}

/// One row of the review table (after the provenance columns).
#[derive(Debug, Default, Serialize)]
struct ReviewRow {
    record: String,
    rollouts: u64,
    rollout_policies: String,
    unit: &'static str,
    kind: &'static str,
    line: Option<usize>,
    seat: u8,
    what: String,
    played: String,
    best: String,
    played_value: Option<Figure>,
    played_ci95_low: Option<Figure>,
    played_ci95_high: Option<Figure>,
    best_value: Option<Figure>,
    best_ci95_low: Option<Figure>,
    best_ci95_high: Option<Figure>,
    vs_best: Option<Figure>,
    vs_best_ci95_low: Option<Figure>,
    vs_best_ci95_high: Option<Figure>,
    flag: &'static str,
    luck: Option<Figure>,
    luck_ci95_low: Option<Figure>,
    luck_ci95_high: Option<Figure>,
    decisions: Option<u32>,
    doubtful: Option<u32>,
    errors: Option<u32>,
    blunders: Option<u32>,
}

/// An estimate's value and interval ends as figures.
fn figures(e: &Estimate) -> (Option<Figure>, Option<Figure>, Option<Figure>) {
    let f = |x: f64| Some(Figure::fixed(x, 4));
    (f(e.mean), f(e.lo), f(e.hi))
}

/// A step of the walk with its review.
enum Reviewed<'a> {
    /// A decision.
    Decision(&'a DecisionReview),
    /// A roll.
    Roll(&'a RollReview),
}

/// Each step of `walk` with its review in `r`, in the walk's order.
fn reviewed_steps<'a, P>(walk: &'a Walk<P>, r: &'a Review) -> Vec<(&'a WalkStep, Reviewed<'a>)> {
    let decisions = r.decisions.iter().map(|d| (d.step, Reviewed::Decision(d)));
    let rolls = r.rolls.iter().map(|x| (x.step, Reviewed::Roll(x)));
    let mut all: Vec<(usize, Reviewed)> = decisions.chain(rolls).collect();
    all.sort_by_key(|(k, _)| *k);
    all.into_iter().map(|(k, x)| (&walk.steps[k], x)).collect()
}

/// The table's rows: each step of the walk in order, then one row a player.
fn rows<P>(walk: &Walk<P>, r: &Review, who: &ReviewedBy) -> Vec<ReviewRow> {
    let base = || ReviewRow {
        record: who.file.clone(),
        rollouts: r.n,
        rollout_policies: who.names.join("|"),
        unit: if r.alone { "turns" } else { "chance" },
        ..ReviewRow::default()
    };
    let mut out = Vec::new();
    for (step, review) in reviewed_steps(walk, r) {
        match (step, review) {
            (
                WalkStep::Decision {
                    line,
                    seat,
                    what,
                    options,
                    played,
                },
                Reviewed::Decision(d),
            ) => {
                let (pv, pl, ph) = figures(&d.options[*played]);
                let (bv, bl, bh) = figures(&d.options[d.best]);
                let (vv, vl, vh) = figures(&d.played_vs_best);
                out.push(ReviewRow {
                    kind: "decision",
                    line: Some(*line),
                    seat: seat + 1,
                    what: what.clone(),
                    played: options[*played].0.clone(),
                    best: options[d.best].0.clone(),
                    played_value: pv,
                    played_ci95_low: pl,
                    played_ci95_high: ph,
                    best_value: bv,
                    best_ci95_low: bl,
                    best_ci95_high: bh,
                    vs_best: vv,
                    vs_best_ci95_low: vl,
                    vs_best_ci95_high: vh,
                    flag: d.flag.name(),
                    ..base()
                });
            }
            (
                WalkStep::Roll {
                    line, seat, dice, ..
                },
                Reviewed::Roll(roll),
            ) => {
                let (l, lo, hi) = figures(&roll.luck);
                out.push(ReviewRow {
                    kind: "roll",
                    line: Some(*line),
                    seat: seat + 1,
                    what: "roll".into(),
                    played: dice.clone(),
                    luck: l,
                    luck_ci95_low: lo,
                    luck_ci95_high: hi,
                    ..base()
                });
            }
            // `review` reviews each decision of the walk as a decision and each roll as a roll.
            _ => {}
        }
    }
    for p in &r.players {
        let vs_best = played_vs_best_total(r, &p.given_away);
        let (vv, vl, vh) = figures(&vs_best);
        let (l, lo, hi) = figures(&p.luck);
        out.push(ReviewRow {
            kind: "player",
            seat: p.seat + 1,
            what: "summary".into(),
            vs_best: vv,
            vs_best_ci95_low: vl,
            vs_best_ci95_high: vh,
            luck: l,
            luck_ci95_low: lo,
            luck_ci95_high: hi,
            decisions: Some(p.decisions),
            doubtful: Some(p.flagged[0]),
            errors: Some(p.flagged[1]),
            blunders: Some(p.flagged[2]),
            ..base()
        });
    }
    out
}

/// A player's total given away as the sum of played less best: a chance (0 or less), alone
/// turns (0 or more).
fn played_vs_best_total(r: &Review, given_away: &Estimate) -> Estimate {
    if r.alone {
        *given_away
    } else {
        Estimate {
            mean: -given_away.mean,
            lo: -given_away.hi,
            hi: -given_away.lo,
        }
    }
}

/// A figure for people: a chance in points (`+3.21 points`), or turns.
fn amount(r: &Review, x: f64) -> String {
    if r.alone {
        format!("{x:+.3} turns")
    } else {
        format!("{:+.2} points", 100.0 * x)
    }
}

/// An estimate for people: `+3.21 points [+1.02, +5.40]`.
fn with_interval(r: &Review, e: &Estimate) -> String {
    let scale = if r.alone { 1.0 } else { 100.0 };
    let digits = if r.alone { 3 } else { 2 };
    format!(
        "{} [{:+.digits$}, {:+.digits$}]",
        amount(r, e.mean),
        scale * e.lo,
        scale * e.hi
    )
}

/// The review for people: one line a decision and a roll, then one a player.
fn text<P>(walk: &Walk<P>, r: &Review, p: &Provenance, who: &ReviewedBy) -> String {
    let mut s = format!(
        "review of {}: {}, {} player{}, {} rollouts a position, seed {}, played by {}\n",
        who.file,
        p.game,
        p.players.unwrap_or(1),
        if p.players == Some(1) { "" } else { "s" },
        r.n,
        p.seed.unwrap_or(0),
        who.text()
    );
    s += if r.alone {
        "figures are turns to finish; a decision's cost is the turns it added to the best option's\n"
    } else {
        "figures are chances to win in points of 100%; a decision's cost is the chance it gave away\n"
    };
    s += &format!(
        "{:>5} {:>4}  {:<24} {:<14} {:<14} {}\n",
        "line", "seat", "step", "played", "best", "played vs best, or luck"
    );
    for (step, review) in reviewed_steps(walk, r) {
        match (step, review) {
            (
                WalkStep::Decision {
                    line,
                    seat,
                    what,
                    options,
                    played,
                },
                Reviewed::Decision(d),
            ) => {
                let verdict = if d.best == *played {
                    "best".to_string()
                } else {
                    let flag = d.flag.name();
                    let flag = if flag.is_empty() {
                        String::new()
                    } else {
                        format!("  {flag}")
                    };
                    format!("{}{flag}", with_interval(r, &d.played_vs_best))
                };
                s += &format!(
                    "{line:>5} {:>4}  {what:<24} {:<14} {:<14} {verdict}\n",
                    seat + 1,
                    options[*played].0,
                    options[d.best].0,
                );
            }
            (
                WalkStep::Roll {
                    line, seat, dice, ..
                },
                Reviewed::Roll(roll),
            ) => {
                s += &format!(
                    "{line:>5} {:>4}  {:<24} {:<14} {:<14} luck {}\n",
                    seat + 1,
                    format!("roll {dice}"),
                    "",
                    "",
                    with_interval(r, &roll.luck)
                );
            }
            _ => {}
        }
    }
    for pl in &r.players {
        let mean = if pl.decisions == 0 {
            0.0
        } else {
            pl.given_away.mean / pl.decisions as f64
        };
        let lost = if r.alone {
            format!(
                "{:.3} turns lost [{:.3}, {:.3}] ({:.3} a decision)",
                pl.given_away.mean, pl.given_away.lo, pl.given_away.hi, mean
            )
        } else {
            format!(
                "gave away {:.2} points [{:.2}, {:.2}] ({:.2} a decision)",
                100.0 * pl.given_away.mean,
                100.0 * pl.given_away.lo,
                100.0 * pl.given_away.hi,
                100.0 * mean
            )
        };
        s += &format!(
            "player {}: {} decisions, {} doubtful, {} errors, {} blunders; {lost}; luck {}\n",
            pl.seat + 1,
            pl.decisions,
            pl.flagged[0],
            pl.flagged[1],
            pl.flagged[2],
            with_interval(r, &pl.luck)
        );
    }
    s
}
