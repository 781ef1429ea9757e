//! The searching player of Route 66 and Can't Stop (`rollout:BASE[,n=N][,z=Z]`): at each
//! decision with two options or more it plays the game on from every option up to `n` times,
//! BASE in every seat, and weighs each option by the rollouts the player to move won (alone:
//! the turns to finish). One step of policy improvement over BASE, by Monte Carlo
//! (docs/search.md).
//!
//! - Common random numbers: rollout `i` of every option is dealt the same dice and policy
//!   streams, from (a seed drawn from the game's policy stream, `i`), so options differ by
//!   the option and not by the dice. One `u64` is drawn per searched decision, so a game with
//!   a searching seat is as deterministic as any other.
//! - The choice: BASE's own option unless another beats it by more than `z` standard
//!   deviations of their paired difference (`z` = 0: the most wins, exact ties to BASE's).
//!   A stop that wins the game at once is taken without search, and so is a use of a roll
//!   after which stopping wins. A search ends early once more rollouts would not change the
//!   choice (`z` = 0, two players or more: the leader cannot be caught) or, at a look every [`CHECK_EVERY`]
//!   rollouts, every option stands [`SETTLED_Z`] deviations from BASE's.
//! - The rollouts run one after another on the scalar engine's loop (`play_from`) with seats
//!   built once per searching seat, allocating nothing per roll.

use crate::columns::{ChoiceList, Game, Rules, MAX_CHOICES};
use crate::counters::MatchupStats;
use crate::dice::Roll;
use crate::engine::cpu::Avx2;
use crate::engine::deal::{game_streams, name_key};
use crate::engine::dice_source::RngDice;
use crate::engine::play::{play_from, ColumnPosition, Player};
use crate::games::family::SEAT_ORDER;
use crate::policy::{AnyPolicy, ChoiceScores, Policy, PolicySpec, View};
use rand_core::RngCore;

/// The key the searching player's rollout streams are dealt under ([`game_streams`]'s matchup
/// key), with the seed drawn at the decision.
pub fn search_key() -> u64 {
    name_key("search")
}

/// A seat's policy in a column race that may search: a fixed rule, or the searching player.
// The rule stays unboxed, as the engine plays it; the searcher, rarely built, is boxed.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum SeatPolicy {
    /// A fixed rule of the policy room.
    Rule(AnyPolicy),
    /// The searching player (boxed: it holds its rollouts' seats).
    Search(Box<Searcher>),
}

impl SeatPolicy {
    /// The policy `spec` plays under `rules`; a searching player's rollouts ranked on the
    /// turn's shape with `avx2` where its base allows.
    pub fn build(spec: &PolicySpec, rules: &Rules, avx2: Option<Avx2>) -> SeatPolicy {
        match spec.search() {
            Some(s) => SeatPolicy::Search(Box::new(Searcher::new(
                s.base.build(rules),
                s.n,
                s.z,
                rules,
                avx2,
            ))),
            None => SeatPolicy::Rule(spec.build(rules)),
        }
    }
}

impl Policy for SeatPolicy {
    #[inline(always)]
    fn choose<R: RngCore>(
        &mut self,
        view: &View,
        roll: Roll,
        choices: &ChoiceList,
        rng: &mut R,
    ) -> usize {
        match self {
            SeatPolicy::Rule(p) => p.choose(view, roll, choices, rng),
            SeatPolicy::Search(s) => s.choose(view, roll, choices, rng),
        }
    }

    #[inline(always)]
    fn keep_rolling<R: RngCore>(&mut self, view: &View, rng: &mut R) -> bool {
        match self {
            SeatPolicy::Rule(p) => p.keep_rolling(view, rng),
            SeatPolicy::Search(s) => s.keep_rolling(view, rng),
        }
    }

    fn choice_scores(&self, rules: &Rules) -> Option<ChoiceScores> {
        match self {
            SeatPolicy::Rule(p) => p.choice_scores(rules),
            // It chooses by rollouts: always asked, never ranked.
            SeatPolicy::Search(_) => None,
        }
    }
}

/// The searching player: its base, its budget, and what its rollouts need, made once.
#[derive(Clone, Debug)]
pub struct Searcher {
    /// The rules.
    rules: Rules,
    /// Rollouts per option, at most.
    n: u32,
    /// The margin, in standard deviations of the paired difference, by which an option must
    /// beat BASE's to be taken instead (0: the most wins, ties to BASE's).
    z: f64,
    /// The base player, whose choice ties keep.
    base: AnyPolicy,
    /// The base player in every seat of the rollouts.
    seats: Vec<Player<AnyPolicy>>,
    /// The rollouts' counters, unread.
    stats: Box<MatchupStats>,
    /// The positions after each option of the decision in hand.
    options: Vec<ColumnPosition>,
    /// Decisions searched and rollouts played (each option's play-out counted), for figures.
    tally: SearchTally,
}

/// What a searching player has done: decisions searched and games played on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchTally {
    /// Decisions of two options or more it was asked.
    pub decisions: u64,
    /// Of those, decided without search (a stop that wins at once, or a use after which it
    /// does).
    pub won_at_once: u64,
    /// Games played on from an option.
    pub play_outs: u64,
}

impl Searcher {
    /// The searching player over `base` with at most `n` rollouts per option and margin `z`,
    /// under `rules`; its rollouts ranked on the turn's shape with `avx2` where `base` allows.
    pub fn new(base: AnyPolicy, n: u32, z: f64, rules: &Rules, avx2: Option<Avx2>) -> Searcher {
        let seats = (0..rules.players)
            .map(|_| Player::new(base.clone(), rules, avx2))
            .collect();
        Searcher {
            rules: *rules,
            n,
            z,
            base,
            seats,
            stats: Box::default(),
            options: Vec::with_capacity(MAX_CHOICES),
            tally: SearchTally::default(),
        }
    }

    /// What it has done so far.
    pub fn tally(&self) -> SearchTally {
        self.tally
    }

    /// Roll on or stop: stop at once when stopping wins, else BASE's option unless the other
    /// beats it by more than `z` deviations of their paired difference (`Score::pick`).
    pub fn keep_rolling<R: RngCore>(&mut self, view: &View, rng: &mut R) -> bool {
        self.tally.decisions += 1;
        if view.stop_wins() {
            self.tally.won_at_once += 1;
            return false;
        }
        let base_rolls = self.base.keep_rolling(view, rng);
        let mut stop = *view.game;
        stop.stop(&self.rules);
        self.options.clear();
        self.options.push(ColumnPosition {
            game: *view.game,
            decide_first: false,
        });
        self.options.push(ColumnPosition {
            game: stop,
            decide_first: false,
        });
        let pick = self.search(view.game, usize::from(!base_rolls), rng.next_u64());
        pick == 0
    }

    /// The use of `roll` among `choices` (two or more): one after which stopping wins, at once,
    /// else BASE's use unless another's rollouts (BASE deciding first whether to roll on) beat
    /// it by more than `z` deviations of their paired difference (`Score::pick`).
    pub fn choose<R: RngCore>(
        &mut self,
        view: &View,
        roll: Roll,
        choices: &ChoiceList,
        rng: &mut R,
    ) -> usize {
        self.tally.decisions += 1;
        let base_pick = self
            .base
            .choose(view, roll, choices, rng)
            .min(choices.len() - 1);
        let after = |i: usize| {
            let mut g = *view.game;
            g.take(&self.rules, choices, i);
            g
        };
        let wins_now = |i: usize| View::new(&self.rules, &after(i)).stop_wins();
        if let Some(i) = std::iter::once(base_pick)
            .chain(0..choices.len())
            .find(|&i| wins_now(i))
        {
            self.tally.won_at_once += 1;
            return i;
        }
        self.options.clear();
        for i in 0..choices.len() {
            self.options.push(ColumnPosition {
                game: after(i),
                decide_first: true,
            });
        }
        self.search(view.game, base_pick, rng.next_u64())
    }

    /// Plays each of `self.options` on from `game` (the decision's position), rollout `i` of
    /// every option dealt the streams of (`seed`, `i`), and returns the option chosen: BASE's
    /// (`base_pick`) unless another beats it by more than `z` standard deviations of their
    /// paired difference, then the best of those ([`Score::pick`]). Every [`CHECK_EVERY`]
    /// rollouts the search ends early once every option stands more than [`SETTLED_Z`]
    /// deviations from BASE's either way; with `z` = 0 (the plain rule: the most wins), once
    /// the leader cannot be caught.
    fn search(&mut self, game: &Game, base_pick: usize, seed: u64) -> usize {
        let mover = game.to_move;
        let k = self.options.len();
        let players = self.rules.players as usize;
        let key = search_key();
        let mut score = Score::new(k, base_pick, self.rules.players == 1);
        for i in 0..self.n {
            let (dice, policy) = game_streams(seed, key, u64::from(i)).generators();
            let mut result = [0i64; MAX_CHOICES];
            for (j, r) in result.iter_mut().enumerate().take(k) {
                let end = play_from(
                    &self.rules,
                    &mut self.seats,
                    &SEAT_ORDER[..players],
                    &self.options[j],
                    &mut RngDice(dice.clone()),
                    &mut policy.clone(),
                    &mut self.stats,
                );
                *r = if score.alone {
                    // Fewer turns is better: scored as minus the turns.
                    -i64::from(end.turns[mover as usize & 3])
                } else {
                    i64::from(end.winner == Some(mover))
                };
            }
            score.add(&result[..k]);
            self.tally.play_outs += k as u64;
            let left = u64::from(self.n - i - 1);
            if left > 0 && score.settled(self.z, left) {
                break;
            }
        }
        score.pick(self.z)
    }
}

/// Rollouts between looks at whether a search is settled.
pub const CHECK_EVERY: u64 = 32;

/// Deviations from BASE's option beyond which an option's standing is settled before the
/// budget is spent.
pub const SETTLED_Z: f64 = 3.0;

/// The running score of a search: per option the sum of its results (wins, or minus turns
/// alone) and the sum of squared differences to BASE's option's, rollout by rollout.
#[derive(Clone, Debug)]
struct Score {
    /// Results summed, per option.
    sum: [i64; MAX_CHOICES],
    /// Σ (result − BASE's result)², per option.
    sq: [i64; MAX_CHOICES],
    /// Options.
    k: usize,
    /// BASE's option.
    base: usize,
    /// Rollouts so far.
    n: u64,
    /// Whether the player to move plays alone (results are minus turns).
    alone: bool,
}

impl Score {
    /// No rollouts yet of `k` options, BASE's being `base`.
    fn new(k: usize, base: usize, alone: bool) -> Score {
        Score {
            sum: [0; MAX_CHOICES],
            sq: [0; MAX_CHOICES],
            k,
            base,
            n: 0,
            alone,
        }
    }

    /// Adds one rollout's results, one an option.
    fn add(&mut self, result: &[i64]) {
        let b = result[self.base];
        for (j, &r) in result.iter().enumerate() {
            self.sum[j] += r;
            self.sq[j] += (r - b) * (r - b);
        }
        self.n += 1;
    }

    /// Option `j`'s lead over BASE's (summed) and that sum's standard deviation, from the
    /// per-rollout differences.
    fn lead(&self, j: usize) -> (f64, f64) {
        let d = (self.sum[j] - self.sum[self.base]) as f64;
        let n = self.n.max(1) as f64;
        let var = (self.sq[j] as f64 - d * d / n).max(0.0);
        (d, var.sqrt())
    }

    /// The option chosen: with `z` > 0, the best (by sum; the first listed on ties) of the
    /// options leading BASE's by more than `z` deviations, else BASE's; with `z` = 0, the
    /// best by sum, BASE's on ties.
    fn pick(&self, z: f64) -> usize {
        let mut pick = self.base;
        for j in 0..self.k {
            let (d, sd) = self.lead(j);
            let clears = if z > 0.0 { d > z * sd } else { d > 0.0 };
            if clears && self.sum[j] > self.sum[pick] {
                pick = j;
            }
        }
        pick
    }

    /// Whether more rollouts (`left` of them) cannot change the pick, or, at a look (every
    /// [`CHECK_EVERY`] rollouts), are not worth playing: with `z` = 0 and wins, once no option
    /// can catch or tie the leader; otherwise once every option stands more than
    /// [`SETTLED_Z`] deviations (and more than `z`) from BASE's, either way.
    fn settled(&self, z: f64, left: u64) -> bool {
        if z == 0.0 && !self.alone {
            let lead = (0..self.k).map(|j| self.sum[j]).max().unwrap_or(0);
            let leaders = (0..self.k).filter(|&j| self.sum[j] == lead).count();
            let caught =
                (0..self.k).any(|j| self.sum[j] != lead && self.sum[j] + left as i64 >= lead);
            if leaders == 1 && !caught {
                return true;
            }
        }
        if z == 0.0 || !self.n.is_multiple_of(CHECK_EVERY) {
            return false;
        }
        let bar = z.max(SETTLED_Z);
        (0..self.k).filter(|&j| j != self.base).all(|j| {
            let (d, sd) = self.lead(j);
            d.abs() > bar * sd.max(1.0)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Choice, GameKind};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The score of rollouts listed result by result, one row a rollout.
    fn score(rows: &[&[i64]], base: usize, alone: bool) -> Score {
        let mut s = Score::new(rows[0].len(), base, alone);
        for r in rows {
            s.add(r);
        }
        s
    }

    #[test]
    fn the_plain_rule_takes_the_most_wins_and_ties_keep_the_base_players_option() {
        let s = score(&[&[1, 0, 1], &[0, 1, 1], &[0, 1, 0]], 0, false);
        // Wins 1, 2, 2: options 1 and 2 tie above BASE's; the first listed.
        assert_eq!(s.pick(0.0), 1);
        let s = score(&[&[1, 0, 1], &[0, 1, 1], &[0, 1, 0]], 2, false);
        assert_eq!(s.pick(0.0), 2, "BASE's option is among the best");
        // Alone, results are minus turns: fewer turns wins.
        let s = score(&[&[-9, -8], &[-7, -7]], 0, true);
        assert_eq!(s.pick(0.0), 1);
    }

    #[test]
    fn a_margin_keeps_the_base_players_option_unless_another_clears_it() {
        // Option 1 wins 6 rollouts more than BASE's in 10 with 6 differing: the lead is 6, its
        // deviation √(6 − 36/10) = 1.55; it clears z = 2 (3.1) but not z = 4 (6.2).
        let mut rows: Vec<&[i64]> = vec![&[0, 1]; 6];
        rows.extend([&[1, 1][..]; 4]);
        let s = score(&rows, 0, false);
        assert_eq!(s.pick(2.0), 1);
        assert_eq!(s.pick(4.0), 0);
    }

    #[test]
    fn a_search_is_settled_once_no_option_can_catch_the_leader() {
        // The plain rule: a leader 6 wins ahead with 5 rollouts left cannot be caught.
        let mut s = score(&[&[1, 0][..]; 6], 1, false);
        assert!(s.settled(0.0, 5));
        assert!(!s.settled(0.0, 6), "6 more wins would tie");
        s.add(&[0, 1]);
        assert!(!s.settled(0.0, 5), "now 5 ahead: 5 more wins would tie");
        assert!(s.settled(0.0, 4));
        // With a margin only at a look: 32 rollouts, option 1 behind BASE's in all of them.
        let s = score(&[&[1, 0][..]; CHECK_EVERY as usize], 0, false);
        assert!(s.settled(2.0, 100));
        let s = score(&[&[1, 0][..]; CHECK_EVERY as usize - 1], 0, false);
        assert!(!s.settled(2.0, 100), "between looks");
    }

    /// Can't Stop for two: player 1 has won 2 and 12 and, this turn, holds a car at the top of
    /// 3 and cars on 4 and 5, so stopping wins at once.
    fn third_column_in_hand(rules: &Rules) -> Game {
        let mut game = Game::new();
        for c in [2, 12] {
            game.board.set_cube(0, c, rules.layout.len(c));
            game.board.closed = game.board.closed.with(c);
            game.board.won[0] += 1;
        }
        for _ in 0..rules.layout.len(3) {
            game.turn = game.turn.after(rules, &game.board, 0, Choice::one(3));
        }
        for c in [4, 5] {
            game.turn = game.turn.after(rules, &game.board, 0, Choice::one(c));
        }
        game.turn.rolls = 4;
        game
    }

    #[test]
    fn a_stop_that_wins_at_once_is_taken_without_search() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let game = third_column_in_hand(&rules);
        // A base that would roll on: it is not asked.
        let base = PolicySpec::parse("rolls:100").unwrap().build(&rules);
        let mut s = Searcher::new(base, 50, 2.0, &rules, Avx2::cpu());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        assert!(!s.keep_rolling(&View::new(&rules, &game), &mut rng));
        assert_eq!(
            s.tally(),
            SearchTally {
                decisions: 1,
                won_at_once: 1,
                play_outs: 0
            }
        );
    }

    #[test]
    fn a_use_after_which_stopping_wins_is_taken_without_search() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut game = third_column_in_hand(&rules);
        // Back off the top of 3 by one space: a roll with a 3 in it tops it again.
        game.turn = Game::new().turn;
        for c in [4, 5] {
            game.turn = game.turn.after(&rules, &game.board, 0, Choice::one(c));
        }
        for _ in 1..rules.layout.len(3) {
            game.turn = game.turn.after(&rules, &game.board, 0, Choice::one(3));
        }
        game.turn.rolls = 4;
        // 1 2 3 5: sums 3+8, 4+7, 6+5; only 3 reaches the top (8, 7 and 6 have no car).
        let roll = Roll([1, 2, 3, 5]);
        let mut list = ChoiceList::default();
        game.fill_choices(&rules, roll, &mut list);
        assert!(list.len() >= 2, "{list:?}");
        let view = View::new(&rules, &game);
        let base = PolicySpec::parse("glenn").unwrap().build(&rules);
        let mut s = Searcher::new(base, 50, 2.0, &rules, Avx2::cpu());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let pick = s.choose(&view, roll, &list, &mut rng);
        let mut after = game;
        after.take(&rules, &list, pick);
        assert!(after.turn.at_top.has(3), "{:?}", list.get(pick));
        assert_eq!(s.tally().play_outs, 0);
        assert_eq!(s.tally().won_at_once, 1);
    }
}
