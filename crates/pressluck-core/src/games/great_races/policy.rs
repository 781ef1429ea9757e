//! The Great Races' pairing rules. A Great Races turn is one roll and one decision: which of
//! the roll's pairings to race with. These rules make that decision; the stopping policies of
//! the press-your-luck games have no place here.
//!
//! A roll's legal choices come in the canonical order of [`crate::columns::legal`]: its
//! distinct pairings by their larger sum, smallest first (the most even split first), each
//! giving at most one choice. Every rule below scores each choice and takes the highest score;
//! ties go to the first in that order.
//!
//! - `race-points`: expected points gained. A track `c` of length `L` where the player stands
//!   on space `s` is worth `v(s)`, the points of [`column_value`] (first-place points weighted
//!   by the chance of winning the race from there, plus second-place points weighted by the
//!   chance of second), and `v(L)` = the first-place points. A choice scores `Σ v(s + k) − v(s)`
//!   over the tracks it moves (`k` steps, a double 2), both read on the board before the move,
//!   plus 1000 if the move ends the game and the player wins, −1000 if it ends it and they lose.
//! - `race-progress`: spaces climbed, each worth `1 / L` of its track (compared exactly, in
//!   units of 1/360360).
//! - `race-margin`: the expected points margin over the opponents. A player's worth is their
//!   score plus `v` of each open track (closed tracks: 0). A choice scores the change of the
//!   mover's worth, less the mean change of the opponents' worths, over the move played out (a
//!   won race pays first place, hands out second place and closes), plus the game-end term of
//!   `race-points`. So it plays for second places (their points count, and a second place given
//!   away counts against it) and blocks (a step that cuts a leader's chance of a race, or wins a
//!   race an opponent was climbing, lowers their worth).
//! - `random`: each legal choice with the same chance (one draw from the game's policy
//!   stream, made only when there are two choices or more).
//!
//! Scores are compared exactly. `race-progress` counts in whole units. `race-points` and
//! `race-margin` score every choice in floating point first; where the best score is more than
//! [`TIE_BAND`] above every other, that choice is the exact best too. Otherwise the choices
//! within the band of the best are scored again as exact rationals ([`exact`]) and the first
//! of the highest is taken.

use super::exact;
use super::stack_rational::StackRational;

use crate::columns::choice_list::MAX_CHOICES;
use crate::columns::layout::UNITS_PER_SPACE;
use crate::columns::{Choice, ChoiceList, Game, Rules};
use crate::error::one_line;
use crate::games::asked::{AskedSeat, SeatSpec};
use crate::policy::value::{column_value, end_value};
use rand::Rng;
use rand_core::RngCore;
use std::cell::Cell;
use std::fmt;

/// The Great Races policies for `pressluck policies`: spec and one line each.
pub const RACE_FAMILIES: [(&str, &str); 4] = [
    ("race-points", "the pairing gaining the most expected points (points weighted by the chance to win each race)"),
    ("race-progress", "the pairing climbing the most, each space worth 1/length of its track"),
    ("race-margin", "the pairing gaining the most expected points over the opponents': plays for second places and blocks"),
    ("random", "a pairing at random"),
];

/// The Great Races policies a tournament plays when `--policies` is not given.
pub const DEFAULT_RACE_POLICIES: &str = "race-points,race-progress,race-margin,random";

/// A Great Races pairing rule (see the module comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceRule {
    /// `race-points`.
    Points,
    /// `race-progress`.
    Progress,
    /// `race-margin`.
    Margin,
    /// `random`.
    Random,
}

impl RaceRule {
    /// The rule's spec name.
    pub fn name(self) -> &'static str {
        match self {
            RaceRule::Points => "race-points",
            RaceRule::Progress => "race-progress",
            RaceRule::Margin => "race-margin",
            RaceRule::Random => "random",
        }
    }

    /// Index into `choices` (two or more) of the choice to race with after a roll in `game`.
    pub fn choose<R: RngCore>(
        self,
        rules: &Rules,
        game: &Game,
        choices: &ChoiceList,
        rng: &mut R,
    ) -> usize {
        self.choose_among(rules, game, choices.as_slice(), rng)
    }

    /// [`RaceRule::choose`] among `choices`, the legal choices of the roll in canonical order:
    /// every score worked out from the board as the module comment says, the reference the
    /// game loop's [`super::players::RacePlayers`] is held to.
    pub fn choose_among<R: RngCore>(
        self,
        rules: &Rules,
        game: &Game,
        choices: &[Choice],
        rng: &mut R,
    ) -> usize {
        match self {
            RaceRule::Random => rng.gen_range(0..choices.len()),
            RaceRule::Points => first_best_exact(
                choices,
                |i| points_gain(rules, game, choices[i]),
                |c| exact::points_gain_in::<StackRational>(rules, game, c),
            ),
            RaceRule::Margin => first_best_exact(
                choices,
                |i| margin_gain(rules, game, choices[i]),
                |c| exact::margin_gain_in::<StackRational>(rules, game, c),
            ),
            RaceRule::Progress => first_best(choices, |c| progress_gain(rules, c) as f64),
        }
    }
}

impl RaceRule {
    /// Whether the rule scores `a` and `b` exactly alike in `game` (`random` scores nothing, so
    /// never): the rule's ranking of them is then only the order the roll lists them in.
    pub fn ties(self, rules: &Rules, game: &Game, a: Choice, b: Choice) -> bool {
        match self {
            RaceRule::Random => false,
            RaceRule::Points => {
                exact::points_gain(rules, game, a) == exact::points_gain(rules, game, b)
            }
            RaceRule::Margin => {
                exact::margin_gain(rules, game, a) == exact::margin_gain(rules, game, b)
            }
            RaceRule::Progress => progress_gain(rules, a) == progress_gain(rules, b),
        }
    }
}

/// The first choice of the highest score.
fn first_best(choices: &[Choice], mut score: impl FnMut(Choice) -> f64) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, &c) in choices.iter().enumerate() {
        let s = score(c);
        if s > best.1 {
            best = (i, s);
        }
    }
    best.0
}

/// How far the floating-point score of `race-points` or `race-margin` may be from the exact
/// one, twice over, with room to spare: two choices whose float scores are this close may
/// rank either way exactly, and are compared exactly.
///
/// A track's worth `v` is at most its first-place points (at most 255). Worked out in `f64`
/// (unit roundoff `u = 2⁻⁵³`), its largest error comes from `W + S − M`, the player's strength
/// plus all the opponents' but the strongest: `W + S` is off by at most `5u` of itself and can
/// be `1 + 3 · 13²` times `W + S − M` (`W ≥ 1/13²`, `S ≤ 3`), so the second-place chance is
/// off by at most about `2600u` and `v` by at most `255 · 2610u < 10⁻¹⁰`. A score sums at most
/// 16 such values and the scores (at most a few thousand points, each addition off by `u` of
/// the running total): it is off by less than `2 · 10⁻⁹`, two scores' difference by less than
/// `4 · 10⁻⁹`, and the band is 250 times that.
pub const TIE_BAND: f64 = 1e-6;

thread_local! {
    /// Rolls whose choices [`first_best_exact`] re-scored exactly on this thread.
    static EXACT_RESCORINGS: Cell<u64> = const { Cell::new(0) };
}

/// How many rolls' choices have been re-scored exactly on this thread (the scores of two or
/// more choices lay within [`TIE_BAND`]): for tests of that path.
#[doc(hidden)]
pub fn exact_rescorings() -> u64 {
    EXACT_RESCORINGS.with(Cell::get)
}

/// The first choice of the highest exact score: the float scores `float` (of each choice's
/// index) pick it alone when the best stands more than [`TIE_BAND`] above the rest, else the
/// choices within the band are ranked by their exact scores `exact`.
pub(super) fn first_best_exact<T: Ord>(
    list: &[Choice],
    mut float: impl FnMut(usize) -> f64,
    mut exact: impl FnMut(Choice) -> T,
) -> usize {
    let mut scores = [0.0; MAX_CHOICES];
    let mut best = 0;
    for i in 0..list.len().min(MAX_CHOICES) {
        scores[i] = float(i);
        if scores[i] > scores[best] {
            best = i;
        }
    }
    let floor = scores[best] - TIE_BAND;
    let close = |i: &usize| scores[*i] >= floor;
    if (0..list.len()).filter(close).count() == 1 {
        return best;
    }
    EXACT_RESCORINGS.with(|n| n.set(n.get() + 1));
    let mut pick: Option<(usize, T)> = None;
    for i in (0..list.len()).filter(close) {
        let e = exact(list[i]);
        if pick.as_ref().is_none_or(|(_, top)| e > *top) {
            pick = Some((i, e));
        }
    }
    pick.map_or(best, |(i, _)| i)
}

/// `race-points`' score of `choice` in `game`.
pub fn points_gain(rules: &Rules, game: &Game, choice: Choice) -> f64 {
    let (p, board) = (game.to_move, &game.board);
    let mut after = *game;
    after.apply(rules, choice);
    let mut gain = end_value(after.winner, p);
    for c in choice.columns() {
        let s = board.cube(p, c);
        gain += column_value(rules, board, p, c, s + choice.steps_in(c))
            - column_value(rules, board, p, c, s);
    }
    gain
}

/// `race-progress`' score of `choice`: spaces climbed in units of 1/360360 of a track.
pub fn progress_gain(rules: &Rules, choice: Choice) -> u32 {
    choice
        .steps()
        .map(|c| UNITS_PER_SPACE[rules.layout.len(c) as usize & 15])
        .sum()
}

/// Player `p`'s worth in the tracks `columns` of `game`: their score plus each track's value.
fn worth(rules: &Rules, game: &Game, p: u8, columns: crate::columns::ColumnSet) -> f64 {
    let b = &game.board;
    let tracks: f64 = columns
        .iter()
        .map(|c| column_value(rules, b, p, c, b.cube(p, c)))
        .sum();
    b.scores[p as usize] as f64 + tracks
}

/// `race-margin`'s score of `choice` in `game`.
pub fn margin_gain(rules: &Rules, game: &Game, choice: Choice) -> f64 {
    let p = game.to_move;
    let mut after = *game;
    after.apply(rules, choice);
    let moved = choice.columns();
    let change = |q: u8| worth(rules, &after, q, moved) - worth(rules, game, q, moved);
    let opponents = rules.players.saturating_sub(1);
    let theirs: f64 = (0..rules.players)
        .filter(|&q| q != p)
        .map(change)
        .sum::<f64>()
        / opponents.max(1) as f64;
    end_value(after.winner, p) + change(p) - theirs
}

/// A parsed Great Races policy spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceSpec {
    /// The name in outputs.
    pub name: String,
    /// The rule (unused when the seat is asked).
    pub rule: RaceRule,
    /// The seat's asker, when a bot or a person takes it: then it plays at the table
    /// (`super::table`).
    pub asked: Option<AskedSeat>,
}

impl SeatSpec for RaceSpec {
    fn asked(seat: AskedSeat) -> RaceSpec {
        RaceSpec {
            name: seat.name.clone(),
            rule: RaceRule::Random,
            asked: Some(seat),
        }
    }

    fn asked_seat(&self) -> Option<&AskedSeat> {
        self.asked.as_ref()
    }
}

impl fmt::Display for RaceSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl RaceSpec {
    /// Parses a Great Races policy; a stopping policy of the other column games is named as
    /// such, with the Great Races policies listed.
    pub fn parse(text: &str) -> Result<RaceSpec, String> {
        if let Some(e) = crate::games::family::no_search("The Great Races", text) {
            return Err(e);
        }
        let text = text.trim();
        let rule = match text {
            "race-points" => RaceRule::Points,
            "race-progress" => RaceRule::Progress,
            "race-margin" => RaceRule::Margin,
            "random" => RaceRule::Random,
            _ => {
                let names = RACE_FAMILIES.map(|(n, _)| n).join(", ");
                let what = if crate::policy::PolicySpec::parse(text).is_ok() {
                    format!("'{text}' is a stopping policy, and a Great Races turn has no stop")
                } else {
                    format!("unknown Great Races policy '{text}'")
                };
                return Err(one_line(&format!(
                    "{what}: the Great Races policies are pairing rules: {names}"
                )));
            }
        };
        Ok(RaceSpec {
            name: rule.name().to_string(),
            rule,
            asked: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::layout::{Layout, MAX_LENGTH};
    use crate::columns::GameKind;
    use crate::dice::Roll;
    use num_rational::BigRational;
    use num_traits::ToPrimitive;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn pick(rule: RaceRule, rules: &Rules, game: &Game, roll: Roll) -> Choice {
        let list = game.choices(rules, roll);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        list.get(rule.choose(rules, game, &list, &mut rng))
    }

    #[test]
    fn choices_come_in_canonical_order() {
        let rules = Rules::new(GameKind::GreatRaces, 2);
        let g = Game::new();
        // 1 6 1 6 pairs as 7+7, 2+12, 7+7: 7+7 (larger sum 7) comes before 2+12.
        let list = g.choices(&rules, Roll([1, 6, 1, 6]));
        assert_eq!(list.as_slice(), &[Choice::two(7, 7), Choice::two(2, 12)]);
        // 3 5 1 5 pairs as 8+6, 4+10, 8+6: 6+8 first. race-progress: 6+8 climbs 2/11 of a
        // track, 4+10 2/7: 4+10.
        let roll = Roll([3, 5, 1, 5]);
        let list = g.choices(&rules, roll);
        assert_eq!(list.as_slice(), &[Choice::two(6, 8), Choice::two(4, 10)]);
        assert_eq!(
            pick(RaceRule::Progress, &rules, &g, roll),
            Choice::two(4, 10)
        );
        // 2 2 5 5 pairs as 4+10, 7+7, 7+7: 7+7 is listed first, and on equal scores the first
        // listed is taken.
        let roll = Roll([2, 2, 5, 5]);
        assert_eq!(
            g.choices(&rules, roll).as_slice(),
            &[Choice::two(7, 7), Choice::two(4, 10)]
        );
        let tie = |_: Choice| 1.0;
        assert_eq!(first_best(g.choices(&rules, roll).as_slice(), tie), 0);
    }

    #[test]
    fn race_points_weighs_points_by_the_chance_to_win() {
        let rules = super::super::tall_rules();
        let mut g = Game::new();
        // Roll 1,1,2,6 offers 2+8, 3+7: from the start 2 (10 points, 3 spaces) gains most.
        let roll = Roll([1, 1, 2, 6]);
        assert_eq!(
            g.choices(&rules, roll).as_slice(),
            &[Choice::two(3, 7), Choice::two(2, 8)]
        );
        assert_eq!(pick(RaceRule::Points, &rules, &g, roll), Choice::two(2, 8));
        // With the opponent one step from winning 2 and 8, those races are nearly lost: 3+7.
        g.board.set_cube(1, 2, 2);
        g.board.set_cube(1, 8, 10);
        assert_eq!(pick(RaceRule::Points, &rules, &g, roll), Choice::two(3, 7));
    }

    #[test]
    fn race_margin_blocks_and_counts_second_places() {
        let rules = super::super::tall_rules();
        // Both players on space 2 of track 2 (3 spaces; space 2 is shaded). 1 1 6 6 offers
        // 7+7 and 2+12; 2+12 wins track 2 for the mover (10 points) and hands the opponent
        // second place (6 points).
        let mut g = Game::new();
        g.board.set_cube(0, 2, 2);
        g.board.set_cube(1, 2, 2);
        let win = Choice::two(2, 12);
        let mut after = g;
        after.apply(&rules, win);
        assert_eq!(after.board.scores, [10, 6, 0, 0]);
        // The opponent's worth in track 2 falls from v = 5 (half the chance of first) + 3
        // (the other half of second) = 8 to the 6 points of second place, and in track 12
        // the mover's new cube cuts their chance: the margin counts both, race-points
        // neither.
        let b = &g.board;
        assert!((column_value(&rules, b, 1, 2, 2) - 8.0).abs() < 1e-12);
        let blocked = margin_gain(&rules, &g, win) - points_gain(&rules, &g, win);
        let in_12 =
            column_value(&rules, b, 1, 12, 0) - column_value(&rules, &after.board, 1, 12, 0);
        assert!(in_12 > 0.0);
        assert!((blocked - (2.0 + in_12)).abs() < 1e-12, "{blocked}");
        // A race won where the opponent stands below the shaded spaces hands out no second
        // place: they lose all they had there.
        g.board.set_cube(1, 2, 1);
        let mut after = g;
        after.apply(&rules, win);
        assert_eq!(after.board.scores, [10, 0, 0, 0]);
        let lost = column_value(&rules, &g.board, 1, 2, 1);
        let blocked = margin_gain(&rules, &g, win) - points_gain(&rules, &g, win);
        assert!((blocked - (lost + in_12)).abs() < 1e-12, "{blocked}");
    }

    /// Two players; the mover one space below the top of `tracks`, the opponent `below`
    /// spaces below the top; every track but `open` closed.
    fn near_the_tops(rules: &Rules, tracks: &[u8], below: u8, open: &[u8]) -> Game {
        let mut g = Game::new();
        for &c in tracks {
            let len = rules.layout.len(c);
            g.board.set_cube(0, c, len - 1);
            g.board.set_cube(1, c, len - below);
        }
        for c in 2..=12 {
            if !open.contains(&c) {
                g.board.closed = g.board.closed.with(c);
            }
        }
        g
    }

    #[test]
    fn race_points_takes_the_first_of_exactly_equal_scores() {
        let rules = super::super::tall_rules();
        // Track 8 (length 11, 6/3 points): the mover one space below the top, the opponent
        // three below: winning it gains 6 − (6 · 9/10 + 3 · 1/10) = 3/10. Track 9 (length 9,
        // 7/4 points) the other way round: the mover's step from three below the top to two
        // below gains (7 · 1/5 + 4 · 4/5) − (7 · 1/10 + 4 · 9/10) = 3/10 too. Roll 3 4 5 3
        // pairs as 7+8 and 6+9, and with 6 and 7 closed offers 8, then 9: 8 is listed first
        // and taken.
        let mut g = near_the_tops(&rules, &[8], 3, &[2, 4, 5, 8, 9, 10]);
        g.board.set_cube(0, 9, 6);
        g.board.set_cube(1, 9, 8);
        let roll = Roll([3, 4, 5, 3]);
        let list = g.choices(&rules, roll);
        assert_eq!(list.as_slice(), &[Choice::one(8), Choice::one(9)]);
        let tenths = |n: i64| BigRational::new(n.into(), 10.into());
        for &c in list.as_slice() {
            assert_eq!(exact::points_gain(&rules, &g, c), tenths(3), "{c}");
        }
        assert_eq!(pick(RaceRule::Points, &rules, &g, roll), Choice::one(8));
    }

    #[test]
    fn race_margin_takes_the_first_of_exactly_equal_scores() {
        let rules = super::super::tall_rules();
        // The mover one space below the top of tracks 6 and 9, the opponent four below: a
        // race won there gains 6 − v or 7 − v for the mover and hands the opponent second
        // place, the same margin 6/17 on both. Roll 3 3 1 6 offers 6 (3+3; 7 is closed),
        // then 9 (3+6; 4 is closed): 6 is listed first and taken.
        let g = near_the_tops(&rules, &[6, 9], 4, &[5, 6, 8, 9]);
        let roll = Roll([3, 3, 1, 6]);
        let list = g.choices(&rules, roll);
        assert_eq!(list.as_slice(), &[Choice::one(6), Choice::one(9)]);
        let margin = BigRational::new(6.into(), 17.into());
        for &c in list.as_slice() {
            assert_eq!(exact::margin_gain(&rules, &g, c), margin, "{c}");
        }
        assert_eq!(pick(RaceRule::Margin, &rules, &g, roll), Choice::one(6));
    }

    /// A random board file's layout (lengths 1 to 13, points 0 to 255, any second-place
    /// spaces) one time in three, else the standard board.
    fn random_layout(rng: &mut Xoshiro256PlusPlus) -> Layout {
        let mut l = Rules::new(GameKind::GreatRaces, 2).layout;
        if rng.gen_range(0..3) > 0 {
            return l;
        }
        for c in 2..=12 {
            let len = rng.gen_range(1..=MAX_LENGTH);
            l.length[c] = len;
            l.first[c] = rng.gen();
            l.second[c] = rng.gen();
            l.second_spaces[c] = rng.gen::<u16>() & ((1 << len) - 2);
        }
        l
    }

    /// A random game: cubes anywhere below the tops, mostly within three spaces of them
    /// (where races are won and equal scores are common), some tracks closed, some points
    /// scored.
    fn random_game(rng: &mut Xoshiro256PlusPlus, rules: &Rules) -> Game {
        let mut g = Game::new();
        for c in 2..=12 {
            let len = rules.layout.len(c);
            for q in 0..rules.players {
                if rng.gen_range(0..4) > 0 {
                    let reach = if rng.gen_range(0..4) > 0 {
                        3
                    } else {
                        MAX_LENGTH
                    };
                    let below = rng.gen_range(1..=len.min(reach));
                    g.board.set_cube(q, c, len - below);
                }
            }
            if rng.gen_range(0..3) == 0 {
                g.board.closed = g.board.closed.with(c);
            }
        }
        for q in 0..rules.players as usize {
            g.board.scores[q] = rng.gen_range(0..400);
        }
        g.to_move = rng.gen_range(0..rules.players);
        g
    }

    #[test]
    fn exact_scores_agree_with_the_float_ones_and_decide_every_choice() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(14);
        let mut decisions = 0;
        for round in 0..40_000 {
            let players = if round % 2 == 0 { 2 } else { 1 + round / 2 % 4 };
            let mut rules = Rules::new(GameKind::GreatRaces, players as u8);
            rules.layout = random_layout(&mut rng);
            let g = random_game(&mut rng, &rules);
            let roll = Roll([(); 4].map(|_| rng.gen_range(1..=6)));
            let list = g.choices(&rules, roll);
            if list.len() < 2 {
                continue;
            }
            decisions += 1;
            for (rule, float, exact) in [
                (
                    RaceRule::Points,
                    points_gain as fn(&Rules, &Game, Choice) -> f64,
                    exact::points_gain as fn(&Rules, &Game, Choice) -> BigRational,
                ),
                (RaceRule::Margin, margin_gain, exact::margin_gain),
            ] {
                let scores: Vec<BigRational> = list
                    .as_slice()
                    .iter()
                    .map(|&c| exact(&rules, &g, c))
                    .collect();
                for (&c, e) in list.as_slice().iter().zip(&scores) {
                    let (f, e) = (float(&rules, &g, c), e.to_f64().unwrap());
                    assert!((f - e).abs() < TIE_BAND / 250.0, "{rule:?} {c}: {f} vs {e}");
                }
                let top = scores.iter().max().unwrap();
                let first_top = scores.iter().position(|s| s == top).unwrap();
                let chosen = rule.choose(&rules, &g, &list, &mut rng);
                assert_eq!(chosen, first_top, "{rule:?} {:?} {:?}", roll, g.board);
            }
        }
        assert!(decisions > 20_000, "{decisions}");
    }

    #[test]
    fn stopping_policies_are_refused_with_the_race_policies_named() {
        for (text, needle) in [
            ("rule28", "'rule28' is a stopping policy"),
            ("fixed-risk:0.3", "is a stopping policy"),
            ("nonsense", "unknown Great Races policy 'nonsense'"),
        ] {
            let e = RaceSpec::parse(text).unwrap_err();
            assert!(e.contains(needle), "{e}");
            assert!(
                e.contains("race-points, race-progress, race-margin, random"),
                "{e}"
            );
        }
        for (_, rule) in RACE_FAMILIES.iter().zip([
            RaceRule::Points,
            RaceRule::Progress,
            RaceRule::Margin,
            RaceRule::Random,
        ]) {
            assert_eq!(RaceSpec::parse(rule.name()).unwrap().rule, rule);
        }
    }
}
