//! The state of eight games in vector lanes, one game a lane ([`LaneState`]: one [`LaneWords`]
//! field per quantity), and the read-only tables the kernel reads ([`Tables`]).

/// Games per state: two AVX2 vectors of four 64-bit lanes.
pub const WIDTH: usize = 8;

/// One 64-bit value per lane, aligned for vector loads: the AVX2 kernel loads and stores half
/// `h` (0 or 1) as the four words at `4h` (`super::avx2`'s `ops::load`).
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, Default)]
pub struct LaneWords(pub [u64; WIDTH]);

/// The state of eight games, seen from the player to move (`me`) and the other (`opp`);
/// the two swap at the end of every turn.
#[derive(Clone, Debug, Default)]
pub struct LaneState {
    /// Each lane's xoshiro256++ state (the game's dice stream).
    pub rng: [LaneWords; 4],
    /// Cubes of the player to move, one nibble a column.
    pub me: LaneWords,
    /// Cubes of the other player.
    pub opp: LaneWords,
    /// Where each column's move starts, one nibble a column: the car of the turn in hand where
    /// there is one, else the cube of the player to move.
    pub pos: LaneWords,
    /// Claimed columns (bit `c` = column `c`).
    pub closed: LaneWords,
    /// Columns claimed by the player to move.
    pub won_me: LaneWords,
    /// Columns claimed by the other player.
    pub won_opp: LaneWords,
    /// Columns holding a car this turn.
    pub cars: LaneWords,
    /// Columns whose car stands on the top space.
    pub top: LaneWords,
    /// Busting rolls (of 1296) from which the player to move stops.
    pub limit_me: LaneWords,
    /// The other player's limit.
    pub limit_opp: LaneWords,
    /// 1 when the player to move stops as soon as a car reaches the top.
    pub at_top_me: LaneWords,
    /// The other player's flag.
    pub at_top_opp: LaneWords,
    /// All ones when the player to move plays the Rule of N (the kernel's rule lanes).
    pub rule_me: LaneWords,
    /// The other player's flag.
    pub rule_opp: LaneWords,
    /// Steps each car took this turn, one nibble a column (a jump counts one), as
    /// [`crate::columns::Turn::steps`] keeps them: the Rule of N counts them.
    pub steps: LaneWords,
    /// Out: 0 = rolled on, 1 = bust, 2 = stopped, 3 = stopped and won the game, 4 = a car on
    /// a top left to the scalar side ([`super::avx2::DEFERRED`]).
    pub outcome: LaneWords,
    /// Out: the columns on top when the turn stopped (the columns claimed).
    pub claimed: LaneWords,
    /// The turn in hand's successful rolls by the cars in play after them: byte `c` counts
    /// those after which `c` cars were in play; kept by the kernel's step.
    pub turn_cars: LaneWords,
    /// Race lanes: all ones when the player to move plays slot 1 (flipped at every turn's end).
    pub slot_me: LaneWords,
    /// Race lanes, set by the driver for each turn: the columns where the other player's cube
    /// stands near the top (the mover's `contest` columns).
    pub contest: LaneWords,
    /// Race lanes, set by the driver for each turn: the row of [`Tables::below`] holding the
    /// mover's stop counts for the turn.
    pub below_row: LaneWords,
}

/// Rows of [`Tables::below`] in use: a power of two, so that a row index masked to it stays
/// inside.
pub const BELOW_ROWS: usize = 1024;

/// The race lanes' rows of stop counts ([`Tables::below`]): [`BELOW_ROWS`] and one more, which
/// the kernel's 4-byte reads of the last row's last count reach into.
pub type Below = [[i16; 16]; BELOW_ROWS + 1];

/// Read-only tables: bust counts by usable set, the roll's pairings, column lengths, progress.
/// The tables are fixed in size, so the kernel's gathers stay inside them whatever they hold.
#[derive(Clone, Debug)]
pub struct Tables {
    /// Busting rolls of the usable set `u >> 2` (11 bits).
    pub bust: Box<[u64; 2048]>,
    /// The distinct pairings of outcome `i`: sums `a, b` of pairing `k` in bits `8k..8k+8`
    /// (a low nibble), missing pairings 0 (never usable).
    pub pairs: Box<[u64; 1296]>,
    /// Progress units one space is worth, by column (32-bit words, for the kernel's in-register
    /// lookup).
    pub units32: [u32; 16],
    /// Each column's length in its nibble (bits `4c..4c + 4`).
    pub len_nibbles: u64,
    /// Cars a player has.
    pub cars: u64,
    /// Columns a player must claim to win (Can't Stop; more than a board has otherwise).
    pub to_win: u64,
    /// Claimed columns that end the game on points (Route 66,
    /// [`crate::columns::Rules::columns_to_end`]; more than a board has in Can't Stop).
    pub to_end: u64,
    /// The Rule of N's parameters, for the kernel's rule lanes.
    pub rule: super::rule_tables::RuleTables,
    /// The race-aware players' parameters, for the kernel's race lanes.
    pub race: super::rule_tables::RaceTables,
    /// Race lanes: per row, the counts below which a mover rolls on, entry `4 · tops + car_near`
    /// by its cars on a top and near one ([`crate::policy::RaceAware::roll_on_below`]); one row
    /// a race met, filled by the driver as turns meet them. Counts stay far inside 16 bits, so
    /// a limit clamped to them compares with a count as it was.
    pub below: Box<Below>,
}
