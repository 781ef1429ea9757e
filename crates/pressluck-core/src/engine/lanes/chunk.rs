//! Drives the kernel's step ([`super::avx2`]) over a range of games: starts each lane's game
//! with that game's dice stream and seating, has every roll tallied in the vector by the step,
//! and visits the lanes whose roll did more than roll on, counting into the [`MatchupStats`]
//! exactly what [`crate::engine::play::play_game`] counts.

use super::avx2;
use super::decision_runs::DecisionRuns;
use super::plan::{LanePlan, LanePolicy};
use super::rule_tables::{RuleTables, COLUMNS};
use super::state::{Below, LaneState, LaneWords, BELOW_ROWS, WIDTH};
use super::tables::tables;
use crate::columns::board::shift;
use crate::columns::{ColumnSet, Game, Rules, Turn};
use crate::counters::MatchupStats;
use crate::engine::deal::{game_streams, seating, xoshiro_state};
use crate::engine::play::MAX_TURNS;
use crate::policy::race_aware::{RaceAware, RaceState};
use crate::policy::View;
use rand_core::SeedableRng;
use rand_xoshiro::SplitMix64;

/// Vectors stepped in turn: two, so one's gathers overlap the other's arithmetic.
const VECTORS: usize = 2;
// A round's visits are one bit a lane in a `u32`.
const _: () = assert!(WIDTH * VECTORS <= 32);

/// What the counters need of one lane's game beyond the vector state.
#[derive(Clone, Copy, Debug, Default)]
struct Lane {
    /// Seat to move.
    seat: usize,
    /// Turns taken, by seat.
    turns: [u64; 2],
    /// Rolls made, busting rolls included, by seat: counted into the seat's counters when the
    /// game ends, as are its busts and its turns begun.
    rolled: [u64; 2],
    /// Turns ended by a bust, by seat.
    busts: [u64; 2],
    /// Scores, by seat.
    score: [u64; 2],
    /// The policy slot in each seat.
    slots: [usize; 2],
}

/// Puts game `i` into lane `l` of `s`.
fn start(
    s: &mut LaneState,
    l: usize,
    lane: &mut Lane,
    i: u64,
    plan: &LanePlan,
    seed: u64,
    key: u64,
) {
    let rng = game_streams(seed, key, i).dice;
    for (word, v) in s.rng.iter_mut().zip(rng) {
        word.0[l] = v;
    }
    for v in [
        &mut s.me,
        &mut s.opp,
        &mut s.pos,
        &mut s.closed,
        &mut s.won_me,
        &mut s.won_opp,
        &mut s.cars,
        &mut s.top,
        &mut s.steps,
        &mut s.turn_cars,
    ] {
        v.0[l] = 0;
    }
    let seats = seating(i, 2);
    *lane = Lane {
        slots: [seats[0], seats[1]],
        ..Lane::default()
    };
    let [first, second] = lane.slots;
    for (slot, limit, at_top, rule) in [
        (first, &mut s.limit_me, &mut s.at_top_me, &mut s.rule_me),
        (second, &mut s.limit_opp, &mut s.at_top_opp, &mut s.rule_opp),
    ] {
        // A rule seat stops by its rule, whose threshold it keeps as its limit (each seat may
        // have its own), and its at-top flag is 0, so a car on top stops it only when the
        // stop wins.
        (limit.0[l], at_top.0[l], rule.0[l]) = match plan.policy[slot] {
            LanePolicy::FixedRisk(f) => (f.stop_bust_rolls() as u64, f.stops_at_top() as u64, 0),
            LanePolicy::RuleOfN(r) => (r.params.threshold as i64 as u64, 0, u64::MAX),
            // Race lanes stop by the counts the driver hands them each turn.
            LanePolicy::Race(_) => (0, 0, u64::MAX),
        };
    }
    s.slot_me.0[l] = if first == 1 { u64::MAX } else { 0 };
}

/// Plays games `lo..hi` into `stats` (see [`super::play_games`]).
pub fn play(
    rules: &Rules,
    plan: &LanePlan,
    seed: u64,
    key: u64,
    lo: u64,
    hi: u64,
    stats: &mut MatchupStats,
) {
    play_sharing(rules, plan, seed, key, lo, hi, stats, SHARED_ROWS);
}

/// [`play`] with race lanes sharing at most `shared` (up to [`SHARED_ROWS`]) rows of stop
/// counts: the races met once they are full take each lane's own row.
#[allow(clippy::too_many_arguments)]
fn play_sharing(
    rules: &Rules,
    plan: &LanePlan,
    seed: u64,
    key: u64,
    lo: u64,
    hi: u64,
    stats: &mut MatchupStats,
    shared: usize,
) {
    // SAFETY: `play_v3` needs the features of x86-64-v3 that the plan's token proves (AVX2,
    // BMI1, BMI2, LZCNT, POPCNT); it touches no memory unsafely.
    unsafe { play_v3(rules, plan, seed, key, lo, hi, stats, shared) }
}

/// [`play_sharing`] compiled for x86-64-v3: the driver's population counts and bit moves
/// (the race lanes' turns) use the newer instructions.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn play_v3(
    rules: &Rules,
    plan: &LanePlan,
    seed: u64,
    key: u64,
    lo: u64,
    hi: u64,
    stats: &mut MatchupStats,
    shared: usize,
) {
    let mut t = tables(rules);
    if let Some(params) = &plan.rule() {
        t.rule = RuleTables::new(params).expect("LanePlan checked the rule fits");
    }
    if let Some(race) = plan.race {
        t.race = race;
    }
    let shared = shared.min(SHARED_ROWS);
    let mut race = plan.race().then(|| match RACE_ROWS.take() {
        // The rows this thread filled for the same players under the same rules, kept.
        Some((kept, below)) if kept.plays(rules, plan, shared) => {
            t.below = below;
            kept
        }
        _ => RaceTurns::new(rules, plan, shared),
    });
    let step = avx2::step_for(
        rules.jump,
        plan.defer_tops,
        plan.rule().is_some(),
        plan.race(),
    );
    let mut states: Vec<LaneState> = vec![LaneState::default(); VECTORS];
    let mut lanes = [[Lane::default(); WIDTH]; VECTORS];
    // Per vector, bit `l` set while lane `l` has a game.
    let mut live = [0u32; VECTORS];
    let mut next = lo;
    let vectors = states.iter_mut().zip(lanes.iter_mut()).zip(live.iter_mut());
    for (v, ((s, lanes), live)) in vectors.enumerate() {
        for (l, lane) in lanes.iter_mut().enumerate() {
            if next < hi {
                start(s, l, lane, next, plan, seed, key);
                if let Some(race) = &mut race {
                    race.turn(&mut t.below, s, v, l, lane);
                }
                *live |= 1 << l;
                next += 1;
            } else {
                // A lane with no game still draws: a zero xoshiro state would only ever give 0,
                // which Lemire's method rejects forever.
                for (word, v) in s.rng.iter_mut().zip(xoshiro_state(l as u64)) {
                    word.0[l] = v;
                }
            }
        }
    }
    let mut runs = DecisionRuns::default();
    let capacity = rules.cars as usize;
    // Every vector steps, and then the lanes whose roll did more than roll on are visited in
    // one loop (vector 0's first, as games were handed out): its exit, whose count of lanes no
    // predictor guesses, is mispredicted once a round instead of once a vector.
    while live.iter().any(|&m| m != 0) {
        let mut visit = 0u32;
        for (v, s) in states.iter_mut().enumerate() {
            visit |= (step.play(plan.avx2, s, &t) & live[v]) << (WIDTH * v);
        }
        while visit != 0 {
            let bit = visit.trailing_zeros() as usize;
            visit &= visit - 1;
            let (v, l) = (bit / WIDTH, bit % WIDTH);
            let (s, lane) = (&mut states[v], &mut lanes[v][l]);
            let Some(winner) = end_roll(rules, plan, s, l, lane, capacity, &mut runs, stats) else {
                // A turn that has ended (its roll counts taken) hands the next one its stop
                // counts; a deferred top rolled on leaves the turn as it is.
                if let Some(race) = &mut race {
                    if s.turn_cars.0[l] == 0 {
                        race.turn(&mut t.below, s, v, l, lane);
                    }
                }
                continue;
            };
            for (seat, &slot) in lane.slots.iter().enumerate() {
                let won = winner == Some(seat);
                let (score, turns) = (lane.score[seat], lane.turns[seat]);
                stats.add_game(slot, seat, won, score, turns);
                let counters = &mut stats.cells[slot][seat];
                counters.rolls += lane.rolled[seat];
                counters.busts += lane.busts[seat];
                // Every turn begun has ended: a game ends at the end of a turn.
                stats.stop_cell(slot, 0, 0).decisions += turns;
            }
            if next < hi {
                start(s, l, lane, next, plan, seed, key);
                if let Some(race) = &mut race {
                    race.turn(&mut t.below, s, v, l, lane);
                }
                next += 1;
            } else {
                live[v] &= !(1 << l);
            }
        }
    }
    runs.add_into(stats);
    if let Some(turns) = race {
        RACE_ROWS.set(Some((turns, t.below)));
    }
}

/// Rows of stop counts ([`super::state::Tables::below`]).
type BelowRows = Box<Below>;

std::thread_local! {
    /// The race rows this thread filled last ([`RaceTurns`] and its
    /// [`super::state::Tables::below`]), kept for its next chunk of the same matchup: a race is
    /// then worked out once a thread.
    static RACE_ROWS: core::cell::Cell<Option<(RaceTurns, BelowRows)>> =
        const { core::cell::Cell::new(None) };
}

/// Counts lane `l`'s roll that did more than roll on (its bit in [`avx2::Step::play`]'s answer): a
/// Route 66 car on a top that the kernel deferred is decided ([`resolve_top`]); a turn's end is
/// counted, its decisions into `runs`, and a Route 66 claim's second place settled
/// ([`settle_second`]). Returns `Some(winner)` when the game is over (`Some(None)`: given up at the
/// turn limit).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn end_roll(
    rules: &Rules,
    plan: &LanePlan,
    s: &mut LaneState,
    l: usize,
    lane: &mut Lane,
    capacity: usize,
    runs: &mut DecisionRuns,
    stats: &mut MatchupStats,
) -> Option<Option<usize>> {
    let seat = lane.seat;
    let slot = lane.slots[seat];
    let mut outcome = s.outcome.0[l];
    let mut winner = seat;
    if outcome == avx2::DEFERRED {
        (outcome, winner) = resolve_top(rules, plan, s, l, lane);
        if outcome == 0 {
            return None;
        }
    }
    // The turn is over. play_game counts a bust where the turn stood, a stop where the roll
    // took it: either way after the turn's last successful roll.
    let bust = (outcome == 1) as u64;
    let (rolls, cars) = runs.count_turn(slot, core::mem::take(&mut s.turn_cars.0[l]), capacity);
    let cell = stats.stop_cell(slot, rolls as u16, cars);
    cell.busts += bust;
    cell.stops += 1 - bust;
    lane.rolled[seat] += rolls + bust;
    lane.busts[seat] += bust;
    for c in ColumnSet(s.claimed.0[l] as u16) {
        lane.score[seat] += rules.layout.first[c as usize] as u64;
        settle_second(rules, s, l, lane, c);
    }
    lane.turns[seat] += 1;
    if outcome == 3 {
        return Some(Some(winner));
    }
    lane.seat ^= 1;
    if lane.turns[0] + lane.turns[1] >= MAX_TURNS as u64 {
        stats.unfinished += 1;
        return Some(None);
    }
    None
}

/// Settles the other player's cube in column `c`, just claimed by a stop the kernel played
/// (the kernel leaves it where it was), as [`Game::stop`]
/// does: a second place on a space that scores one ([`Rules::takes_second`]; the cube goes to
/// the scoring space, with its points), else the cube goes. The turn has passed, so the other
/// player's cubes are lane `l`'s `me`, and its `pos` (the next turn's starts).
fn settle_second(rules: &Rules, s: &mut LaneState, l: usize, lane: &mut Lane, c: u8) {
    let at = 4 * c as u32;
    let second = rules.takes_second(c, (s.me.0[l] >> at & 0xf) as u8);
    let to = if second {
        rules.layout.len(c) as u64
    } else {
        0
    };
    for v in [&mut s.me, &mut s.pos] {
        v.0[l] = v.0[l] & !(0xf << at) | to << at;
    }
    if second {
        lane.score[lane.seat ^ 1] += rules.layout.second[c as usize] as u64;
    }
}

/// Decides lane `l`'s roll that left a car on a top when a stop could end the game
/// ([`avx2::DEFERRED`]) as the scalar engine does: the lane's game is rebuilt, its seat's
/// policy asked, and a stop played by [`Game::stop`] (points, second places, the end on
/// points) and written back, the turn passed on as the kernel passes it. Returns the outcome
/// (0 rolled on, 2 stopped, 3 stopped and the game is over) and, when over, the winning seat.
#[cold]
fn resolve_top(
    rules: &Rules,
    plan: &LanePlan,
    s: &mut LaneState,
    l: usize,
    lane: &mut Lane,
) -> (u64, usize) {
    let seat = lane.seat;
    let mut game = Game::new();
    game.board.progress[seat] = s.me.0[l] >> LANE_NIBBLE_SHIFT;
    game.board.progress[seat ^ 1] = s.opp.0[l] >> LANE_NIBBLE_SHIFT;
    game.board.closed = ColumnSet(s.closed.0[l] as u16);
    game.board.won[seat] = s.won_me.0[l] as u8;
    game.board.won[seat ^ 1] = s.won_opp.0[l] as u8;
    for (p, &score) in lane.score.iter().enumerate() {
        game.board.scores[p] = score as u16;
    }
    game.turn = Turn {
        // The lanes' `pos` holds the cubes where there is no car.
        pos: s.pos.0[l] >> LANE_NIBBLE_SHIFT,
        steps: s.steps.0[l] >> LANE_NIBBLE_SHIFT,
        cars: ColumnSet(s.cars.0[l] as u16),
        at_top: ColumnSet(s.top.0[l] as u16),
        // This roll included: the step counted it.
        rolls: turn_rolls(s.turn_cars.0[l]),
    };
    let cars = game.turn.cars.0;
    game.turn.pos &= (2..=12u8).fold(0, |m, c| m | ((cars >> c & 1) as u64 * 0xf) << shift(c));
    game.to_move = seat as u8;
    // Neither lane policy draws; the generator only fills the signature.
    let mut rng = SplitMix64::seed_from_u64(0);
    let policy = &mut { plan.policy[lane.slots[seat]] };
    if policy.keep_rolling(&View::new(rules, &game), &mut rng) {
        return (0, seat);
    }
    game.stop(rules);
    let next = seat ^ 1;
    s.me.0[l] = game.board.progress[next] << LANE_NIBBLE_SHIFT;
    s.opp.0[l] = game.board.progress[seat] << LANE_NIBBLE_SHIFT;
    s.closed.0[l] = game.board.closed.0 as u64;
    s.won_me.0[l] = game.board.won[next] as u64;
    s.won_opp.0[l] = game.board.won[seat] as u64;
    swap_lane(&mut s.limit_me, &mut s.limit_opp, l);
    swap_lane(&mut s.at_top_me, &mut s.at_top_opp, l);
    swap_lane(&mut s.rule_me, &mut s.rule_opp, l);
    for v in [&mut s.cars, &mut s.top, &mut s.steps] {
        v.0[l] = 0;
    }
    // The next turn's moves start from the next player's cubes.
    s.pos.0[l] = s.me.0[l];
    for (p, score) in lane.score.iter_mut().enumerate() {
        *score = game.board.scores[p] as u64;
    }
    match game.winner {
        Some(w) => (3, w as usize),
        None => (2, seat),
    }
}

/// What the driver works out for a race lane's turn from the position: per slot, its player
/// and what it reads of the board; and the rows of stop counts of the races met so far
/// ([`super::state::Tables::below`]), found by the race's numbers.
struct RaceTurns {
    /// Per slot: the player.
    policy: [RaceAware; 2],
    /// Per slot: the space from which a cube counts as near the top, a nibble a column (lane
    /// layout, at least 1).
    near_from: [u64; 2],
    /// Each column's length, a nibble a column (lane layout).
    len: u64,
    /// Per slot, what [`in_range`] adds to the even and the odd nibbles for the near spaces.
    near_adds: [[u64; 4]; 2],
    /// Per slot, the bits of a race's packed numbers its threshold reads: a number whose term
    /// is 0 moves no threshold (it adds a zero), so races differing only there share a row.
    reads: [u64; 2],
    /// Per slot whose stop counts and choice points read nothing of the race that changes
    /// between turns (a Rule of N among them): its one shared row, once worked out.
    fixed: [Option<usize>; 2],
    /// The races met, open addressing: [`EMPTY`], or a race's numbers packed
    /// ([`RaceTurns::turn`]) above the 16 bits of its row of [`super::state::Tables::below`].
    slots: Box<[u64; KEY_SLOTS]>,
    /// Rows of [`super::state::Tables::below`] filled.
    used: usize,
    /// Rows of [`super::state::Tables::below`] the lanes may share (at most [`SHARED_ROWS`]).
    shared: usize,
}

/// Places in [`RaceTurns::slots`]: a power of two (probes wrap with a mask), more than the rows
/// shared by the lanes (so one stays free, where a probe for a race not met stops).
const KEY_SLOTS: usize = BELOW_ROWS;
const _: () = assert!(KEY_SLOTS.is_power_of_two() && KEY_SLOTS > SHARED_ROWS);

/// Rows of [`super::state::Tables::below`] shared by the lanes, one a race met; the rest are each
/// lane's own, for the races met once these are full.
const SHARED_ROWS: usize = BELOW_ROWS - WIDTH * VECTORS;

/// A free place of [`RaceTurns::slots`] (no race packs to it: a race's claimed columns, its
/// lowest four bits, are at most 11).
const EMPTY: u64 = u64::MAX;

impl RaceTurns {
    /// The driver's part for `plan`'s race lanes under `rules`, sharing `shared` rows.
    fn new(rules: &Rules, plan: &LanePlan, shared: usize) -> RaceTurns {
        let near_from = plan.race.map_or([0; 2], |r| r.near_from);
        let len = len_nibbles(rules);
        RaceTurns {
            policy: race_players(plan),
            near_from,
            len,
            near_adds: near_from.map(|from| range_adds(from, len)),
            reads: race_players(plan).map(|p| {
                let t = p.params.terms;
                let fields = [t.won, t.near, t.opp_won, t.opp_near, t.open];
                let mut bits = ((t.lead != 0.0) as u64 * (0x7ff << 21)) | (1 << 20);
                for (k, w) in fields.iter().enumerate() {
                    bits |= (*w != 0.0) as u64 * (0xf << (4 * k));
                }
                bits
            }),
            fixed: [None; 2],
            slots: Box::new([EMPTY; KEY_SLOTS]),
            used: 0,
            shared,
        }
    }

    /// Whether these are the rows of `plan`'s race lanes under `rules`, sharing `shared` rows
    /// (the same players, column lengths and reach).
    fn plays(&self, rules: &Rules, plan: &LanePlan, shared: usize) -> bool {
        self.policy == race_players(plan)
            && Some(self.near_from) == plan.race.map(|r| r.near_from)
            && self.len == len_nibbles(rules)
            && self.shared == shared
    }

    /// The columns where `cubes` stand near the top for the player of `slot`: on or above the
    /// near space, below the top (so never in a claimed column, whose cubes are at its foot or
    /// on its top); as [`in_range`] gives them.
    #[inline]
    fn near(&self, slot: usize, cubes: u64) -> (u64, u64) {
        in_range(cubes, &self.near_adds[slot])
    }

    /// Hands lane `l` of vector `v` (state `s`) its turn in hand, just begun, as the race lanes
    /// read it: the mover's contested columns and the row of its stop counts in `below`,
    /// filled there the first time the race is met.
    #[inline(always)]
    fn turn(&mut self, below: &mut Below, s: &mut LaneState, v: usize, l: usize, lane: &Lane) {
        let seat = lane.seat;
        let slot = lane.slots[seat];
        if let Some(row) = self.fixed[slot] {
            // No contested columns: the slot's `contest` is 0.
            (s.below_row.0[l], s.contest.0[l]) = (row as u64, 0);
            return;
        }
        let (me, opp) = (s.me.0[l], s.opp.0[l]);
        let (near_even, near_odd) = self.near(slot, me);
        let (opp_even, opp_odd) = self.near(slot, opp);
        let st = RaceState {
            won: s.won_me.0[l] as u32,
            near: (near_even >> 1 | near_odd).count_ones(),
            opp_won: s.won_opp.0[l] as u32,
            opp_near: (opp_even >> 1 | opp_odd).count_ones(),
            lead: lane.score[seat] as i32 - lane.score[seat ^ 1] as i32,
            open: 11 - (s.closed.0[l] & COLUMNS).count_ones(),
            ..RaceState::default()
        };
        // Every number but the lead is at most 11: four bits each; the lead in 11 bits, where
        // it fits (a lead that does not is worked out in the lane's own row).
        let reads = self.reads[slot];
        let lead_fits = (-1024..1024).contains(&st.lead) || reads >> 21 == 0;
        let key = (st.won as u64
            | (st.near as u64) << 4
            | (st.opp_won as u64) << 8
            | (st.opp_near as u64) << 12
            | (st.open as u64) << 16
            | (slot as u64) << 20
            | (st.lead as u64 & 0x7ff) << 21)
            & reads;
        let hash = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
        let mut at = hash as usize & (KEY_SLOTS - 1);
        while self.slots[at] != EMPTY && self.slots[at] >> 16 != key {
            at = (at + 1) & (KEY_SLOTS - 1);
        }
        let row = if self.slots[at] != EMPTY && lead_fits {
            (self.slots[at] & 0xffff) as usize
        } else {
            let at = lead_fits.then_some(at);
            self.meet(below, &st, slot, key, at, v * WIDTH + l)
        };
        s.below_row.0[l] = row as u64;
        // A slot that reads nothing of the race between turns keeps its first shared row.
        if reads == 1 << 20 && self.policy[slot].params.terms.contest == 0.0 && row < SHARED_ROWS {
            self.fixed[slot] = Some(row);
        }
        // The flags of column 2k (bit 8k + 7) and 2k + 1 (also bit 8k + 7) to bits 4c, then
        // bits 2..=12.
        let contested = opp_even >> 7 | opp_odd >> 3;
        s.contest.0[l] = column_set(contested);
    }

    /// A race not met before (`st`, the player of `slot`, packed as `key`, whose free place in
    /// `slots` is `at`, if it can be kept): its stop counts worked out into a row of `below`,
    /// shared if one is left (and it can be kept), else lane `lane`'s own. Returns the row.
    #[cold]
    #[inline(never)]
    fn meet(
        &mut self,
        below: &mut Below,
        st: &RaceState,
        slot: usize,
        key: u64,
        at: Option<usize>,
        lane: usize,
    ) -> usize {
        let row = match at {
            Some(at) if self.used < self.shared => {
                self.slots[at] = key << 16 | self.used as u64;
                self.used += 1;
                self.used - 1
            }
            _ => SHARED_ROWS + lane,
        };
        let counts = self.policy[slot].roll_on_below(st);
        // Counts stay far inside 16 bits (see `Tables::below`).
        below[row] = counts.map(|n| n.clamp(i16::MIN as i64, i16::MAX as i64) as i16);
        row
    }
}

/// The column set of nibble flags `flags` (bit `4c` to bit `c`).
#[inline(always)]
fn column_set(flags: u64) -> u64 {
    let x = flags & 0x1111_1111_1111_1111;
    let x = (x | x >> 3) & 0x0303_0303_0303_0303;
    let x = (x | x >> 6) & 0x000f_000f_000f_000f;
    let x = (x | x >> 12) & 0x0000_00ff_0000_00ff;
    (x | x >> 24) & 0xffff
}

/// The race-aware players of a race plan's slots.
fn race_players(plan: &LanePlan) -> [RaceAware; 2] {
    plan.policy.map(|p| match p {
        LanePolicy::Race(r) => r,
        _ => unreachable!("a race plan's seats are race lanes"),
    })
}

/// Each column's length under `rules`, a nibble a column (lane layout).
fn len_nibbles(rules: &Rules) -> u64 {
    (2..=12u8).fold(0, |m, c| m | (rules.layout.len(c) as u64) << (4 * c))
}

/// What [`in_range`] adds to the even and the odd nibbles of cubes to find those on or above
/// the space in their column's nibble of `from` and below its length in `len`: per byte,
/// `0x80 - from` (bit 7 set from `from` up) and `0x7f - (len - 1)` (bit 7 set from `len` up).
/// Columns outside 2..=12 are never in range.
fn range_adds(from: u64, len: u64) -> [u64; 4] {
    let mut adds = [0u64; 4];
    for c in 0..16u32 {
        let (lo, hi) = if (2..=12).contains(&c) {
            (
                from >> (4 * c) & 15,
                (len >> (4 * c) & 15).saturating_sub(1),
            )
        } else {
            (16, 15)
        };
        let (byte, half) = (8 * (c / 2), (c % 2) as usize);
        adds[half] |= (0x80 - lo) << byte;
        adds[2 + half] |= (0x7f - hi) << byte;
    }
    adds
}

/// The columns whose nibble of `x` is in the range `adds` gives ([`range_adds`]): the even
/// columns' flags and the odd columns', each at bit 7 of the byte holding the column's nibble.
#[inline]
fn in_range(x: u64, adds: &[u64; 4]) -> (u64, u64) {
    let low = 0x0f0f_0f0f_0f0f_0f0f;
    let top = 0x8080_8080_8080_8080;
    // Each byte at most 15 + 0x80: no byte carries into the next.
    let (even, odd) = (x & low, x >> 4 & low);
    (
        (even + adds[0]) & !(even + adds[2]) & top,
        (odd + adds[1]) & !(odd + adds[3]) & top,
    )
}

/// The lanes keep column `c` in nibble `c` (bits `4c..4c + 4`); the board and the turn from
/// column 2 up ([`crate::columns::board::shift`]): the one is the other moved by two nibbles.
const LANE_NIBBLE_SHIFT: u32 = 8;

/// The successful rolls a lane's `turn_cars` counts (the sum of its bytes).
fn turn_rolls(turn_cars: u64) -> u16 {
    // Each byte's sum lands in the top byte: at most 105 rolls, no byte overflows.
    (turn_cars.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u16
}

/// Swaps lane `l` of `a` and `b`.
fn swap_lane(a: &mut LaneWords, b: &mut LaneWords, l: usize) {
    core::mem::swap(&mut a.0[l], &mut b.0[l]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_sets_gather_nibble_flags() {
        for set in 0..1u64 << 16 {
            let flags = (0..16).fold(0, |f, c| f | (set >> c & 1) << (4 * c));
            assert_eq!(column_set(flags | flags << 1), set);
        }
    }
    use crate::columns::GameKind;
    use crate::engine::cpu::Avx2;
    use crate::policy::PolicySpec;

    #[test]
    fn races_past_the_shared_rows_count_the_same() {
        // Three shared rows fill at once: most turns then work their counts out in their
        // lane's own row.
        let Some(avx2) = Avx2::cpu() else { return };
        let rules = Rules::new(GameKind::CantStop, 2);
        let specs = [
            "race-aware:20,won=2,tops=-20,near=-6,car-near=7,open=2,claim=16,opp-won=6,opp-near=2,contest=5",
            "race-aware:26,near=1.5,lead=-0.75,opp-near=-1",
        ];
        let pols: Vec<_> = specs
            .iter()
            .map(|s| PolicySpec::parse(s).unwrap().build(&rules))
            .collect();
        let plan = LanePlan::new(avx2, &rules, &pols).unwrap();
        let (mut few, mut all) = (MatchupStats::default(), MatchupStats::default());
        play_sharing(&rules, &plan, 5, 1, 0, 2000, &mut few, 3);
        play(&rules, &plan, 5, 1, 0, 2000, &mut all);
        assert_eq!(few, all);
        let scalar = crate::engine::play::play_scalar(&rules, &pols, None, 5, 1, 0, 2000);
        assert_eq!(few, scalar);
    }

    #[test]
    fn turn_rolls_sums_the_bytes() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Up to 105 rolls spread over bytes 1..=7, as a turn of 7 cars could have them.
            let mut left = x % 106;
            let mut turn_cars = 0u64;
            for c in 1..=7 {
                let n = if c == 7 {
                    left
                } else {
                    (x >> (8 * c)) % (left + 1)
                };
                turn_cars |= n << (8 * c);
                left -= n;
            }
            let want: u64 = (1..8).map(|c| turn_cars >> (8 * c) & 0xff).sum();
            assert_eq!(turn_rolls(turn_cars) as u64, want, "{turn_cars:#x}");
        }
    }
}
