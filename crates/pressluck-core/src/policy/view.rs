//! `View`: the read-only position a policy decides on — rules, board, the turn so far, the
//! usable set and its exact bust chance — with the small helpers most policies share.

use super::value::cant_stop_stop_wins;
use crate::columns::bust::bust_rolls;
use crate::columns::MAX_CHOICES;
use crate::columns::{Choice, ChoiceList, ColumnSet, Game, GameKind, Rules, Turn};
use crate::dice::OUTCOMES;

/// What a policy sees. `Copy`; building one is a table lookup.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// The rules and board.
    pub rules: &'a Rules,
    /// The game, with the turn in hand.
    pub game: &'a Game,
    /// The usable set of the player to move.
    pub usable: ColumnSet,
    /// Busting rolls out of 1296 for the next roll.
    pub bust_rolls: u16,
}

impl<'a> View<'a> {
    /// The view of the player to move in `game`.
    #[inline]
    pub fn new(rules: &'a Rules, game: &'a Game) -> View<'a> {
        let usable = game.usable(rules);
        View {
            rules,
            game,
            usable,
            bust_rolls: bust_rolls(usable),
        }
    }

    /// The view of the player to move in `game` when its usable set and bust count are known
    /// (the engine has them from the choice just taken: [`crate::columns::ChoiceList::usable`]).
    #[inline]
    pub fn with_usable(
        rules: &'a Rules,
        game: &'a Game,
        usable: ColumnSet,
        bust_rolls: u16,
    ) -> View<'a> {
        debug_assert_eq!(usable, game.usable(rules));
        View {
            rules,
            game,
            usable,
            bust_rolls,
        }
    }

    /// The player deciding.
    #[inline]
    pub fn player(&self) -> u8 {
        self.game.to_move
    }

    /// The chance that the next roll busts.
    #[inline]
    pub fn p_bust(&self) -> f64 {
        self.bust_rolls as f64 / OUTCOMES as f64
    }

    /// The game as it would be after `choice` (a copy; the view is unchanged).
    #[inline]
    pub fn after(&self, choice: Choice) -> Game {
        let mut g = *self.game;
        g.apply(self.rules, choice);
        g
    }

    /// Whether stopping now would win the game for the player to move. Only a column reached
    /// this turn can end the game on a stop, so with no car on a top this is false at once.
    #[inline(always)]
    pub fn stop_wins(&self) -> bool {
        !self.game.turn.at_top.is_empty() && self.stop_with_tops_wins()
    }

    /// [`View::stop_wins`] once some car is on a top (kept out of line: most rolls have none).
    #[inline(never)]
    fn stop_with_tops_wins(&self) -> bool {
        let (rules, game, tops) = (self.rules, self.game, self.game.turn.at_top);
        // A stop wins every column on top. Can't Stop: the player wins on reaching the columns
        // to win. Otherwise the game ends only if enough columns close; then the scores
        // (second places included) name the winner, so the stop is played out on a copy.
        let p = self.player() as usize & 3;
        if rules.game == GameKind::CantStop {
            return cant_stop_stop_wins(rules, game.board.won[p], tops);
        }
        if game.board.closed.len() + tops.len() < rules.columns_to_end as u32 {
            return false;
        }
        let mut g = *game;
        g.stop(rules);
        g.winner == Some(self.player())
    }

    /// The shared choice rule: the choice leaving the lowest bust chance for the next roll, ties
    /// broken by more progress (exactly, see [`ChoiceList::gain`]), then by the first listed.
    /// (The Great Races, where a turn is one roll, has its own rules:
    /// `crate::games::great_races::policy`.)
    #[inline(always)]
    pub fn safest_choice(&self, choices: &ChoiceList) -> usize {
        // The list carries each choice's bust count and progress: a scan of two small arrays.
        let rules = self.rules;
        let (mut best, mut best_gain) = (0, None);
        for i in 1..choices.len() {
            let (bust, best_bust) = (choices.bust(i), choices.bust(best));
            if bust > best_bust {
                continue;
            }
            if bust == best_bust {
                let gain = choices.gain(rules, i);
                if gain <= *best_gain.get_or_insert_with(|| choices.gain(rules, best)) {
                    continue;
                }
                best_gain = Some(gain);
            } else {
                best_gain = None;
            }
            best = i;
        }
        best
    }

    /// The choice scoring highest by `score` (given each choice and the turn after it); exact
    /// ties are broken by the shared choice rule among the tied choices. No heap allocation.
    pub fn best_choice_by(
        &self,
        choices: &ChoiceList,
        mut score: impl FnMut(Choice, &Turn) -> f64,
    ) -> usize {
        let mut scores = [0.0f64; MAX_CHOICES];
        let mut top = f64::NEG_INFINITY;
        for (slot, (c, t)) in scores.iter_mut().zip(choices.iter()) {
            *slot = score(c, t);
            top = top.max(*slot);
        }
        let mut tied = 0u8;
        for (i, &s) in scores[..choices.len()].iter().enumerate() {
            tied |= ((s == top) as u8) << i;
        }
        if tied.count_ones() == 1 {
            return tied.trailing_zeros() as usize;
        }
        // The k-th tied choice is the k-th set bit of `tied`.
        let k = self.safest_choice(&choices.select(tied));
        (0..k).fold(tied, |m, _| m & (m - 1)).trailing_zeros() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::Variant;
    use crate::dice::{Roll, ROLLS};
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn stop_wins_is_the_stop_played_out() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut leisurely = Rules::new(GameKind::Route66, 3);
        leisurely.apply_variant(Variant::Leisurely).unwrap();
        let mut four = Rules::new(GameKind::CantStop, 2);
        four.columns_to_win = 4;
        let all = [
            Rules::new(GameKind::Route66, 2),
            Rules::new(GameKind::Route66, 4),
            leisurely,
            Rules::new(GameKind::CantStop, 3),
            four,
        ];
        let (mut checked, mut winning) = (0, 0);
        for rules in all {
            for _ in 0..150 {
                let mut g = Game::new();
                while !g.finished() {
                    let list = g.choices(&rules, ROLLS[rng.gen_range(0..1296)]);
                    if list.is_empty() {
                        g.bust(&rules);
                        continue;
                    }
                    g.take(&rules, &list, rng.gen_range(0..list.len()));
                    let mut played = g;
                    played.stop(&rules);
                    let wins = played.winner == Some(g.to_move);
                    assert_eq!(View::new(&rules, &g).stop_wins(), wins, "{g:?}");
                    (checked, winning) = (checked + 1, winning + wins as u32);
                    if rng.gen_bool(0.3) {
                        g.stop(&rules);
                    }
                }
            }
        }
        assert!(
            checked > 50_000 && winning > 500,
            "{checked} positions, {winning} winning"
        );
    }

    #[test]
    fn shared_rule_takes_the_lowest_bust_chance() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let mut g = Game::new();
        g.apply(&rules, Choice::two(6, 8));
        // 1,1,5,6 offers 2+11, 6+7 or 7+6 with one car free: 2+11 is not allowed together
        // (two new cars), so 2, 11, and 6+7; 6+7 leaves usable {6,7,8}: 104 busting rolls.
        let roll = Roll([1, 1, 5, 6]);
        let list = g.choices(&rules, roll);
        let v = View::new(&rules, &g);
        let i = v.safest_choice(&list);
        assert_eq!(list.as_slice()[i], Choice::two(6, 7));
        // best_choice_by with equal scores falls back to the same rule.
        assert_eq!(v.best_choice_by(&list, |_, _| 1.0), i);
        // A unique best score wins whatever its bust chance.
        let j = v.best_choice_by(&list, |c, _| if c == Choice::one(2) { 2.0 } else { 1.0 });
        assert_eq!(list.as_slice()[j], Choice::one(2));
    }
}
