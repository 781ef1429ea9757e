//! The searching player of Route 66 and Can't Stop (`rollout:BASE[,budget=B][,z=Z][,horizon=H]`):
//! at each decision with two options or more it plays the game on from every option, BASE in
//! every seat, at most `budget` games in all, and weighs each option by the rollouts the
//! player to move won (alone: minus the turns to finish). One step of policy improvement over
//! BASE, by Monte Carlo, over the rest of the turn (docs/search.md).
//!
//! - The turn searched, not one step: a use of a roll is two arms, the use then a stop and the
//!   use then a roll on, and is worth the better of the two ([`PairedScore`]).
//! - Common random numbers, turn by turn: rollout `i` of every arm is dealt the same dice for
//!   each turn of each seat ([`TurnDice`]) and the same policy stream, from (a seed drawn from
//!   the game's policy stream, `i`), so arms differ by the option and not by the dice, even
//!   when one ends the turn and the other rolls on. One `u64` is drawn per searched decision,
//!   so a game with a searching seat is as deterministic as any other.
//! - Racing: from the [`FIRST_LOOK`]-th rollout, at a look every [`LOOK_EVERY`], arms standing
//!   more than [`RACE_BAR`] standard errors of their paired difference behind the leader stop
//!   being played, and the search ends once one option is left or every other stands that far
//!   from BASE's either way; the budget goes to the arms still in doubt.
//! - Truncation: with a horizon (two players or more), a rollout stops at the start of the
//!   `horizon`-th turn after the decision's and is valued there by a race value fitted to
//!   BASE's games ([`RaceValue`]): shorter rollouts, less noise from the far future.
//! - The choice: BASE's own option unless another beats it by more than `z` standard errors
//!   of their paired difference (`z` = 0: the best mean, exact ties to BASE's). A stop that
//!   wins the game at once is taken without search, and so is a use of a roll after which
//!   stopping wins.
//! - The rollouts run one after another on the scalar engine's loop (`play_from`) with seats
//!   built once per searching seat, allocating nothing per roll.

use super::paired::{PairedScore, MAX_ARMS};
use super::race_value::{shared_value, RaceValue};
use super::turn_dice::{rollout_key, TurnDice};
use crate::columns::{ChoiceList, Game, Rules};
use crate::counters::MatchupStats;
use crate::dice::Roll;
use crate::engine::cpu::Avx2;
use crate::engine::deal::{game_streams, name_key};
use crate::engine::play::{play_from, ColumnPosition, Player};
use crate::games::family::SEAT_ORDER;
use crate::policy::{AnyPolicy, ChoiceScores, Policy, PolicySpec, Search, View};
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
            Some(s) => SeatPolicy::Search(Box::new(Searcher::new(s, rules, avx2))),
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

/// Standard errors of the paired difference by which an arm trails the leader before it
/// leaves the race.
pub const RACE_BAR: f64 = 3.0;

/// Rollouts of every arm before the first look at the race.
pub const FIRST_LOOK: u64 = 32;

/// Rollouts between looks at the race.
pub const LOOK_EVERY: u64 = 32;

/// The searching player: its base, its budget, and what its rollouts need, made once.
#[derive(Clone, Debug)]
pub struct Searcher {
    /// The rules.
    rules: Rules,
    /// Games played on per decision, at most.
    budget: u64,
    /// The margin, in standard errors of the paired difference, by which an option must
    /// beat BASE's to be taken instead (0: the best mean, ties to BASE's).
    z: f64,
    /// Turns a rollout plays after the decision's turn before the race value takes over.
    horizon: Option<u32>,
    /// The base player, whose choice ties keep.
    base: AnyPolicy,
    /// The base player in every seat of the rollouts.
    seats: Vec<Player<AnyPolicy>>,
    /// The rollouts' counters, unread.
    stats: Box<MatchupStats>,
    /// The positions the rollouts of the decision in hand start from, one an arm.
    arms: Vec<ColumnPosition>,
    /// The option of each arm.
    arm_option: Vec<u8>,
    /// Decisions searched and rollouts played (each option's play-out counted), for figures.
    tally: SearchTally,
    /// The value of truncated rollouts.
    value: Option<std::sync::Arc<RaceValue>>,
}

/// What a searching player has done: decisions searched and games played on.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchTally {
    /// Decisions of two options or more it was asked.
    pub decisions: u64,
    /// Of those, decided without search (a stop that wins at once, or a use after which it
    /// does).
    pub won_at_once: u64,
    /// Games played on from an option.
    pub play_outs: u64,
    /// Roll-or-stop decisions searched, whose paired spread is summed in `var_sum`.
    pub measured: u64,
    /// Σ over searched roll-or-stop decisions of the variance, per rollout, of the paired
    /// difference between rolling on and stopping (how noisy one rollout is).
    pub var_sum: f64,
    /// Searched decisions where the searcher left BASE's choice.
    pub changed: u64,
}

impl Searcher {
    /// The searching player of `search` under `rules`; its rollouts ranked on the turn's
    /// shape with `avx2` where its base allows. A horizon at two players or more values the
    /// rollouts by the race value fitted to the base's games (`shared_value`).
    pub fn new(search: &Search, rules: &Rules, avx2: Option<Avx2>) -> Searcher {
        let base = search.base.build(rules);
        let seats = (0..rules.players)
            .map(|_| Player::new(base.clone(), rules, avx2))
            .collect();
        let value = (search.horizon.is_some() && rules.players > 1)
            .then(|| shared_value(rules, &search.base.spec_text(), &base));
        Searcher {
            rules: *rules,
            budget: u64::from(search.budget),
            z: search.z,
            horizon: search.horizon.filter(|_| value.is_some()),
            base,
            seats,
            stats: Box::default(),
            arms: Vec::with_capacity(MAX_ARMS),
            arm_option: Vec::with_capacity(MAX_ARMS),
            tally: SearchTally::default(),
            value,
        }
    }

    /// What it has done so far.
    pub fn tally(&self) -> SearchTally {
        self.tally
    }

    /// Roll on or stop: stop at once when stopping wins, else BASE's option unless the other
    /// beats it by more than `z` standard errors of their paired difference.
    pub fn keep_rolling<R: RngCore>(&mut self, view: &View, rng: &mut R) -> bool {
        self.tally.decisions += 1;
        if view.stop_wins() {
            self.tally.won_at_once += 1;
            return false;
        }
        let base_rolls = self.base.keep_rolling(view, rng);
        let mut stop = *view.game;
        stop.stop(&self.rules);
        self.arms.clear();
        self.arm_option.clear();
        self.push_arm(*view.game, false, 0);
        self.push_arm(stop, false, 1);
        let base_pick = u8::from(!base_rolls);
        let pick = self.search(view.game, base_pick, rng.next_u64(), true);
        pick == 0
    }

    /// The use of `roll` among `choices` (two or more): one after which stopping wins, at once,
    /// else BASE's use unless another's rollouts beat it by more than `z` standard errors of
    /// their paired difference.
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
        let rules = self.rules;
        let after = |i: usize| {
            let mut g = *view.game;
            g.take(&rules, choices, i);
            g
        };
        let wins_now = |i: usize| View::new(&rules, &after(i)).stop_wins();
        if let Some(i) = std::iter::once(base_pick)
            .chain(0..choices.len())
            .find(|&i| wins_now(i))
        {
            self.tally.won_at_once += 1;
            return i;
        }
        self.arms.clear();
        self.arm_option.clear();
        for i in 0..choices.len() {
            let g = after(i);
            let mut stop = g;
            stop.stop(&rules);
            self.push_arm(g, false, i as u8);
            self.push_arm(stop, false, i as u8);
        }
        usize::from(self.search(view.game, base_pick as u8, rng.next_u64(), false))
    }

    /// Adds an arm: rollouts from `game`, the player to move deciding first whether to roll on
    /// if `decide_first`, for option `option`.
    fn push_arm(&mut self, game: Game, decide_first: bool, option: u8) {
        self.arms.push(ColumnPosition { game, decide_first });
        self.arm_option.push(option);
    }

    /// One rollout of arm `j`: its result for the player to move at the decision, `mover`.
    #[inline]
    fn play_arm<R: RngCore + Clone>(
        &mut self,
        j: usize,
        turn_key: u64,
        policy: &R,
        mover: u8,
        mover_turns: u32,
    ) -> f64 {
        let players = self.rules.players as usize;
        let mut dice = TurnDice::new(turn_key, mover, mover_turns, self.horizon);
        let end = play_from(
            &self.rules,
            &mut self.seats,
            &SEAT_ORDER[..players],
            &self.arms[j],
            &mut dice,
            &mut policy.clone(),
            &mut self.stats,
        );
        if let (Some(v), None) = (&self.value, end.winner) {
            v.chance(&self.rules, &end, mover)
        } else if players == 1 {
            // Fewer turns is better: scored as minus the turns.
            -f64::from(end.turns[mover as usize & 3])
        } else {
            f64::from(u8::from(end.winner == Some(mover)))
        }
    }

    /// Plays the arms on from `game` (the decision's position), rollout `i` of every arm still
    /// in the race dealt the same dice, dropping arms clearly behind at each look, and returns
    /// the option chosen ([`PairedScore::pick`]).
    fn search(&mut self, game: &Game, base_pick: u8, seed: u64, measure: bool) -> u8 {
        let mover = game.to_move;
        let mover_turns = game.turns[mover as usize & 3];
        let key = search_key();
        let mut score = PairedScore::new(&self.arm_option, base_pick);
        let mut used = 0u64;
        let mut i = 0u64;
        while used + u64::from(score.alive_count()) <= self.budget {
            let (_, policy) = game_streams(seed, key, i).generators();
            let turn_key = rollout_key(seed, i);
            let mut result = [0f64; MAX_ARMS];
            for (j, r) in result.iter_mut().enumerate().take(self.arms.len()) {
                if score.is_alive(j) {
                    *r = self.play_arm(j, turn_key, &policy, mover, mover_turns);
                    used += 1;
                }
            }
            score.add(&result);
            i += 1;
            if i >= FIRST_LOOK
                && (i - FIRST_LOOK).is_multiple_of(LOOK_EVERY)
                && score.look(RACE_BAR, self.z)
            {
                break;
            }
        }
        self.tally.play_outs += used;
        if measure && self.arms.len() == 2 {
            let (_, se) = score.lead(0, 1);
            let n = score.rollouts(0).min(score.rollouts(1)) as f64;
            self.tally.measured += 1;
            self.tally.var_sum += se * se * n;
        }
        let pick = score.pick(self.z);
        self.tally.changed += u64::from(pick != base_pick);
        pick
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Choice, GameKind};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

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

    /// The searching player of `spec` under `rules`.
    fn searcher(spec: &str, rules: &Rules) -> Searcher {
        let spec = PolicySpec::parse(spec).unwrap();
        Searcher::new(spec.search().unwrap(), rules, Avx2::cpu())
    }

    #[test]
    fn a_stop_that_wins_at_once_is_taken_at_any_budget() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let game = third_column_in_hand(&rules);
        for budget in [1, 2, 5, 1000] {
            // A base that would roll on: it is not asked.
            let spec = format!("rollout:rolls:100,budget={budget},horizon=end");
            let mut s = searcher(&spec, &rules);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            assert!(
                !s.keep_rolling(&View::new(&rules, &game), &mut rng),
                "{spec}"
            );
            let t = s.tally();
            assert_eq!(
                (t.decisions, t.won_at_once, t.play_outs),
                (1, 1, 0),
                "{spec}"
            );
        }
    }

    #[test]
    fn a_use_after_which_stopping_wins_is_taken_at_any_budget() {
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
        for budget in [1, 2, 5, 1000] {
            let spec = format!("rollout:glenn,budget={budget},horizon=end");
            let mut s = searcher(&spec, &rules);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            let pick = s.choose(&view, roll, &list, &mut rng);
            let mut after = game;
            after.take(&rules, &list, pick);
            assert!(after.turn.at_top.has(3), "{spec}: {:?}", list.get(pick));
            assert_eq!(s.tally().play_outs, 0, "{spec}");
            assert_eq!(s.tally().won_at_once, 1, "{spec}");
        }
    }

    #[test]
    fn a_budget_caps_the_games_played_on_at_a_decision() {
        // Can't Stop for two, mid-turn with cars on 6, 7 and 8: roll on or stop, searched.
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut game = Game::new();
        game.turn = game.turn.after(&rules, &game.board, 0, Choice::two(6, 7));
        game.turn = game.turn.after(&rules, &game.board, 0, Choice::one(8));
        game.turn.rolls = 2;
        for budget in [1, 2, 7, 300] {
            let spec = format!("rollout:glenn,budget={budget},horizon=end");
            let mut s = searcher(&spec, &rules);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
            s.keep_rolling(&View::new(&rules, &game), &mut rng);
            let t = s.tally();
            assert!(t.play_outs <= budget, "{spec}: {t:?}");
            // Both options are played while the budget lasts (two a rollout).
            assert!(t.play_outs >= budget.min(64) / 2 * 2, "{spec}: {t:?}");
        }
    }
}
