//! The end of a roll in one half of the AVX2 kernel's lanes (four 64-bit lanes): bust, stop or
//! roll on for the choice [`super::choose::choose`] made, the turn passed on when it ends, and the
//! roll tallied for the driver: counted into `turn_cars`, and the lanes to visit flagged.

use super::super::rule_tables::COLUMNS;
use super::super::state::{LaneState, Tables, BELOW_ROWS};
use super::choose::{Best, GAIN_BITS, NO_CHOICE, RANK_TOP};
use super::ops::*;
use super::rule;
use super::start::HalfStart;
use core::arch::x86_64::*;

/// The outcome of a lane whose roll left a car on a top under `DEFER_TOPS` when a stop could
/// end the game: the choice is taken, and the stop decision is the scalar side's.
pub const DEFERRED: u64 = 4;

/// The end of the roll in half `H`: bust, stop or roll on (or, with `DEFER_TOPS`, a car on a top
/// left to the scalar side as rolled on), and the turn passed on when it ends. With `RULE`,
/// rule lanes stop by the Rule of N's count; with `RACE`, below the count the driver handed the
/// lane for the cars on a top and near one, by the mover's slot's weights. Counts the roll into `turn_cars` and returns the
/// half's lanes whose outcome is not "rolled on" (bit `l` for its lane `l`, 0..4).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn finish<
    const JUMP: bool,
    const DEFER_TOPS: bool,
    const RULE: bool,
    const RACE: bool,
    const H: usize,
>(
    s: &mut LaneState,
    t: &Tables,
    half: &HalfStart,
    best: &Best,
) -> u32 {
    let best_rank = widen(best.rank, H);
    let new_top = widen(best.top, H);
    let cols = widen(best.cols, H);
    let twice = widen(best.twice, H);
    let (cols_flags, twice_flags) = (spread(cols), spread(twice));
    // Steps taken this roll, a jump counting one; `steps` adds the spaces jumped.
    let moved = add(cols_flags, twice_flags);
    let mut steps = moved;
    if JUMP {
        // A jump climbs one space more: the first step's in every column moved, the second's
        // in the double's.
        let jumped = or(
            and(cols_flags, half.jump1_flags),
            and(twice_flags, half.jump2_flags),
        );
        steps = add(steps, jumped);
    }
    let one = splat(1);
    let zero = _mm256_setzero_si256();
    let (cars, closed, me, opp) = (
        load(&s.cars, H),
        load(&s.closed, H),
        load(&s.me, H),
        load(&s.opp, H),
    );
    // Rank below that of NO_CHOICE - 1 busting rolls: no choice, a bust.
    let bust = gt(
        splat(((RANK_TOP - NO_CHOICE + 1) as u64) << GAIN_BITS),
        best_rank,
    );
    let pos = add(half.start, steps);
    let new_cars = or(cars, cols);
    let on_top = andnot(_mm256_cmpeq_epi64(new_top, zero), splat(u64::MAX));
    let (won_me, won_opp) = (load(&s.won_me, H), load(&s.won_opp, H));
    // Cars in play after the roll, and cars on top.
    let counts = widen(best.counts, H);
    let (after, tops) = (and(counts, splat(0xffff)), _mm256_srli_epi64::<16>(counts));
    let won_now = add(won_me, tops);
    // The columns claimed if the turn stops now: every closed column is a claim of one player
    // or the other, and no car stands on a closed column.
    let claims = add(add(won_me, won_opp), tops);
    // A race lane's `at_top` is 0, as a rule lane's.
    let at_top = if RACE {
        zero
    } else {
        _mm256_cmpeq_epi64(load(&s.at_top_me, H), one)
    };
    let limit = load(&s.limit_me, H);
    // At least `limit` busting rolls: a rank below that of `limit - 1`.
    let limit_rank =
        _mm256_slli_epi64::<GAIN_BITS>(_mm256_sub_epi64(splat(RANK_TOP as u64 + 1), limit));
    let risky = gt(limit_rank, best_rank);
    // Rule lanes: each car's steps after the roll (a jump counts one), and a stop unless the
    // rule rolls on.
    let (rule_lane, turn_steps, wants_stop) = if RULE {
        let rule_lane = if RACE {
            splat(u64::MAX)
        } else {
            load(&s.rule_me, H)
        };
        let turn_steps = add(load(&s.steps, H), moved);
        // A rule lane's limit is its seat's threshold. Open columns: neither claimed nor with
        // a car on top.
        let open = _mm256_sub_epi64(splat(COLUMNS.count_ones() as u64), claims);
        let rolls_on = if RACE {
            let slot = load(&s.slot_me, H);
            let of = |x: [u64; 2]| pick(slot, splat(x[1]), splat(x[0]));
            let progress = of(t.race.progress_nibbles);
            // The choice's placed-markers terms, as the choice worked them out (signed).
            let placed = _mm256_cvtepi32_epi64(if H == 0 {
                _mm256_castsi256_si128(best.placed)
            } else {
                _mm256_extracti128_si256::<1>(best.placed)
            });
            let near = rule::cars_near64(pos, of(t.race.near_from), new_cars, new_top);
            // Entry `4 · tops + near` of the lane's row of counts.
            let entry = and(add(_mm256_slli_epi64::<2>(tops), near), splat(15));
            let row = and(load(&s.below_row, H), splat(BELOW_ROWS as u64 - 1));
            let at = add(_mm256_slli_epi64::<4>(row), entry);
            // SAFETY: `row` is masked to 0..BELOW_ROWS and `entry` to 0..16: `at` indexes one
            // of the first `BELOW_ROWS · 16` of `below`'s `(BELOW_ROWS + 1) · 16` `i16`s (rows
            // laid end to end), and each read takes that one and the next, inside.
            let pairs = unsafe { _mm256_i64gather_epi32::<2>(t.below.as_ptr() as *const i32, at) };
            // The count is the low 16 bits of each read, sign-extended.
            let below = _mm256_cvtepi32_epi64(_mm_srai_epi32::<16>(_mm_slli_epi32::<16>(pairs)));
            rule::rolls_on64_with(
                progress, placed, t.cars, below, turn_steps, new_cars, after, open,
            )
        } else {
            rule::rolls_on64(&t.rule, t.cars, limit, turn_steps, new_cars, after, open)
        };
        let wants_stop = pick(rule_lane, andnot(rolls_on, splat(u64::MAX)), risky);
        (rule_lane, turn_steps, wants_stop)
    } else {
        (zero, zero, risky)
    };
    // `fin`: the stop wins the game.
    let (stop, deferred, fin) = if DEFER_TOPS {
        // A car on a top: once a stop could end the game the scalar side decides, as
        // [`crate::policy::View::stop_wins`] plays the stop out. Before that the stop cannot
        // win, the policy rolls on or stops as the kernel works it out, and a stop claims its
        // columns here.
        let may_end = or(
            gt(claims, splat(t.to_end.wrapping_sub(1))),
            gt(won_now, splat(t.to_win.wrapping_sub(1))),
        );
        let deferred = andnot(bust, and(on_top, may_end));
        let stops = or(wants_stop, and(on_top, at_top));
        (andnot(or(bust, deferred), stops), deferred, zero)
    } else {
        let wins = andnot(gt(splat(t.to_win), won_now), splat(u64::MAX));
        // A rule lane's `at_top` is 0: it stops on a top only when the stop wins.
        let stop = andnot(bust, or(and(on_top, or(at_top, wins)), wants_stop));
        (stop, zero, and(stop, wins))
    };
    let end = or(bust, stop);
    // A stop: cars become cubes (`pos` holds the cubes where there is no car) and columns on
    // top are claimed; the driver settles the other's cubes there (a Route 66 second place, or
    // gone): claims are a few a game, rolls a hundred. So the other's cubes stay as they are.
    let me2 = pick(stop, pos, me);
    let won2 = pick(stop, won_now, won_me);
    store(&mut s.closed, H, or(closed, and(stop, new_top)));
    // The end of a turn passes play: the two sides swap.
    store(&mut s.me, H, pick(end, opp, me2));
    store(&mut s.opp, H, pick(end, me2, opp));
    store(&mut s.won_me, H, pick(end, won_opp, won2));
    store(&mut s.won_opp, H, pick(end, won2, won_opp));
    if RACE {
        // Every lane a rule lane, stopping by the counts the driver hands it: only the slot
        // passes with the turn.
        let slot = load(&s.slot_me, H);
        store(&mut s.slot_me, H, _mm256_xor_si256(slot, end));
        store(&mut s.steps, H, andnot(end, turn_steps));
    } else {
        let limit_opp = load(&s.limit_opp, H);
        store(&mut s.limit_me, H, pick(end, limit_opp, limit));
        store(&mut s.limit_opp, H, pick(end, limit, limit_opp));
        let (at_top_me, at_top_opp) = (load(&s.at_top_me, H), load(&s.at_top_opp, H));
        store(&mut s.at_top_me, H, pick(end, at_top_opp, at_top_me));
        store(&mut s.at_top_opp, H, pick(end, at_top_me, at_top_opp));
    }
    if RULE && !RACE {
        let rule_opp = load(&s.rule_opp, H);
        store(&mut s.rule_me, H, pick(end, rule_opp, rule_lane));
        store(&mut s.rule_opp, H, pick(end, rule_lane, rule_opp));
        store(&mut s.steps, H, andnot(end, turn_steps));
    }
    // The next turn's moves start from the next player's cubes.
    store(&mut s.pos, H, pick(end, opp, pos));
    store(&mut s.cars, H, andnot(end, new_cars));
    store(&mut s.top, H, andnot(end, new_top));
    let outcome = add(or(and(bust, one), and(stop, splat(2))), and(fin, one));
    let outcome = if DEFER_TOPS {
        or(outcome, and(deferred, splat(DEFERRED)))
    } else {
        outcome
    };
    store(&mut s.outcome, H, outcome);
    store(&mut s.claimed, H, and(stop, new_top));
    let turn_cars = add(load(&s.turn_cars, H), roll_byte(after, bust));
    store(&mut s.turn_cars, H, turn_cars);
    let visited = if DEFER_TOPS { or(end, deferred) } else { end };
    _mm256_movemask_pd(_mm256_castsi256_pd(visited)) as u32
}

/// What a roll adds to its lane's `turn_cars`: one in byte `after` (the cars in play after
/// it), or nothing where `bust` is all ones.
#[inline]
#[target_feature(enable = "avx2")]
fn roll_byte(after: __m256i, bust: __m256i) -> __m256i {
    andnot(
        bust,
        _mm256_sllv_epi64(splat(1), _mm256_slli_epi64::<3>(after)),
    )
}
