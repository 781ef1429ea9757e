//! The review of a played game ([`review`]): every decision's options and every roll's
//! positions played out ([`super::play_outs()`]), each decision's choice measured against the best
//! option and flagged, each roll's luck measured, and both summed per player.
//!
//! Every position is played out `n` times with rollout `i` of every position dealt the streams
//! of rollout `i` of [`crate::sim::roll_out`] (common random numbers, under the same seed and
//! key), so a review and `advise --rollouts` give the same chances for the same position
//! (alone, the review counts turns from the game's start and advise from the decision: their
//! differences agree). A figure is measured rollout by rollout: a decision's cost is, rollout
//! by rollout, the best option's result less the played one's; a roll's luck the roller's
//! result with the best use of the roll less the result from the position about to roll; a
//! player's totals are these summed rollout by rollout over the game, so every total carries a
//! paired 95% interval. The best a rollout is measured against is picked by the rollouts of
//! the other parity (even against the best of the odd ones, odd against the best of the even;
//! cross-fitting): picked by the rollouts that measure it, the best of many options would look
//! better than it is, and every choice worse.
//!
//! With two players or more a result is whether the player won (the figures are chances, in
//! points of 100%); alone it is the turns the player took to finish (fewer is better).
//!
//! A review of play-outs that stopped short (an interrupted review) reviews the steps whose
//! positions are all played out, and sums those.

use super::interval::{chance, paired_chances, whole_numbers_of, Estimate, TermSum};
use super::play_outs::PlayOuts;
use crate::games::{Walk, WalkStep};

/// Most position plays (positions × rollouts) one review may hold.
pub const MAX_PLAY_OUTS: u64 = 100_000_000;

/// Most rollouts a position one review may ask for (each rollout keeps a sum a player).
pub const MAX_REVIEW_ROLLOUTS: u64 = 1_000_000;

/// How a decision's choice is flagged: by the chance it gave away (alone: the turns it cost)
/// when that cost's interval is clear of 0, at thresholds that double from one flag to the
/// next ([`Flag::of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Flag {
    /// No flag: the choice was the best, or cost less than a doubtful choice, or its cost is
    /// not told apart from 0.
    None,
    /// Doubtful: at least 2 points of chance to win (alone: 0.1 turn).
    Doubtful,
    /// An error: at least 4 points (alone: 0.2 turn).
    Error,
    /// A blunder: at least 8 points (alone: 0.4 turn).
    Blunder,
}

impl Flag {
    /// The flag of a choice that cost `cost` (chance to win from 0 to 1, or alone turns),
    /// measured with its 95% interval.
    pub fn of(cost: &Estimate, alone: bool) -> Flag {
        let unit = if alone { 0.1 } else { 0.02 };
        if cost.lo <= 0.0 {
            return Flag::None;
        }
        match cost.mean / unit {
            x if x >= 4.0 => Flag::Blunder,
            x if x >= 2.0 => Flag::Error,
            x if x >= 1.0 => Flag::Doubtful,
            _ => Flag::None,
        }
    }

    /// The flag's name in outputs: empty, `doubtful`, `error` or `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Flag::None => "",
            Flag::Doubtful => "doubtful",
            Flag::Error => "error",
            Flag::Blunder => "blunder",
        }
    }
}

/// A decision of the game reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionReview {
    /// The index of the decision among the walk's steps.
    pub step: usize,
    /// Each option's chance that the player deciding wins, with its Wilson 95% interval
    /// (alone: its mean turns to finish, from the game's start).
    pub options: Vec<Estimate>,
    /// The best option by its estimate over every rollout (the played one where it ties for
    /// best).
    pub best: usize,
    /// The played option's result less the best one's, with its paired 95% interval: a chance,
    /// alone turns. Each rollout is measured against the best picked by the rollouts of the
    /// other parity, so the figure carries no selection effect; it may fall on the played
    /// option's side of 0 when it is as good.
    pub played_vs_best: Estimate,
    /// The flag of the choice.
    pub flag: Flag,
    /// Each seat's chance to win before the decision, at the best option's position (alone:
    /// the turns to finish): a point of the game's course, as a chart draws it.
    pub standing_before: Vec<Estimate>,
    /// Each seat's chance to win after the decision, at the played option's position.
    pub standing_after: Vec<Estimate>,
}

/// A roll of the game reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct RollReview {
    /// The index of the roll among the walk's steps.
    pub step: usize,
    /// The roller's chance to win with the best use of the roll less the chance about to roll
    /// (alone: the turns to finish about to roll less those after), with its paired 95%
    /// interval: above 0 the dice helped.
    pub luck: Estimate,
    /// Each seat's chance to win about to roll (alone: the turns to finish): a point of the
    /// game's course, as a chart draws it.
    pub standing_before: Vec<Estimate>,
    /// Each seat's chance to win after the roll, at its best use for the roller (by every
    /// rollout; the position it forced when it left no choice).
    pub standing_after: Vec<Estimate>,
}

/// A player's summary.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerReview {
    /// The seat, from 0.
    pub seat: u8,
    /// Decisions of two options or more the player took.
    pub decisions: u32,
    /// Decisions flagged doubtful, error and blunder.
    pub flagged: [u32; 3],
    /// The chance given away over the game (alone: the turns lost), the sum of every
    /// decision's best less played, with its paired 95% interval.
    pub given_away: Estimate,
    /// The sum of the luck of the player's rolls, with its paired 95% interval.
    pub luck: Estimate,
}

/// A played game reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Rollouts per position.
    pub n: u64,
    /// Whether the table has one player (figures in turns).
    pub alone: bool,
    /// The decisions, in the walk's order.
    pub decisions: Vec<DecisionReview>,
    /// The rolls, in the walk's order.
    pub rolls: Vec<RollReview>,
    /// One summary a seat.
    pub players: Vec<PlayerReview>,
}

/// A figure measured rollout by rollout (each rollout's value: a win less a win, or alone
/// turns less turns), with its 95% interval: the paired score interval of a difference of
/// chances, or alone Student's t of whole numbers ([`super::interval`]).
fn measured(values: &[i64], alone: bool) -> Estimate {
    if alone {
        whole_numbers_of(values)
    } else {
        let plus = values.iter().filter(|&&x| x > 0).count() as u64;
        let minus = values.iter().filter(|&&x| x < 0).count() as u64;
        paired_chances(plus, minus, values.len() as u64)
    }
}

/// The position among `candidates` with the most goodness summed for `seat` over the rollouts
/// `keep` takes (the first on ties, or `prefer` when it ties for most).
fn best_of(
    o: &PlayOuts,
    candidates: &[usize],
    seat: u8,
    prefer: Option<usize>,
    keep: impl Fn(usize) -> bool,
) -> usize {
    let total = |k: usize| -> i64 {
        (0..o.n as usize)
            .filter(|&i| keep(i))
            .map(|i| o.goodness(candidates[k], seat, i))
            .sum()
    };
    let totals: Vec<i64> = (0..candidates.len()).map(total).collect();
    let top = totals.iter().copied().max().unwrap_or(0);
    match prefer {
        Some(k) if totals[k] == top => k,
        _ => totals.iter().position(|&t| t == top).unwrap_or(0),
    }
}

/// The best of `candidates` to measure rollout `i` against, for each parity of `i`: the best by
/// the rollouts of the other parity (cross-fitting), so the option a rollout is measured
/// against was picked by rollouts it is independent of, and picking the best among many
/// options does not favour it. With one rollout, the best by it.
fn cross_fitted(o: &PlayOuts, candidates: &[usize], seat: u8, prefer: Option<usize>) -> [usize; 2] {
    if o.n < 2 {
        let best = best_of(o, candidates, seat, prefer, |_| true);
        return [best, best];
    }
    let by_odd = best_of(o, candidates, seat, prefer, |i| i % 2 == 1);
    let by_even = best_of(o, candidates, seat, prefer, |i| i % 2 == 0);
    [by_odd, by_even]
}

/// Reviews the game `walk` of a table of `players` from its positions' play-outs `o`.
pub fn review<P>(walk: &Walk<P>, players: u8, o: &PlayOuts) -> Review {
    let n = o.n;
    let alone = o.alone;
    // What one decision's cost or one roll's luck can be: a difference of chances, or turns.
    let possible = if alone {
        (f64::NEG_INFINITY, f64::INFINITY)
    } else {
        (-1.0, 1.0)
    };
    let mut given_away: Vec<TermSum> = (0..players).map(|_| TermSum::new(n)).collect();
    let mut luck_sums: Vec<TermSum> = (0..players).map(|_| TermSum::new(n)).collect();
    let mut summary: Vec<PlayerReview> = (0..players)
        .map(|seat| PlayerReview {
            seat,
            decisions: 0,
            flagged: [0; 3],
            given_away: Estimate::default(),
            luck: Estimate::default(),
        })
        .collect();
    let (mut decisions, mut rolls) = (Vec::new(), Vec::new());
    for (step, s) in walk.steps.iter().enumerate() {
        if !played_out(s, o) {
            continue;
        }
        match s {
            WalkStep::Decision {
                seat,
                options,
                played,
                ..
            } => {
                let at: Vec<usize> = options.iter().map(|&(_, p)| p).collect();
                let best = best_of(o, &at, *seat, Some(*played), |_| true);
                let against = cross_fitted(o, &at, *seat, Some(*played));
                let costs: Vec<i64> = (0..n as usize)
                    .map(|i| {
                        o.goodness(at[against[i % 2]], *seat, i) - o.goodness(at[*played], *seat, i)
                    })
                    .collect();
                // Measured against itself in every rollout, the played option costs nothing.
                let cost = if against == [*played; 2] {
                    Estimate::exact(0.0)
                } else {
                    measured(&costs, alone)
                };
                given_away[*seat as usize].add(&costs, &cost, possible);
                // One rollout has no spread to tell a cost from noise: nothing is flagged.
                let flag = if n < 2 {
                    Flag::None
                } else {
                    Flag::of(&cost, alone)
                };
                // A cost is best less played in goodness: in chance, played less best is its
                // negation; alone (goodness is −turns) it is already played less best in turns.
                let played_vs_best = if alone { cost } else { cost.negated() };
                let options = at.iter().map(|&p| option_estimate(o, p, *seat)).collect();
                let player = &mut summary[*seat as usize];
                player.decisions += 1;
                if flag != Flag::None {
                    player.flagged[flag as usize - 1] += 1;
                }
                decisions.push(DecisionReview {
                    step,
                    options,
                    best,
                    played_vs_best,
                    flag,
                    standing_before: standing(o, at[best], players),
                    standing_after: standing(o, at[*played], players),
                });
            }
            WalkStep::Roll {
                seat,
                before,
                after,
                ..
            } => {
                let against = cross_fitted(o, after, *seat, None);
                let lucks: Vec<i64> = (0..n as usize)
                    .map(|i| {
                        o.goodness(after[against[i % 2]], *seat, i) - o.goodness(*before, *seat, i)
                    })
                    .collect();
                let luck = measured(&lucks, alone);
                luck_sums[*seat as usize].add(&lucks, &luck, possible);
                let best_use = best_of(o, after, *seat, None, |_| true);
                rolls.push(RollReview {
                    step,
                    luck,
                    standing_before: standing(o, *before, players),
                    standing_after: standing(o, after[best_use], players),
                });
            }
        }
    }
    for (k, player) in summary.iter_mut().enumerate() {
        player.given_away = given_away[k].estimate();
        player.luck = luck_sums[k].estimate();
    }
    Review {
        n,
        alone,
        decisions,
        rolls,
        players: summary,
    }
}

/// Whether every position step `s` is measured on is played out (an interrupted review is
/// reviewed up to where its play-outs reached).
fn played_out(s: &WalkStep, o: &PlayOuts) -> bool {
    match s {
        WalkStep::Decision { options, .. } => options.iter().all(|&(_, p)| o.position_done(p)),
        WalkStep::Roll { before, after, .. } => {
            o.position_done(*before) && after.iter().all(|&p| o.position_done(p))
        }
    }
}

/// Each seat's chance to win at position `p` of a table of `players` ([`option_estimate`]),
/// or alone the turns to finish: where the game stands there, for the course of the game a
/// chart draws.
fn standing(o: &PlayOuts, p: usize, players: u8) -> Vec<Estimate> {
    let seats = if o.alone { 1 } else { players };
    (0..seats).map(|seat| option_estimate(o, p, seat)).collect()
}

/// Position `p`'s chance that `seat` wins with its Wilson 95% interval, or alone its mean
/// turns with a 95% interval.
fn option_estimate(o: &PlayOuts, p: usize, seat: u8) -> Estimate {
    let n = o.n;
    if o.alone {
        let turns: Vec<i64> = (0..n as usize).map(|i| -o.goodness(p, seat, i)).collect();
        let e = whole_numbers_of(&turns);
        Estimate {
            lo: e.lo.max(0.0),
            ..e
        }
    } else {
        let wins: u64 = (0..n as usize).map(|i| o.goodness(p, seat, i) as u64).sum();
        chance(wins, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two positions of a two-player game, 100 rollouts: seat 0 wins the first 60 rollouts of
    /// position 0 and the first 50 of position 1 (seat 1 the rest).
    fn two_positions() -> PlayOuts {
        let n = 100;
        let wins = |k: u32| (0..n).map(move |i| if i < k { 0 } else { 1 });
        PlayOuts::from_results(n as u64, false, wins(60).chain(wins(50)).collect())
    }

    /// A decision between the two positions, of which seat 0 played the second, then a roll
    /// of seat 0 from the second to the first.
    fn walk() -> Walk<()> {
        Walk {
            positions: vec![(), ()],
            steps: vec![
                WalkStep::Decision {
                    line: 1,
                    seat: 0,
                    what: "roll or stop".into(),
                    options: vec![("roll".into(), 0), ("stop".into(), 1)],
                    played: 1,
                },
                WalkStep::Roll {
                    line: 2,
                    seat: 0,
                    dice: "1 2 3 4".into(),
                    before: 1,
                    after: vec![0],
                },
            ],
        }
    }

    #[test]
    fn a_choice_is_measured_against_the_best_rollout_by_rollout() {
        let r = review(&walk(), 2, &two_positions());
        let d = &r.decisions[0];
        assert_eq!(d.best, 0);
        assert!((d.options[0].mean - 0.6).abs() < 1e-12);
        // Ten rollouts differ by 1 (the best won, the played lost), ninety by 0: the paired
        // interval of those counts.
        assert_eq!(d.played_vs_best, paired_chances(10, 0, 100).negated());
        assert!((d.played_vs_best.mean + 0.1).abs() < 1e-12, "{d:?}");
        // 10 points given away, clear of 0: a blunder (8 points or more).
        assert_eq!(d.flag, Flag::Blunder);
        let p = &r.players[0];
        assert_eq!((p.decisions, p.flagged), (1, [0, 0, 1]));
        assert!((p.given_away.mean - 0.1).abs() < 1e-12);
        // The roll took seat 0 from 50% to 60%: 10 points of luck, rollout by rollout.
        assert!((r.rolls[0].luck.mean - 0.1).abs() < 1e-12);
        assert!((p.luck.mean - 0.1).abs() < 1e-12);
        assert_eq!(r.players[1].decisions, 0);
    }

    #[test]
    fn the_played_option_tying_for_best_is_best() {
        let mut o = two_positions();
        let first: Vec<u32> = o.of(0).to_vec();
        o.set(1, 0, &first).unwrap();
        let r = review(&walk(), 2, &o);
        assert_eq!(r.decisions[0].best, 1);
        assert_eq!(r.decisions[0].flag, Flag::None);
        assert_eq!(r.decisions[0].played_vs_best.mean, 0.0);
    }

    #[test]
    fn flags_double_from_one_to_the_next_and_need_a_cost_clear_of_zero() {
        let cost = |mean: f64, lo: f64| Estimate { mean, lo, hi: 1.0 };
        assert_eq!(Flag::of(&cost(0.019, 0.01), false), Flag::None);
        assert_eq!(Flag::of(&cost(0.02, 0.01), false), Flag::Doubtful);
        assert_eq!(Flag::of(&cost(0.04, 0.01), false), Flag::Error);
        assert_eq!(Flag::of(&cost(0.08, 0.01), false), Flag::Blunder);
        assert_eq!(Flag::of(&cost(0.30, 0.0), false), Flag::None);
        assert_eq!(Flag::of(&cost(0.2, 0.1), true), Flag::Error);
        assert_eq!(Flag::of(&cost(0.4, 0.1), true), Flag::Blunder);
    }

    #[test]
    fn alone_a_roll_that_saves_turns_is_lucky() {
        // Position 0 finishes in 8 turns every rollout, position 1 in 10.
        let o = PlayOuts::from_results(4, true, vec![8, 8, 8, 8, 10, 10, 10, 10]);
        let r = review(&walk(), 1, &o);
        assert_eq!(r.decisions[0].best, 0);
        assert_eq!(r.decisions[0].played_vs_best.mean, 2.0);
        assert_eq!(r.decisions[0].flag, Flag::Blunder);
        assert_eq!(r.rolls[0].luck.mean, 2.0);
    }

    #[test]
    fn one_rollout_flags_nothing() {
        let o = PlayOuts::from_results(1, false, vec![0, 1]);
        let r = review(&walk(), 2, &o);
        assert_eq!(r.decisions[0].played_vs_best.mean, -1.0);
        assert_eq!(r.decisions[0].flag, Flag::None);
    }

    #[test]
    fn the_best_of_many_equal_options_takes_nothing_from_the_played_one() {
        // Fifty decisions of thirty options of equal worth, each rollout's winner a coin (a
        // fixed pseudo-random sequence). Picked by the rollouts that measure it, the luckiest
        // option of each beats the played one by some points, which add up over the game to
        // far more than their interval; measured against the other parity's pick, the game's
        // total is nothing within its interval.
        let (n, k, decisions) = (200usize, 30usize, 50usize);
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut coin = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 33) as u32 & 1
        };
        let results: Vec<u32> = (0..n * k * decisions).map(|_| coin()).collect();
        let o = PlayOuts::from_results(n as u64, false, results);
        let walk = Walk {
            positions: vec![(); k * decisions],
            steps: (0..decisions)
                .map(|d| WalkStep::Decision {
                    line: d + 1,
                    seat: 0,
                    what: "one of thirty".into(),
                    options: (0..k).map(|p| (format!("option {p}"), d * k + p)).collect(),
                    played: 0,
                })
                .collect(),
        };
        let wins = |p: usize| (0..n).filter(|&i| o.goodness(p, 0, i) == 1).count() as f64;
        let naive: f64 = (0..decisions)
            .map(|d| {
                let best = (0..k).map(|p| wins(d * k + p)).fold(0.0, f64::max);
                (best - wins(d * k)) / n as f64
            })
            .sum();
        let r = review(&walk, 2, &o);
        let total = &r.players[0].given_away;
        assert!(
            naive > 2.0 * (total.hi - total.lo),
            "the trap: {naive} {total:?}"
        );
        assert!(total.lo < 0.0 && total.hi > 0.0, "{total:?}");
        // A 95% interval clears 0 by chance one time in forty on the costly side.
        let flagged: u32 = r.players[0].flagged.iter().sum();
        assert!(flagged <= 3, "{:?}", r.players[0].flagged);
    }
}
