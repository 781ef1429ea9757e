//! `race-points`' choice straight from a roll, at a table of one or two: the roll's choices
//! listed and scored in one pass over its pairings ([`EVEN_FIRST`]), each score read from
//! [`TrackValues`] at the tracks' [`GainRows`] (or, near the game's end, at the mover's and
//! opponent's packed spaces), and the move played without [`Game::apply`]'s generic stepping
//! ([`Pick::play`]). It is the game loop's form of
//! [`great_races_choices`](crate::columns::legal::great_races_choices) followed by
//! [`RaceRule::choose_among`](super::policy::RaceRule::choose_among), which stay the
//! reference: a test holds the two to the same choice on random positions and every outcome.
//!
//! The distinct pairings of a roll share no sum (two pairings with a common sum have the same
//! other sum, the roll's total less it), so no two of them give the same choice and the list
//! needs no check for repeats. A choice moves at most two tracks, so it can end the game only
//! when closing two more tracks would: short of that, no score has a game-end term and no
//! choice is tested for one.

use super::choices::{Steps, EVEN_FIRST};
use super::exact;
use super::gain_rows::GainRows;
use super::policy::{first_best_exact, TIE_BAND};
use super::stack_rational::StackRational;
use super::track_values::TrackValues;
use crate::columns::board::{nibble, shift};
use crate::columns::{Choice, ColumnSet, Game, Rules};
use crate::dice::{Outcome, OUTCOMES};
use crate::policy::value::end_value;

/// The move a roll is raced with: its steps, and how it is played.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Pick {
    /// `(track, steps)` of the pairing's smaller sum and of its larger: no steps in a closed
    /// track, and track 0 (no steps) for a double's second or no second track.
    moves: [(u8, u8); 2],
    /// What the move adds to the mover's packed spaces (its steps in each track's nibble).
    climb: u64,
    /// The move is played by [`Game::apply`]: it wins a track (or the tracks that end the game
    /// are all closed already).
    by_rules: bool,
}

/// Two picks are the same move: the same steps, played the same way.
impl PartialEq for Pick {
    fn eq(&self, other: &Pick) -> bool {
        (self.steps(), self.climb, self.by_rules) == (other.steps(), other.climb, other.by_rules)
    }
}

impl Eq for Pick {}

impl Pick {
    /// The pick of `choice` (steps `steps`), a legal choice of the roll for the player to move
    /// in `game`: the move [`Pick::play`] plays.
    pub fn new(rules: &Rules, game: &Game, choice: Choice, steps: Steps) -> Pick {
        let (p, b) = (game.to_move, &game.board);
        let mine = b.progress[p as usize & 3];
        debug_assert_eq!(
            choice_of([steps.first.0, steps.first.1, steps.second.0, steps.second.1]),
            choice
        );
        let mut pick = Pick {
            moves: [steps.first, steps.second],
            climb: 0,
            by_rules: b.closed.len() >= rules.columns_to_end as u32,
        };
        for (c, k) in [steps.first, steps.second] {
            if c != 0 && !b.closed.has(c) {
                pick.climb += (k as u64) << shift(c);
                pick.by_rules |= nibble(mine, c) + k >= rules.layout.len(c);
            }
        }
        pick
    }

    /// Its steps: the tracks it moves in, the first first.
    pub fn steps(&self) -> Steps {
        match self.moves {
            [(_, 0), second] => Steps::one(second.0, second.1),
            [first, (_, 0)] => Steps::one(first.0, first.1),
            [first, second] => Steps { first, second },
        }
    }

    /// Plays the move in `game`, as [`Game::apply`] plays its choice: the mover's cubes climb,
    /// a track reached is won ([`Game::win_column`]), the game ends when the tracks that end it
    /// are all closed, else the turn passes; `rows`, when kept, step with the cubes.
    #[inline(always)]
    pub fn play(self, rules: &Rules, game: &mut Game, rows: Option<&mut GainRows>) {
        let p = game.to_move;
        // No track goes past its top (at most 15): no nibble carries into the next.
        game.board.progress[p as usize & 3] += self.climb;
        if self.by_rules {
            self.win(rules, game);
            if let Some(rows) = rows {
                rows.step(p, self.moves, game.board.closed);
            }
            return;
        }
        pass_turn(rules, game);
        if let Some(rows) = rows {
            rows.step(p, self.moves, ColumnSet::EMPTY);
        }
    }

    /// The rest of a move that wins a track, its cubes moved: each track reached won (the
    /// smaller first, as [`Game::apply`] steps them), then the turn ended as [`Game::apply`]
    /// ends it (the game over, or play passed).
    #[inline(never)]
    fn win(self, rules: &Rules, game: &mut Game) {
        let p = game.to_move;
        for (c, k) in self.moves {
            if k != 0 && game.board.cube(p, c) >= rules.layout.len(c) {
                game.win_column(rules, p, c);
            }
        }
        game.end_turn(rules);
    }
}

/// [`Game::pass`] when the game goes on: the turn (never more than the roll) starts afresh, the
/// mover's turns count one more, nobody has won (the tracks that end the game are not all
/// closed) and the next player moves.
#[inline(always)]
pub(crate) fn pass_turn(rules: &Rules, game: &mut Game) {
    let p = game.to_move;
    game.turn = Default::default();
    game.turns[p as usize & 3] += 1;
    game.winner = None;
    game.to_move = if p + 1 >= rules.players { 0 } else { p + 1 };
}

/// Each outcome's pairings of [`EVEN_FIRST`] (padded to three) as the tracks [`points_pick`]
/// scores: `[a, c]` a pairing's smaller sum and its larger, the larger 0 for a double (its two
/// steps are one gain, read in `a`) and both 0 for padding (to four, read at `& 3`). Index 0
/// reads no track (its gains are zeros, [`GainRows`]).
static SCORED_TRACKS: [[[u8; 2]; 4]; OUTCOMES] = {
    let mut t = [[[0u8; 2]; 4]; OUTCOMES];
    let mut i = 0;
    while i < OUTCOMES {
        let pairs = EVEN_FIRST[i].padded();
        let mut k = 0;
        while k < 3 {
            let (a, c) = pairs[k];
            t[i][k] = [a, if a == c { 0 } else { c }];
            k += 1;
        }
        i += 1;
    }
    t
};

/// `race-points`' choice of the roll `outcome` for the player to move in `game` (one or two
/// players, the track values of `rules` in `values`, the board's [`GainRows`] in `rows`), or
/// `None` when the roll has no choice (no open track among its sums): the choice
/// [`super::choices::RaceChoices::of`] lists and [`super::players::RacePlayers::choose`] picks,
/// every score the reference's to the bit.
///
/// Most rolls are neither near the game's end nor close between two choices: those are scored
/// without branches (every pairing of the outcome, padded to three, scored by its tracks' rows;
/// a closed track's row reads a zero gain; a pairing with no open track scored minus infinity)
/// and the best picked by comparisons, since the dice make every branch on them a guess. The
/// others go to [`listed_pick`].
#[inline(always)]
pub(crate) fn points_pick(
    values: &TrackValues,
    rules: &Rules,
    game: &Game,
    rows: &GainRows,
    outcome: Outcome,
) -> Option<Pick> {
    let (p, b) = (game.to_move, &game.board);
    if b.closed.len() + 2 >= rules.columns_to_end as u32 {
        return listed_pick(values, rules, game, outcome);
    }
    let row = rows.of_player(p);
    let tracks = &SCORED_TRACKS[outcome.index()];
    // The pairing's score (minus infinity for no choice): the reference's sum, 0 (no game-end
    // term), then each open track's gain; a closed track's (or no track's) 0 leaves the sum as
    // it is. With no open track the sum is +0.0, all bits 0: or-ed with minus infinity's.
    let score = |[a, c]: [u8; 2]| {
        let (ra, rc) = (row[a as usize & 15], row[c as usize & 15]);
        let double = (c == 0) as u16;
        let sum = values.gain_at(ra | double) + values.gain_at(rc);
        let none = ((ra | rc) as u64).wrapping_sub(1) & f64::NEG_INFINITY.to_bits();
        f64::from_bits(sum.to_bits() | none)
    };
    let (s0, s1, s2) = (score(tracks[0]), score(tracks[1]), score(tracks[2]));
    // The first of the highest.
    let one_over = s1 > s0;
    let (mut best, mut top) = (one_over as usize, if one_over { s1 } else { s0 });
    let two_over = s2 > top;
    best = if two_over { 2 } else { best };
    top = if two_over { s2 } else { top };
    if top == f64::NEG_INFINITY {
        return None;
    }
    let floor = top - TIE_BAND;
    if (s0 >= floor) as u32 + (s1 >= floor) as u32 + (s2 >= floor) as u32 != 1 {
        return listed_pick(values, rules, game, outcome);
    }
    let [a, c] = tracks[best & 3];
    let (ra, rc) = (row[a as usize & 15], row[c as usize & 15]);
    // The steps in each of the pairing's tracks: none in a closed one (row 0, space 0); a
    // double's two in `a`, short of the top (its `c` is 0, whose row is 0).
    let (sa, sc) = (((ra >> 1) & 15) as u8, ((rc >> 1) & 15) as u8);
    let two = (c == 0) & (sa + 1 < values.len(a));
    let (ka, kc) = ((ra != 0) as u8 + two as u8, (rc != 0) as u8);
    // (`c`'s step read at no track when it takes none, rather than multiplied or masked: those
    // are compiled to a branch.)
    let climb = STEP[a as usize & 15] * ka as u64 + STEP[(c & kc.wrapping_neg()) as usize & 15];
    // No steps reach no top: a closed track's space 0 is below its length, and no track's
    // length is out of reach.
    let by_rules = (sa + ka >= values.len(a)) | (sc + kc >= values.len(c));
    Some(Pick {
        moves: [(a, ka), (c, kc)],
        climb,
        by_rules,
    })
}

/// A step in each track, as it adds to a packed progress word (one nibble a track); 0 for no
/// track.
static STEP: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut c = 2;
    while c <= 12 {
        t[c as usize] = 1 << shift(c);
        c += 1;
    }
    t
};

/// [`points_pick`] for any roll: the roll's choices listed and scored in one pass over its
/// pairings, each kept as its score and packed steps, the game-end term looked for when two more
/// tracks would end the game, and close choices settled as the reference settles them.
#[inline(never)]
fn listed_pick(values: &TrackValues, rules: &Rules, game: &Game, outcome: Outcome) -> Option<Pick> {
    let (p, b) = (game.to_move, &game.board);
    let (mine, theirs) = (b.progress[p as usize & 3], values.opponent(b, p));
    let open = !b.closed;
    let closed = b.closed.len();
    let may_end = closed + 2 >= rules.columns_to_end as u32;
    // The gain of `k` steps in track `c`.
    let gain = |c: u8, k: u8| values.gain(c, nibble(theirs, c), nibble(mine, c), k);
    // Each choice's score and its steps, packed: (track, steps) of the first and the second.
    let (mut scores, mut moves, mut ends) = ([0.0; 4], [[0u8; 4]; 4], [0.0; 4]);
    let mut n = 0usize;
    for &(a, c) in EVEN_FIRST[outcome.index()].pairs() {
        // Pair sums are 2..=12: one bit test each.
        let (ua, uc) = (open.has_sum(a), open.has_sum(c));
        let steps = if a == c {
            if !ua {
                continue;
            }
            let k = if nibble(mine, a) + 1 < values.len(a) {
                2
            } else {
                1
            };
            [a, k, 0, 0]
        } else if ua && uc {
            [a, 1, c, 1]
        } else if ua {
            [a, 1, 0, 0]
        } else if uc {
            [c, 1, 0, 0]
        } else {
            continue;
        };
        // The reference's sum, in its order: the game-end term, then each track's gain.
        let mut score = 0.0;
        if may_end {
            score = end_term(rules, game, steps);
        }
        ends[n & 3] = score;
        score += gain(steps[0], steps[1]);
        if steps[2] != 0 {
            score += gain(steps[2], steps[3]);
        }
        scores[n & 3] = score;
        moves[n & 3] = steps;
        n += 1;
    }
    if n == 0 {
        return None;
    }
    let mut best = 0;
    for i in 1..n & 3 {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    let floor = scores[best] - TIE_BAND;
    let alone = (0..n & 3).all(|i| i == best || scores[i] < floor);
    if !alone {
        let close = |i: &usize| scores[*i] >= floor;
        // Close choices whose moves are alike, track for track (alike tracks, the same spaces
        // and steps), and whose game-end terms are the same (0 or ±1000, exact in floats)
        // score the same exactly: the first of them is the exact best. Otherwise the exact
        // scores decide.
        let key = |m: [u8; 4]| {
            let term = |c: u8, k: u8| {
                let (s, t) = (nibble(mine, c) as u32, nibble(theirs, c) as u32);
                (values.alike(c) as u32) << 16 | t << 8 | s << 4 | k as u32
            };
            let first = term(m[0], m[1]);
            let second = if m[2] != 0 { term(m[2], m[3]) } else { 0 };
            (first.min(second) as u64) << 32 | first.max(second) as u64
        };
        let first = (0..n & 3).find(close).unwrap_or(best);
        let alike = (0..n & 3)
            .filter(close)
            .all(|i| key(moves[i]) == key(moves[first]) && ends[i] == ends[first]);
        best = if alike {
            first
        } else {
            let choices = moves.map(choice_of);
            first_best_exact(
                &choices[..n & 3],
                |i| scores[i & 3],
                |c| exact::points_gain_in::<StackRational>(rules, game, c),
            )
        };
    }
    let [x, kx, y, ky] = moves[best & 3];
    let mut climb = (kx as u64) << shift(x);
    let mut by_rules =
        closed >= rules.columns_to_end as u32 || nibble(mine, x) + kx >= values.len(x);
    if y != 0 {
        climb += (ky as u64) << shift(y);
        by_rules |= nibble(mine, y) + ky >= values.len(y);
    }
    Some(Pick {
        moves: [(x, kx), (y, ky)],
        climb,
        by_rules,
    })
}

/// The choice of packed steps `[track, steps, track, steps]` (second track 0: none).
#[inline(always)]
fn choice_of(m: [u8; 4]) -> Choice {
    match (m[1], m[2]) {
        (2, _) => Choice::two(m[0], m[0]),
        (_, 0) => Choice::one(m[0]),
        _ => Choice::two(m[0], m[2]),
    }
}

/// The game-end term of the move of packed steps `steps` (open tracks) in `game`: 0 unless the
/// tracks it wins close the tracks that end the game, then the move played out on a copy.
#[inline(never)]
fn end_term(rules: &Rules, game: &Game, steps: [u8; 4]) -> f64 {
    let (b, p) = (&game.board, game.to_move);
    let wins = |c: u8, k: u8| (c != 0 && b.cube(p, c) + k >= rules.layout.len(c)) as u32;
    if b.closed.len() + wins(steps[0], steps[1]) + wins(steps[2], steps[3])
        < rules.columns_to_end as u32
    {
        return end_value(None, p);
    }
    let mut after = *game;
    after.apply(rules, choice_of(steps));
    end_value(after.winner, p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::legal::great_races_choices;
    use crate::columns::GameKind;
    use crate::games::great_races::policy::RaceRule;
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A random game of `players`: cubes anywhere, many near the tops, some tracks closed
    /// (up to all but one of those that end the game, so some rolls end it), some points.
    fn random_game(rng: &mut Xoshiro256PlusPlus, rules: &Rules) -> Game {
        let mut g = Game::new();
        let closing = rng.gen_range(0..rules.columns_to_end);
        for c in 2..=12 {
            let len = rules.layout.len(c);
            for q in 0..rules.players {
                if rng.gen_range(0..4) > 0 {
                    let reach = if rng.gen() { 3 } else { 13 };
                    let below = rng.gen_range(1..=len.min(reach));
                    g.board.set_cube(q, c, len - below);
                }
            }
            if g.board.closed.len() < closing as u32 && rng.gen_range(0..3) == 0 {
                g.board.closed = g.board.closed.with(c);
            }
        }
        for q in 0..rules.players as usize {
            g.board.scores[q] = rng.gen_range(0..60);
        }
        g.to_move = rng.gen_range(0..rules.players);
        g
    }

    /// Makes each track above 7 the mirror of its partner below (the same cubes, closed
    /// alike), so alike tracks stand alike and many choices tie exactly.
    fn mirror(g: &mut Game, rules: &Rules) {
        for c in 8..=12u8 {
            for q in 0..rules.players {
                g.board.set_cube(q, c, g.board.cube(q, 14 - c));
            }
            g.board.closed = if g.board.closed.has(14 - c) {
                g.board.closed.with(c)
            } else {
                g.board.closed.without(c)
            };
        }
    }

    /// The reference's pick: [`great_races_choices`] and [`RaceRule::choose_among`].
    fn reference_pick(rules: &Rules, g: &Game, outcome: Outcome) -> Option<Pick> {
        let list = great_races_choices(rules, &g.board, g.to_move, outcome.roll());
        let list = list.as_slice();
        let i = match list.len() {
            0 => return None,
            1 => 0,
            _ => {
                let mut unused = Xoshiro256PlusPlus::seed_from_u64(0);
                RaceRule::Points.choose_among(rules, g, list, &mut unused)
            }
        };
        Some(Pick::new(rules, g, list[i], Steps::of(list[i])))
    }

    #[test]
    fn on_mirrored_boards_exact_ties_go_to_the_first_choice_as_the_reference_has_them() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(46);
        let mut ties = 0;
        for players in 1..=2u8 {
            let rules = Rules::new(GameKind::GreatRaces, players);
            let values = TrackValues::new(&rules).unwrap();
            for _ in 0..40 {
                let mut g = random_game(&mut rng, &rules);
                mirror(&mut g, &rules);
                for outcome in Outcome::all() {
                    let list = great_races_choices(&rules, &g.board, g.to_move, outcome.roll());
                    let list = list.as_slice();
                    if list.len() >= 2 && RaceRule::Points.ties(&rules, &g, list[0], list[1]) {
                        ties += 1;
                    }
                    let want = reference_pick(&rules, &g, outcome);
                    let rows = GainRows::of(&values, &g.board);
                    let got = points_pick(&values, &rules, &g, &rows, outcome);
                    assert_eq!(got, want, "{:?} {g:?}", outcome.roll());
                }
            }
        }
        assert!(ties > 100, "{ties} ties");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        /// On random positions and every outcome, the pick is the reference listing's choice
        /// that the reference rule picks (or none where the listing is empty).
        #[test]
        fn the_pick_is_the_reference_choice(seed in any::<u64>(), players in 1u8..=2) {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let rules = Rules::new(GameKind::GreatRaces, players);
            let values = TrackValues::new(&rules).unwrap();
            for _ in 0..8 {
                let g = random_game(&mut rng, &rules);
                for outcome in Outcome::all() {
                    let want = reference_pick(&rules, &g, outcome);
                    let rows = GainRows::of(&values, &g.board);
                    let got = points_pick(&values, &rules, &g, &rows, outcome);
                    prop_assert_eq!(got, want, "{:?} {:?}", outcome.roll(), g);
                }
            }
        }
    }
}
