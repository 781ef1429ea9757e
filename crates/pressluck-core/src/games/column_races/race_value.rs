//! A cheap value of a column race at a turn's start: each player's chance to win, from a
//! multinomial logit over features of the board (progress by column class, columns won,
//! points, the columns still needed, who moves next), fitted to the outcomes of games the
//! base player plays against itself. The searching player values its truncated rollouts with
//! it (docs/search.md).
//!
//! The fit is exact arithmetic on a fixed set of games (seeded, one thread), so the same rules
//! and base give the same weights on any machine and thread count.

use crate::columns::set::{MAX_COLUMN, MIN_COLUMN};
use crate::columns::{Board, Game, GameKind, Rules};
use crate::counters::MatchupStats;
use crate::engine::deal::game_streams;
use crate::engine::play::{play_from, ColumnPosition, Player};
use crate::engine::Avx2;
use crate::games::column_races::turn_dice::{rollout_key, TurnDice};
use crate::games::family::SEAT_ORDER;
use crate::policy::AnyPolicy;
use std::sync::{Arc, Mutex};

/// Features a player's standing is read by.
pub const FEATURES: usize = 30;

/// The value: one weight a feature; a player's chance is the softmax of the players' scores.
#[derive(Clone, Debug, PartialEq)]
pub struct RaceValue {
    /// The weights.
    w: [f64; FEATURES],
}

/// A position of a game played to its end: the board at a turn's start, the player to move
/// and the winner.
#[derive(Clone, Copy, Debug)]
struct Sample {
    board: Board,
    to_move: u8,
    winner: u8,
}

impl RaceValue {
    /// The chance of each player to win the game of `game`, at a turn's start (the turn in
    /// hand empty), in `out[..players]`.
    pub fn chances(&self, rules: &Rules, game: &Game, out: &mut [f64; 4]) {
        let n = rules.players as usize;
        if let Some(w) = game.winner {
            for (p, o) in out.iter_mut().enumerate().take(n) {
                *o = f64::from(u8::from(p == w as usize));
            }
            return;
        }
        let mut s = [0.0f64; 4];
        for (p, sp) in s.iter_mut().enumerate().take(n) {
            let f = features(rules, &game.board, p as u8, game.to_move);
            *sp = dot(&self.w, &f);
        }
        let top = s[..n].iter().copied().fold(f64::MIN, f64::max);
        let mut total = 0.0;
        for p in 0..n {
            out[p] = (s[p] - top).exp();
            total += out[p];
        }
        for o in out.iter_mut().take(n) {
            *o /= total;
        }
    }

    /// Player `p`'s chance to win the game of `game` at a turn's start.
    pub fn chance(&self, rules: &Rules, game: &Game, p: u8) -> f64 {
        let mut out = [0.0; 4];
        self.chances(rules, game, &mut out);
        out[p as usize & 3]
    }

    /// The value fitted to `games` games of `base` against itself under `rules` (two players
    /// or more), dealt from `seed`: every turn's start of every game, weighed by its winner.
    pub fn fit(rules: &Rules, base: &AnyPolicy, games: u64, seed: u64) -> RaceValue {
        let samples = gather(rules, base, games, seed);
        RaceValue {
            w: newton(rules, &samples),
        }
    }

    /// The mean log-likelihood of the winners of `games` fresh games (from `seed`) and the
    /// share of positions whose favourite won: how well it predicts.
    pub fn check(&self, rules: &Rules, base: &AnyPolicy, games: u64, seed: u64) -> (f64, f64) {
        let samples = gather(rules, base, games, seed);
        let (mut ll, mut hit) = (0.0, 0.0);
        let mut out = [0.0; 4];
        for s in &samples {
            let g = Game {
                board: s.board,
                to_move: s.to_move,
                ..Game::new()
            };
            self.chances(rules, &g, &mut out);
            ll += out[s.winner as usize].max(1e-12).ln();
            let fav = (0..rules.players as usize)
                .max_by(|&a, &b| out[a].total_cmp(&out[b]))
                .unwrap_or(0);
            hit += f64::from(u8::from(fav == s.winner as usize));
        }
        let n = samples.len().max(1) as f64;
        (ll / n, hit / n)
    }
}

/// The dot product of two feature vectors.
#[inline]
fn dot(a: &[f64; FEATURES], b: &[f64; FEATURES]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Every turn's start of `games` games of `base` in every seat, with the winner.
fn gather(rules: &Rules, base: &AnyPolicy, games: u64, seed: u64) -> Vec<Sample> {
    let n = rules.players as usize;
    let mut seats: Vec<Player<AnyPolicy>> = (0..n)
        .map(|_| Player::new(base.clone(), rules, Avx2::cpu()))
        .collect();
    let mut stats = Box::<MatchupStats>::default();
    let mut out = Vec::new();
    let mut game_boards = Vec::new();
    for i in 0..games {
        let key = rollout_key(seed, i);
        let (_, mut rng) = game_streams(seed, 0x7a1e, i).generators();
        let mut pos = ColumnPosition::start();
        game_boards.clear();
        while !pos.game.finished() && game_boards.len() < 10_000 {
            game_boards.push((pos.game.board, pos.game.to_move));
            let p = pos.game.to_move;
            let mut dice = TurnDice::new(key, p, pos.game.turns[p as usize & 3], Some(1));
            let g = play_from(
                rules,
                &mut seats,
                &SEAT_ORDER[..n],
                &pos,
                &mut dice,
                &mut rng,
                &mut stats,
            );
            pos = ColumnPosition {
                game: g,
                decide_first: false,
            };
        }
        if let Some(w) = pos.game.winner {
            out.extend(game_boards.iter().map(|&(board, to_move)| Sample {
                board,
                to_move,
                winner: w,
            }));
        }
    }
    out
}

/// The features of player `p`'s standing on `board`, `to_move` to move.
fn features(rules: &Rules, board: &Board, p: u8, to_move: u8) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    let n = rules.players;
    let order = (p + n - to_move) % n;
    f[0] = f64::from(u8::from(order == 0));
    f[1] = f64::from(u8::from(order == 1));
    f[2] = f64::from(u8::from(order == 2));
    let cs = rules.game == GameKind::CantStop;
    let won = f64::from(board.won[p as usize]);
    let need_total = if cs {
        rules.columns_to_win
    } else {
        rules.columns_to_end
    };
    f[3] = won / f64::from(need_total);
    let score = if cs {
        0.0
    } else {
        f64::from(board.scores[p as usize]) / 10.0
    };
    f[4] = score;
    let (mut t1, mut t2, mut t3) = (0.0f64, 0.0f64, 0.0f64);
    let (mut contest, mut near) = (0.0, 0.0);
    let (mut pts, mut pts2, mut second) = (0.0, 0.0, 0.0);
    for c in MIN_COLUMN..=MAX_COLUMN {
        if board.closed.has_sum(c) {
            continue;
        }
        let len = rules.layout.len(c);
        let mine = board.cube(p, c);
        let x = f64::from(mine) / f64::from(len);
        let class = (c as i32 - 7).unsigned_abs() as usize;
        f[5 + class] += x;
        f[11 + class] += x * x;
        if x > t1 {
            (t1, t2, t3) = (x, t1, t2);
        } else if x > t2 {
            (t2, t3) = (x, t2);
        } else if x > t3 {
            t3 = x;
        }
        let mut best_other = 0u8;
        for q in (0..n).filter(|&q| q != p) {
            best_other = best_other.max(board.cube(q, c));
        }
        contest += x * f64::from(best_other) / f64::from(len);
        near += f64::from(u8::from(mine > 0 && len - mine <= 2));
        if !cs {
            let first = f64::from(rules.layout.first[c as usize]) / 10.0;
            pts += x * first;
            pts2 += x * x * first;
            if mine > 0 && mine < best_other && rules.takes_second(c, mine) {
                // Behind the furthest opponent: second place, unless another is between.
                let between = (0..n)
                    .filter(|&q| q != p)
                    .any(|q| board.cube(q, c) > mine && board.cube(q, c) < best_other);
                if !between {
                    second += f64::from(rules.layout.second[c as usize]) / 10.0;
                }
            }
        }
    }
    let need = if cs {
        rules.columns_to_win.saturating_sub(board.won[p as usize])
    } else {
        3
    };
    let top = match need {
        0 => 0.0,
        1 => t1,
        2 => t1 + t2,
        _ => t1 + t2 + t3,
    };
    f[17] = top;
    f[18] = top * top;
    f[19] = t1;
    f[20] = t1 * t1;
    f[21] = contest;
    f[22] = pts;
    f[23] = pts2;
    f[24] = second;
    let phase = f64::from(board.closed.len()) / f64::from(rules.columns_to_end.min(11));
    f[25] = phase * if cs { won } else { score };
    f[26] = near;
    f[27] = f64::from(u8::from(cs && need == 1)) * t1;
    f[28] = f64::from(u8::from(cs && need == 1));
    f[29] = f64::from(u8::from(cs && need == 2));
    f
}

/// Ridge on the weights, per sample.
const RIDGE: f64 = 1e-5;

/// Newton's method on the mean log-likelihood of the winners (multinomial logit, shared
/// weights), with a small ridge.
fn newton(rules: &Rules, samples: &[Sample]) -> [f64; FEATURES] {
    let n = rules.players as usize;
    let mut w = [0.0f64; FEATURES];
    let m = samples.len().max(1) as f64;
    for _ in 0..12 {
        let mut grad = [0.0f64; FEATURES];
        let mut hess = [[0.0f64; FEATURES]; FEATURES];
        for s in samples {
            let mut f = [[0.0f64; FEATURES]; 4];
            let mut sc = [0.0f64; 4];
            for p in 0..n {
                f[p] = features(rules, &s.board, p as u8, s.to_move);
                sc[p] = dot(&w, &f[p]);
            }
            let top = sc[..n].iter().copied().fold(f64::MIN, f64::max);
            let mut pr = [0.0f64; 4];
            let mut total = 0.0;
            for p in 0..n {
                pr[p] = (sc[p] - top).exp();
                total += pr[p];
            }
            let mut mean = [0.0f64; FEATURES];
            for p in 0..n {
                pr[p] /= total;
                for k in 0..FEATURES {
                    mean[k] += pr[p] * f[p][k];
                }
            }
            for k in 0..FEATURES {
                grad[k] += f[s.winner as usize][k] - mean[k];
            }
            for p in 0..n {
                for a in 0..FEATURES {
                    let fa = pr[p] * (f[p][a] - mean[a]);
                    if fa == 0.0 {
                        continue;
                    }
                    for b in a..FEATURES {
                        hess[a][b] += fa * (f[p][b] - mean[b]);
                    }
                }
            }
        }
        for (g, wa) in grad.iter_mut().zip(&w) {
            *g = *g / m - RIDGE * wa;
        }
        // Only the upper triangle was summed: scaled, and mirrored below the diagonal.
        let upper = hess;
        for (a, row) in hess.iter_mut().enumerate() {
            for (b, h) in row.iter_mut().enumerate() {
                *h = match b.cmp(&a) {
                    std::cmp::Ordering::Less => upper[b][a] / m,
                    std::cmp::Ordering::Equal => upper[a][a] / m + RIDGE,
                    std::cmp::Ordering::Greater => upper[a][b] / m,
                };
            }
        }
        let step = solve(hess, grad);
        let mut size = 0.0f64;
        for k in 0..FEATURES {
            w[k] += step[k];
            size = size.max(step[k].abs());
        }
        if size < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `a x = b` for a symmetric positive definite `a` (Cholesky).
fn solve(a: [[f64; FEATURES]; FEATURES], b: [f64; FEATURES]) -> [f64; FEATURES] {
    let mut l = [[0.0f64; FEATURES]; FEATURES];
    for i in 0..FEATURES {
        for j in 0..=i {
            let s = l[i][..j]
                .iter()
                .zip(&l[j][..j])
                .fold(a[i][j], |s, (x, y)| s - x * y);
            l[i][j] = if i == j {
                s.max(1e-12).sqrt()
            } else {
                s / l[j][j]
            };
        }
    }
    let mut y = [0.0f64; FEATURES];
    for i in 0..FEATURES {
        let mut s = b[i];
        for k in 0..i {
            s -= l[i][k] * y[k];
        }
        y[i] = s / l[i][i];
    }
    let mut x = [0.0f64; FEATURES];
    for i in (0..FEATURES).rev() {
        let mut s = y[i];
        for k in i + 1..FEATURES {
            s -= l[k][i] * x[k];
        }
        x[i] = s / l[i][i];
    }
    x
}

/// Games of the base player against itself the value is fitted to.
pub const FIT_GAMES: u64 = 5_000;

/// The seed the fitting games are dealt from.
const FIT_SEED: u64 = 0x07a1_ef17;

/// The value for `rules` and the base player whose definition is `base_key` (built as
/// `base`): fitted on first use ([`FIT_GAMES`] games) and shared by every searcher of the
/// process after, so each thread and chunk of a run reads the same weights.
pub fn shared_value(rules: &Rules, base_key: &str, base: &AnyPolicy) -> Arc<RaceValue> {
    static FITTED: Mutex<Vec<(String, Arc<RaceValue>)>> = Mutex::new(Vec::new());
    let key = format!("{}|{base_key}", rules.identity());
    let found = |list: &Vec<(String, Arc<RaceValue>)>| {
        list.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone())
    };
    if let Some(v) = found(&FITTED.lock().unwrap_or_else(|e| e.into_inner())) {
        return v;
    }
    // Fitted outside the lock: two threads may fit the same value at once, to the same
    // weights; the first kept is the one shared.
    let v = Arc::new(RaceValue::fit(rules, base, FIT_GAMES, FIT_SEED));
    let mut list = FITTED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(v) = found(&list) {
        return v;
    }
    list.push((key, v.clone()));
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::PolicySpec;

    #[test]
    fn the_fitted_value_predicts_better_than_a_coin_and_knows_a_won_game() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let base = PolicySpec::parse("glenn").unwrap().build(&rules);
        let v = RaceValue::fit(&rules, &base, 300, 1);
        // Fresh games: the winners more likely than a coin says, the favourite winning more
        // often than not.
        let (ll, hit) = v.check(&rules, &base, 300, 2);
        assert!(ll > -(2f64.ln()) + 0.05, "{ll}");
        assert!(hit > 0.6, "{hit}");
        let mut game = Game::new();
        let mut out = [0.0; 4];
        v.chances(&rules, &game, &mut out);
        assert!((out[0] + out[1] - 1.0).abs() < 1e-12, "{out:?}");
        // Player 2 holds two columns and stands one space below the top of a third.
        for c in [2, 3] {
            game.board.closed = game.board.closed.with(c);
            game.board.won[1] += 1;
            game.board.set_cube(1, c, rules.layout.len(c));
        }
        game.board.set_cube(1, 7, rules.layout.len(7) - 1);
        assert!(
            v.chance(&rules, &game, 1) > 0.8,
            "{}",
            v.chance(&rules, &game, 1)
        );
        game.winner = Some(0);
        assert_eq!(
            (v.chance(&rules, &game, 0), v.chance(&rules, &game, 1)),
            (1.0, 0.0)
        );
    }
}
