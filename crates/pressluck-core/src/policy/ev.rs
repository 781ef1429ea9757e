//! `ev` (`expected-value`): roll again while the expected gain of one more roll beats the
//! expected loss, in the game's own currency (see [`super::value`] for the value `V`).
//!
//! With `V(x)` the value of position `x` as if the turn stopped there (columns plus the
//! game-end term), `x` the position now and `b` the board before the turn:
//! - progress at stake `L = V(x) − V(b)` (negative when stopping now would end the game lost);
//! - expected gain `G = Σ over the 126 distinct rolls r that do not bust of weight(r)/1296 ·
//!   max over r's legal choices k of (V(x after k) − V(x))` — exactly the chance-weighted gain
//!   over all 1296 ordered rolls, since a roll's choices depend only on its dice as a multiset;
//! - roll again iff `G > p_bust · L`, i.e. `(1 − p_bust) · E[gain | no bust] > p_bust · L`;
//!   never when stopping now wins the game.
//!
//! Choosing: the choice maximising `V(x after k)`, ties by the shared rule; in The Great Races
//! the shared Great Races rule, which ranks by the same value.
//!
//! Speed: `V` is a sum over columns plus a game-end term that can only change when a car reaches
//! a top. The per-board [`BoardTables`] (column values by space, one step up from each space)
//! are kept across decisions and refilled only in columns where an opponent's cube moved,
//! mostly from a memo; a decision fills a 26-entry gain array (one and two steps per usable
//! column) and walks the rolls compiled for its usable set, or with a car free values the 66
//! pairs of sums and reads each roll's three pairings (`ev::gain`): a few array reads per roll.
//! In Can't Stop, where a step is worth the same whoever else stands in the column, choices and
//! most stop decisions are read from process-wide tables by usable set (`ev::cant_stop`),
//! without the board tables. No heap allocation.

mod bounds;
mod cant_stop;
mod gain;

use super::decide::Policy;
use super::roll_options::{paired_rolls, settled};
use super::value::tables::BoardTables;
use super::value::{cant_stop_end_term, ColumnValues};
use super::view::View;
use crate::columns::{ChoiceList, ColumnSet, GameKind};
use crate::dice::Roll;
use rand_core::RngCore;

/// The expected-value policy, with its per-seat tables.
#[derive(Clone, Debug, Default)]
pub struct ExpectedValue {
    /// Per seat: tables for the board its current turn is played on (one instance may play
    /// several seats, as in self-play, without rebuilding them every turn).
    tables: [BoardTables; 4],
    /// The step gains of the decision in hand (scratch, rewritten by every decision).
    prep: gain::Prepared,
}

impl ExpectedValue {
    /// A fresh policy (the process-wide roll tables are built here, the board tables on first
    /// use).
    pub fn new() -> ExpectedValue {
        settled();
        paired_rolls();
        cant_stop::tables();
        ExpectedValue::default()
    }

    /// `(G, L)`: the expected gain of one more roll (busts count 0) and the progress at stake,
    /// both in the game's currency (see the module comment).
    pub fn gain_and_stake(&mut self, view: &View) -> (f64, f64) {
        let (t, prep) = self.prepared(view);
        (gain::expected_gain(t, view, prep), prep.stake)
    }

    /// The tables of the player to move, refreshed for the view's board.
    #[inline]
    fn refreshed(&mut self, view: &View) -> &BoardTables {
        let p = view.player();
        let t = &mut self.tables[p as usize & 3];
        t.refresh(view.rules, &view.game.board, p);
        t
    }

    /// The refreshed tables and the decision's step gains and stake.
    #[inline]
    fn prepared(&mut self, view: &View) -> (&BoardTables, &gain::Prepared) {
        let p = view.player();
        let t = &mut self.tables[p as usize & 3];
        t.refresh(view.rules, &view.game.board, p);
        gain::prepare(&mut self.prep, t, view);
        (t, &self.prep)
    }
}

impl Policy for ExpectedValue {
    fn choose<R: RngCore>(
        &mut self,
        view: &View,
        roll: Roll,
        choices: &ChoiceList,
        rng: &mut R,
    ) -> usize {
        let _ = (roll, rng);
        if choices.len() == 1 {
            return 0;
        }
        let (rules, game, p) = (view.rules, view.game, view.player());
        // Each choice's turn is in the list: the gain is the cars' column values there over
        // where they started, plus the game-end term of the tops it reaches (exactly 0, and
        // not worked out, while no choice can end the game). Can't Stop's values are the same
        // on every board: no board tables.
        let ending = gain::may_end(view);
        if rules.game == GameKind::CantStop {
            let won = game.board.won[p as usize];
            let end_term = |tops| cant_stop_end_term(rules, won, tops);
            return best_by_values(view, choices, &cant_stop::tables().value, ending, end_term);
        }
        let t = self.refreshed(view);
        let end_term = |tops| t.end_term(rules, &game.board, p, tops);
        best_by_values(view, choices, &t.value, ending, end_term)
    }

    #[inline]
    fn keep_rolling<R: RngCore>(&mut self, view: &View, _rng: &mut R) -> bool {
        if view.stop_wins() {
            return false;
        }
        match cant_stop::tables().decide(view) {
            Some(go_on) => go_on,
            None => self.keep_rolling_exact(view),
        }
    }
}

impl ExpectedValue {
    /// The stop decision from the board tables, the bounds and, when they do not settle it,
    /// the exact walk (stopping does not win the game here).
    #[inline]
    fn keep_rolling_exact(&mut self, view: &View) -> bool {
        let (t, prep) = self.prepared(view);
        let loss = view.p_bust() * prep.stake;
        if bounds::lower_bound(view, prep).is_some_and(|lb| lb > loss) {
            return true;
        }
        if let Some(go_on) = bounds::decide(view, prep, loss) {
            return go_on;
        }
        gain::expected_gain(t, view, prep) > loss
    }
}

/// The choice worth most: its cars' column values (`values[c][s]`) in the turn after it over
/// where they started, plus, when `ending`, `end_term` of the tops it reaches.
#[inline(always)]
fn best_by_values(
    view: &View,
    choices: &ChoiceList,
    values: &ColumnValues,
    ending: bool,
    end_term: impl Fn(ColumnSet) -> f64,
) -> usize {
    let (game, p) = (view.game, view.player());
    view.best_choice_by(choices, |choice, after| {
        let mut gain = 0.0;
        for c in choice.columns() {
            let v = &values[c as usize];
            gain += v[after.car(c) as usize] - v[game.turn.start(&game.board, p, c) as usize];
        }
        match ending {
            true => gain + end_term(after.at_top),
            false => gain,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::set::ColumnSet as Set;
    use crate::columns::{Choice, Game, Rules, Turn, Variant};
    use crate::dice::{sample, OUTCOMES};
    use crate::policy::value::{position_value, GAME_END};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Slow reference: `(G, L)` by enumerating all 1296 ordered rolls, every legal choice, and
    /// the position value computed from scratch with the engine's own stop.
    fn slow_gain_and_stake(rules: &Rules, game: &Game) -> (f64, f64) {
        let p = game.to_move;
        let now = position_value(rules, game, p);
        let mut gain = 0.0;
        for i in 0..OUTCOMES {
            let list = game.choices(rules, Roll::from_index(i));
            let best = list.as_slice().iter().map(|&c| {
                let mut g = *game;
                g.apply(rules, c);
                position_value(rules, &g, p) - now
            });
            if let Some(b) = best.reduce(f64::max) {
                gain += b;
            }
        }
        let mut base = *game;
        base.turn = Turn::default();
        (
            gain / OUTCOMES as f64,
            now - position_value(rules, &base, p),
        )
    }

    #[test]
    fn gain_over_126_weighted_rolls_equals_the_1296_enumeration() {
        let mut short = Rules::new(GameKind::Route66, 3);
        short.columns_to_end = 3; // games that end within the sample, to check the end term
        let mut configs = vec![
            Rules::new(GameKind::Route66, 2),
            short,
            Rules::new(GameKind::CantStop, 2),
        ];
        let mut gear = Rules::new(GameKind::Route66, 2);
        gear.apply_variant(Variant::FasterGear).unwrap();
        let mut jump = Rules::new(GameKind::CantStop, 4);
        jump.apply_variant(Variant::Jump).unwrap();
        let mut de = Rules::route66(crate::columns::Edition::De, 2);
        de.columns_to_end = 4;
        configs.extend([gear, jump, de, Rules::new(GameKind::Route66, 1)]);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let (mut checked, mut ended) = (0, 0);
        for rules in &configs {
            let mut ev = ExpectedValue::new();
            // Random play: checks at every decision point until 40 are done or games end.
            let mut game = Game::new();
            let mut points = 0;
            while points < 60 {
                if game.finished() {
                    game = Game::new();
                    ended += 1;
                }
                let list = game.choices(rules, sample(&mut rng));
                if list.is_empty() {
                    game.bust(rules);
                    continue;
                }
                let k = (rng.next_u32() as usize) % list.len();
                game.apply(rules, list.as_slice()[k]);
                let v = View::new(rules, &game);
                let (fast, stake) = ev.gain_and_stake(&v);
                let (slow, slow_stake) = slow_gain_and_stake(rules, &game);
                assert!(
                    (fast - slow).abs() < 1e-9,
                    "{:?} {game:?}: {fast} vs {slow}",
                    rules.game
                );
                assert!(
                    (stake - slow_stake).abs() < 1e-9,
                    "{game:?}: {stake} vs {slow_stake}"
                );
                // The shortcut never changes the decision: its bound is a true lower bound.
                let (_, prep) = ev.prepared(&v);
                if let Some(lb) = bounds::lower_bound(&v, prep) {
                    assert!(lb <= slow + 1e-12, "{game:?}: bound {lb} > {slow}");
                }
                let rolls = ev.keep_rolling(&v, &mut Xoshiro256PlusPlus::seed_from_u64(0));
                assert_eq!(
                    rolls,
                    !v.stop_wins() && slow > v.p_bust() * slow_stake,
                    "{game:?}"
                );
                points += 1;
                checked += 1;
                if rng.next_u32() % 2 == 0 {
                    game.stop(rules);
                }
            }
        }
        assert_eq!(checked, 60 * configs.len());
        assert!(ended >= 3, "only {ended} games ended");
    }

    #[test]
    fn rolls_on_a_nearly_empty_turn_with_low_bust_chance() {
        let rules = Rules::new(GameKind::Route66, 2);
        let mut g = Game::new();
        g.apply(&rules, Choice::two(6, 8));
        let v = View::new(&rules, &g);
        let mut ev = ExpectedValue::new();
        let (gain, stake) = ev.gain_and_stake(&v);
        // A car still free: only 1296 · 2.7% rolls bust; the gain dwarfs p · stake.
        assert!(
            v.p_bust() < 0.05 && gain > 10.0 * v.p_bust() * stake,
            "{gain} {stake} {}",
            v.p_bust()
        );
        assert!(ev.keep_rolling(&v, &mut Xoshiro256PlusPlus::seed_from_u64(1)));
    }

    #[test]
    fn stops_with_big_progress_and_a_high_bust_chance() {
        let rules = Rules::new(GameKind::Route66, 2);
        let mut g = Game::new();
        // Cars two spaces up 2 and 12 (of 3) and one up 3: usable {2, 3, 12}.
        g.apply(&rules, Choice::two(2, 12));
        g.apply(&rules, Choice::two(2, 12));
        g.apply(&rules, Choice::one(3));
        let v = View::new(&rules, &g);
        let mut ev = ExpectedValue::new();
        let (gain, stake) = ev.gain_and_stake(&v);
        // Stake: columns 2 and 12 go from 5 to 9.6 points each, 3 from 4.5 to 7.44: about 12.1.
        assert!((stake - 12.1).abs() < 0.1, "{stake}");
        assert!(v.p_bust() > 0.4, "{}", v.p_bust());
        assert!(gain < v.p_bust() * stake, "{gain} {stake} {}", v.p_bust());
        assert!(!ev.keep_rolling(&v, &mut Xoshiro256PlusPlus::seed_from_u64(1)));
    }

    /// Route 66 with 7 segments won (none of them 12) and player 1 far ahead on points.
    fn late_route66(opponent_score: u16) -> (Rules, Game) {
        let rules = Rules::new(GameKind::Route66, 2);
        let mut g = Game::new();
        g.board.closed = Set::of(&[2, 3, 4, 5, 6, 8, 9]);
        g.board.scores[1] = opponent_score;
        // Car to the top of 12: stopping now closes the 8th segment and ends the game.
        g.apply(&rules, Choice::two(12, 12));
        g.apply(&rules, Choice::one(12));
        (rules, g)
    }

    #[test]
    fn stops_when_stopping_wins_and_rolls_when_stopping_loses() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        // Behind by 5 before the 10 points of 12: stopping wins the game.
        let (rules, g) = late_route66(5);
        assert!(View::new(&rules, &g).stop_wins());
        assert!(!ExpectedValue::new().keep_rolling(&View::new(&rules, &g), &mut rng));
        // Behind by 50: stopping ends the game lost, so the stake is about −GAME_END: roll on.
        let (rules, g) = late_route66(50);
        let v = View::new(&rules, &g);
        let (_, stake) = ExpectedValue::new().gain_and_stake(&v);
        assert!(stake < -GAME_END + 20.0, "{stake}");
        assert!(ExpectedValue::new().keep_rolling(&v, &mut rng));
    }

    #[test]
    fn chooses_the_most_valuable_position() {
        let rules = Rules::new(GameKind::Route66, 2);
        let g = Game::new();
        let roll = Roll([1, 1, 6, 6]);
        let list = g.choices(&rules, roll);
        assert_eq!(list.as_slice(), &[Choice::two(2, 12), Choice::two(7, 7)]);
        // 2+12: each of 2 and 12 from 5 to 10·0.692 + 6·0.308 = 8.77 points: +7.54 in all.
        // 7+7: 7 from 2.5 to 5·0.583 + 3·0.417 = 4.17 points: +1.67. It takes 2+12.
        let v = View::new(&rules, &g);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        assert_eq!(ExpectedValue::new().choose(&v, roll, &list, &mut rng), 0);
        // The chosen value matches the from-scratch value of each resulting position.
        let value = |c| position_value(&rules, &v.after(c), 0);
        assert!(value(Choice::two(2, 12)) - value(Choice::two(7, 7)) > 5.8);
    }

    #[test]
    fn avoids_a_choice_that_ends_the_game_lost() {
        // Late game, behind by 50, cars on 7 and 11 (space 4 of 5); the roll 1,5,6,6 offers
        // 12 alone (6 is closed) or 7+11, which tops 11: the 8th segment, the game ended lost.
        let rules = Rules::new(GameKind::Route66, 2);
        let mut g = Game::new();
        g.board.closed = Set::of(&[2, 3, 4, 5, 6, 8, 9]);
        g.board.scores[1] = 50;
        g.board.set_cube(0, 11, 3);
        g.apply(&rules, Choice::two(7, 11));
        assert_eq!(g.turn.car(11), 4);
        let roll = Roll([1, 5, 6, 6]);
        let list = g.choices(&rules, roll);
        assert_eq!(list.as_slice(), &[Choice::one(12), Choice::two(7, 11)]);
        let v = View::new(&rules, &g);
        let i =
            ExpectedValue::new().choose(&v, roll, &list, &mut Xoshiro256PlusPlus::seed_from_u64(1));
        let after = v.after(list.as_slice()[i]);
        assert!(
            after.turn.at_top.is_empty(),
            "{list:?} -> {:?}",
            list.as_slice()[i]
        );
    }
}
