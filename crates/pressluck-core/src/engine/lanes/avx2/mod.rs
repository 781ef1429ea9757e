//! The kernel: one roll of eight 2-player Can't Stop or Route 66 games at once, one game a lane
//! — the dice, the legal choices and the choice rule (the shared rule, or the Rule of N's
//! points), the stop rule (`fixed-risk` or the Rule of N) and the end of a turn, all
//! branch-free, also under the jump rule (Route 66, Can't Stop's variant). The dice and the
//! end of the roll run in two halves of four 64-bit lanes, as the state is kept; the choice
//! between a roll's candidates,
//! most of the work, runs on all eight games at once in 32-bit lanes, where every
//! column set, count and rank fits. For that, where a column's move starts is turned into two
//! column sets once per roll: the columns one step from the top (or on it) and those two steps
//! from it, so a candidate's new cars on top are set operations; under the jump rule, two more:
//! the columns whose first step jumps the other player's cube, and those whose second does.
//! AVX2 has no mask registers, 64-bit multiply, rotate or population count and no unsigned
//! compare, so masks are lanes of all ones, rotates are two shifts, population counts go through
//! a nibble table, and every compared value but the dice draw is small enough to compare signed.
//!
//! Every lane plays exactly what [`crate::engine::play::play_game`] plays for the same dice; the
//! tests in [`super`] compare the two game by game.
//!
//! Every function enables AVX2 (`#[target_feature]`), so within the kernel they call one
//! another safely; the one way in from outside is [`Step::play`], which takes the
//! [`Avx2`] token as its proof. Memory is touched in few places, each with its bounds argued
//! where it is: the halves of the state's fields ([`ops::load`], [`ops::store`]) and the
//! table gathers in [`choose()`].
//!
//! `#[inline(always)]` is not allowed with `#[target_feature]`, and LLVM inlines a large
//! function only into its one caller. So [`step`]'s parts ([`half_start`], [`choose()`],
//! [`finish()`]) take all of its flags, and the half `H` where they run per half, as const
//! generics, even a flag a part does not read: every instance then has one call site and is
//! inlined (called instead, they cost the Rule of N kernel 6% of its instructions).

mod choose;
mod dice;
mod finish;
mod legal;
pub(super) mod ops;
mod rule;
mod start;

use super::state::{LaneState, Tables};
use crate::engine::cpu::Avx2;
use choose::choose;
use finish::finish;
use start::half_start;

pub use finish::DEFERRED;

/// Plays one roll in every lane of `s`: with `JUMP`, under the jump rule (Route 66, and Can't
/// Stop's variant). With `DEFER_TOPS` (Route 66, where a column's win brings points and second
/// places and the game ends on points) a lane whose roll leaves a car on a top when a stop could
/// end the game is not decided here: it rolls on as far as the state goes, and its outcome says
/// the scalar side decides ([`DEFERRED`]). In every game a stop that claims columns leaves the
/// other player's cubes there for the driver to settle (gone, or a Route 66 second place). With
/// `RULE`, a lane whose `rule_me` is set plays the Rule of N of `t.rule` ([`rule`]) instead of
/// `fixed-risk`. With `RACE` (and `RULE`), every lane plays a race-aware player
/// ([`crate::policy::RaceAware`]) of `t.race`, its mover's slot's, stopping by the counts the
/// driver hands it each turn (`below`).
///
/// Counts the roll into `turn_cars` and returns the lanes whose outcome is not "rolled on"
/// (bit `l` for lane `l`).
#[target_feature(enable = "avx2")]
fn step<const JUMP: bool, const DEFER_TOPS: bool, const RULE: bool, const RACE: bool>(
    s: &mut LaneState,
    t: &Tables,
) -> u32 {
    let halves = [
        half_start::<JUMP, DEFER_TOPS, RULE, RACE, 0>(s, t),
        half_start::<JUMP, DEFER_TOPS, RULE, RACE, 1>(s, t),
    ];
    let best = choose::<JUMP, DEFER_TOPS, RULE, RACE>(s, t, &halves);
    // Spelled out: as a loop, the Rule of N kernels kept it rolled.
    let low = finish::<JUMP, DEFER_TOPS, RULE, RACE, 0>(s, t, &halves[0], &best);
    low | finish::<JUMP, DEFER_TOPS, RULE, RACE, 1>(s, t, &halves[1], &best) << 4
}

/// The kernel's step for one set of rules: [`step`] with its rule flags fixed.
#[derive(Clone, Copy, Debug)]
pub struct Step(unsafe fn(&mut LaneState, &Tables) -> u32);

/// The [`Step`] for rules with (`jump`) or without the jump rule, with or without deferred tops
/// (`defer_tops`), Rule of N lanes (`rule`) and race lanes (`race`, whose lanes are all rule
/// lanes).
pub fn step_for(jump: bool, defer_tops: bool, rule: bool, race: bool) -> Step {
    Step(match (jump, defer_tops, rule || race, race) {
        (false, false, false, _) => step::<false, false, false, false>,
        (false, true, false, _) => step::<false, true, false, false>,
        (true, false, false, _) => step::<true, false, false, false>,
        (true, true, false, _) => step::<true, true, false, false>,
        (false, false, true, false) => step::<false, false, true, false>,
        (false, true, true, false) => step::<false, true, true, false>,
        (true, false, true, false) => step::<true, false, true, false>,
        (true, true, true, false) => step::<true, true, true, false>,
        (false, false, true, true) => step::<false, false, true, true>,
        (false, true, true, true) => step::<false, true, true, true>,
        (true, false, true, true) => step::<true, false, true, true>,
        (true, true, true, true) => step::<true, true, true, true>,
    })
}

impl Step {
    /// Plays one roll in every lane of `s` ([`step`]); `avx2` proves the CPU runs it.
    #[inline]
    pub fn play(self, avx2: Avx2, s: &mut LaneState, t: &Tables) -> u32 {
        let _ = avx2;
        // SAFETY: `self.0` is one of `step`'s instances (`Step` is built only by `step_for`),
        // which need AVX2 and nothing else: the token proves the CPU has it. What they read and
        // write is in bounds whatever the state and tables hold (see the module comment).
        unsafe { (self.0)(s, t) }
    }
}
