//! The review of a played game of any family ([`reviewed`]): every position of its walk played
//! out by the rollout policies ([`super::review_job`]: a progress bar, Ctrl-C, checkpoints),
//! reviewed ([`pressluck_core::sim::review`]), and written as text, as a table (CSV or JSON
//! Lines) and as a chart (SVG); an interrupted review as far as it reached, marked partial.

use super::review_job::ReviewJob;
use super::rollouts::{announce_cost, rollout_specs, seats_of};
use crate::error::input;
use crate::output::destination::Destination;
use crate::output::provenance::Provenance;
use crate::output::run_id::{definitions, setup_digest, RunId, RunKind};
use crate::output::svg_review::{render_review, ReviewChart};
use crate::output::table::Figure;
use crate::settings::ReviewSettings;
use anyhow::Result;
use pressluck_core::games::{Family, Matchup, Named, RecordLabel, Walk, WalkStep};
use pressluck_core::numbers::{count, signed};
use pressluck_core::sim::{review, DecisionReview, Estimate, Review};
use pressluck_core::sim::{thread_pool, RollReview, MAX_PLAY_OUTS};
use serde::Serialize;
use std::process::ExitCode;

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

/// The identity of the review `s` asks of `family`'s record, played out by `specs`: what its
/// checkpoint holds, and a resumed one must match.
fn run_id<F: Family>(
    s: &ReviewSettings,
    family: &F,
    provenance: &Provenance,
    specs: &[F::Spec],
) -> RunId {
    let lineup = [Matchup {
        slots: specs.to_vec(),
    }];
    RunId {
        game: provenance.game.clone(),
        rules: provenance.rules.clone(),
        board: provenance.board.clone(),
        setup: setup_digest(&family.identity()),
        players: family.players(),
        matchups: vec![lineup[0].name()],
        policies: definitions(&lineup),
        games: s.rollouts.rollouts,
        seed: s.rollouts.seed,
        kind: RunKind::Review {
            record: setup_digest(&String::from_utf8_lossy(&s.record.bytes)),
        },
    }
}

/// What a review of `walk` holds of it: `12 of 30 decisions and 20 of 41 rolls`.
fn kept<P>(walk: &Walk<P>, r: &Review) -> String {
    let decisions = walk
        .steps
        .iter()
        .filter(|s| matches!(s, WalkStep::Decision { .. }))
        .count();
    let rolls = walk.steps.len() - decisions;
    format!(
        "{} of {decisions} decisions and {} of {rolls} rolls",
        r.decisions.len(),
        r.rolls.len()
    )
}

/// Plays the positions of `walk` out in `family`, reviews them and writes the review; an
/// interrupted review writes what it reviewed, marked partial, and its checkpoint.
pub fn reviewed<F: Family>(
    s: &ReviewSettings,
    family: &F,
    walk: &Walk<F::Position>,
    label: &RecordLabel,
) -> Result<ExitCode> {
    let provenance = provenance(s, label);
    crate::players::session().set_rules(&provenance.rules);
    let (specs, default) = rollout_specs(family, &s.rollouts)?;
    let seats = seats_of(family, &specs)?;
    let names: Vec<String> = specs.iter().map(|p| p.name().to_string()).collect();
    let n = s.rollouts.rollouts;
    let positions = walk.positions.len() as u64;
    if positions.saturating_mul(n) > MAX_PLAY_OUTS {
        return Err(input(format!(
            "--rollouts {n}: the record's {positions} positions would take {} play-outs, at most {MAX_PLAY_OUTS}",
            positions.saturating_mul(n)
        )));
    }
    let threads = thread_pool(s.rollouts.threads)
        .map_err(|e| anyhow::anyhow!("thread pool: {e}"))?
        .current_num_threads();
    announce_cost(
        family,
        &seats,
        &walk.positions,
        positions * n,
        threads,
        s.quiet,
    );
    let job = ReviewJob {
        run: run_id(s, family, &provenance, &specs),
        positions: walk.positions.len(),
        alone: family.players() == 1,
        checkpoint: s.checkpoint.as_ref(),
        resume: s.resume.as_ref(),
        out: s.out.as_ref(),
        threads: s.rollouts.threads,
        quiet: s.quiet,
    };
    let outs = job.play(family, &seats, &walk.positions, s.rollouts.seed)?;
    if let Some(e) = crate::players::fault_error() {
        return Err(e);
    }
    let review = review(walk, family.players(), &outs);
    let who = ReviewedBy {
        names: &names,
        default,
        file: s.record.file.display().to_string(),
    };
    let kept = kept(walk, &review);
    let interrupted = job.finish(&outs, &kept, |partial| {
        let mut text = text(walk, &review, &provenance, &who);
        if partial {
            text += &format!(
                "partial: the play-outs were interrupted; this reviews {kept}, and the sums are theirs\n"
            );
        }
        if let Some(svg) = &s.svg {
            let policies = who.text();
            let chart = ReviewChart {
                record: &who.file,
                walk,
                review: &review,
                provenance: &provenance,
                policies: &policies,
                partial,
            };
            svg.write(render_review(&chart)?.as_bytes())?;
        }
        match &s.out {
            Some(out) => {
                let table = provenance.table(partial, rows(walk, &review, &who))?;
                out.write(&table.export(s.format)?)?;
                if !out.is_stdout() {
                    Destination::Stdout.write(text.as_bytes())?;
                }
            }
            None => Destination::Stdout.write(text.as_bytes())?,
        }
        Ok(())
    })?;
    Ok(interrupted.unwrap_or(ExitCode::SUCCESS))
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
    pub fn text(&self) -> String {
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

/// An estimate of a difference for people, with its sign: `+3.21 points [+1.02, +5.40]` (a
/// chance in points), or alone turns.
fn with_interval(r: &Review, e: &Estimate) -> String {
    let (scale, digits, unit) = if r.alone {
        (1.0, 3, "turns")
    } else {
        (100.0, 2, "points")
    };
    let x = |v: f64| signed(scale * v, digits);
    format!("{} {unit} [{}, {}]", x(e.mean), x(e.lo), x(e.hi))
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
        // A mean a decision of no decisions is no number: left out.
        let (scale, digits) = if r.alone { (1.0, 3) } else { (100.0, 2) };
        let each = if pl.decisions == 0 {
            String::new()
        } else {
            let mean = scale * pl.given_away.mean / pl.decisions as f64;
            format!(" ({} a decision)", signed(mean, digits))
        };
        let given = with_interval(r, &pl.given_away);
        let lost = if r.alone {
            format!("lost {given}{each}")
        } else {
            format!("gave away {given}{each}")
        };
        s += &format!(
            "player {}: {}, {} doubtful, {}, {}; {lost}; luck {}\n",
            pl.seat + 1,
            count(pl.decisions.into(), "decision", "decisions"),
            pl.flagged[0],
            count(pl.flagged[1].into(), "error", "errors"),
            count(pl.flagged[2].into(), "blunder", "blunders"),
            with_interval(r, &pl.luck)
        );
    }
    s
}
