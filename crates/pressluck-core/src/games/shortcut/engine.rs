//! The Shortcut engine loop: one complete game, turn by turn, with no heap allocation — the
//! seat's policy announces, the die is rolled (or the car pushed), the policy presses on or
//! moves — counted into the tournament's counters as it goes.
//!
//! Stop-table cells use `cars` for where the car stood at the start of the turn: 0 on the main
//! road (white), 1 on a shortcut (grey).

use super::board::{bit, ShortcutBoard, Square};
use super::policy::{Announce, Ctx, ShortcutPolicy};
use super::rules::{blocked, main_road, push_targets, shortcut_reach, shortcut_roll_ok};
use crate::counters::MatchupStats;
use crate::dice::sample_d6;
use rand_core::RngCore;

/// A game still running after this many turns in all is abandoned and counted as unfinished.
pub const MAX_TURNS: u32 = 100_000;

/// A shortcut turn stops pressing after this many successful rolls whatever the policy says.
pub const MAX_PRESSES: u32 = 200;

/// A source of single die rolls.
pub trait D6 {
    /// The next face (1..=6), or `None` when a scripted source has run out.
    fn d6(&mut self) -> Option<u8>;
}

/// Faces drawn from a random generator without bias.
#[derive(Clone, Debug)]
pub struct RngD6<R>(pub R);

impl<R: RngCore> D6 for RngD6<R> {
    #[inline]
    fn d6(&mut self) -> Option<u8> {
        Some(sample_d6(&mut self.0))
    }
}

/// Faces read from a list, in order.
#[derive(Clone, Debug)]
pub struct ScriptedD6<'a> {
    faces: &'a [u8],
    next: usize,
}

impl<'a> ScriptedD6<'a> {
    /// A source replaying `faces`.
    pub fn new(faces: &'a [u8]) -> Self {
        ScriptedD6 { faces, next: 0 }
    }
}

impl D6 for ScriptedD6<'_> {
    fn d6(&mut self) -> Option<u8> {
        let f = self.faces.get(self.next).copied();
        self.next += f.is_some() as usize;
        f
    }
}

/// The state of a game: every car's square, whose turn it is, turns taken, the winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShortcutGame {
    /// Seats at the table.
    pub players: u8,
    /// Each seat's square.
    pub cars: [Square; 4],
    /// The seat to move.
    pub to_move: u8,
    /// Turns each seat has taken.
    pub turns: [u32; 4],
    /// The seat that reached the finish.
    pub winner: Option<u8>,
}

impl ShortcutGame {
    /// Every car on the start square, seat 0 to move.
    pub fn new(board: &ShortcutBoard, players: u8) -> ShortcutGame {
        ShortcutGame {
            players,
            cars: [board.start; 4],
            to_move: 0,
            turns: [0; 4],
            winner: None,
        }
    }
}

impl ShortcutGame {
    /// Ends the turn of the car to move on square `to`: it wins on the finish, else play
    /// passes.
    pub fn end_turn(&mut self, b: &ShortcutBoard, to: Square) {
        let seat = self.to_move as usize;
        self.cars[seat] = to;
        self.turns[seat] += 1;
        if to == b.finish {
            self.winner = Some(seat as u8);
        } else {
            self.to_move = ((seat + 1) % self.players as usize) as u8;
        }
    }
}

/// What comes next in the turn of the car to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Next {
    /// The turn's start: the car's policy announces.
    Announce,
    /// The main-road roll, announced.
    MainRoll,
    /// A shortcut roll, after `rolls` successful ones totalling `total` (0 and 0: the
    /// shortcut just announced).
    Press {
        /// Successful shortcut rolls so far this turn.
        rolls: u32,
        /// Their total.
        total: u32,
    },
}

/// A Shortcut game taken up where it stands: the game and what comes next in the turn in
/// hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShortcutPosition {
    /// The game.
    pub game: ShortcutGame,
    /// What comes next in the turn of the car to move.
    pub next: Next,
}

/// Plays one turn of the seat to move with `policy` (counted under `slot`) from `next`;
/// `false` when the dice ran out mid-turn (the turn is then not counted).
#[inline]
fn play_turn<D: D6>(
    b: &ShortcutBoard,
    g: &mut ShortcutGame,
    policy: &ShortcutPolicy,
    slot: usize,
    next: Next,
    dice: &mut D,
    stats: &mut MatchupStats,
) -> bool {
    let seat = g.to_move as usize;
    let at = g.cars[seat];
    let cars = &g.cars[..g.players as usize];
    let ctx = Ctx {
        board: b,
        cars,
        seat,
        at,
        blocked: blocked(b, cars, seat),
    };
    let on_grey = b.is_grey(at) as u32;
    let mut to = at;
    let mut rolls = 0u64;
    let next = match next {
        Next::Announce => match policy.announce(&ctx) {
            Announce::Main => Some(Next::MainRoll),
            Announce::Push(u) => {
                if push_targets(b, at, ctx.blocked) & bit(u) != 0 {
                    to = u;
                }
                None
            }
            Announce::Shortcut => Some(Next::Press { rolls: 0, total: 0 }),
        },
        next => Some(next),
    };
    match next {
        None | Some(Next::Announce) => {}
        Some(Next::MainRoll) => {
            let Some(d) = dice.d6() else { return false };
            rolls += 1;
            to = main_road(b, at, d).unwrap_or(at);
        }
        Some(Next::Press {
            rolls: mut k,
            mut total,
        }) => loop {
            let Some(d) = dice.d6() else { return false };
            rolls += 1;
            if !shortcut_roll_ok(d) {
                stats.stop_cell(slot, k as u16, on_grey).busts += 1;
                stats.cells[slot][seat].busts += 1;
                break;
            }
            total += d as u32;
            k += 1;
            let reach = shortcut_reach(b, at, total, ctx.blocked);
            let go = k < MAX_PRESSES && policy.keep_pressing(&ctx, k, total, reach);
            let cell = stats.stop_cell(slot, k as u16, on_grey);
            cell.decisions += 1;
            if !go {
                cell.stops += 1;
                let u = policy.choose_move(&ctx, reach);
                if reach & bit(u) != 0 {
                    to = u;
                }
                break;
            }
        },
    }
    stats.stop_cell(slot, 0, on_grey).decisions += 1;
    stats.cells[slot][seat].rolls += rolls;
    g.end_turn(b, to);
    true
}

/// Plays one game from the start. `policies[k]` is the policy of slot `k`; `slot_of_seat[s]` the
/// slot in seat `s` (turn order). Counters go into `stats`: score is the distance covered
/// (the start's distance to the finish less the final square's). Returns the final game
/// (without a winner if the turn limit was reached or scripted dice ran out).
pub fn play_game<D: D6>(
    b: &ShortcutBoard,
    players: u8,
    policies: &[ShortcutPolicy],
    slot_of_seat: &[usize],
    dice: &mut D,
    stats: &mut MatchupStats,
) -> ShortcutGame {
    let start = ShortcutPosition {
        game: ShortcutGame::new(b, players),
        next: Next::Announce,
    };
    play_from(b, start, policies, slot_of_seat, dice, stats)
}

/// Plays a game on from `position` (the cars where they stand, the turn of `to_move` taken up
/// at `next`), as [`play_game`] does from the start; scores are still counted from the start
/// square.
pub fn play_from<D: D6>(
    b: &ShortcutBoard,
    position: ShortcutPosition,
    policies: &[ShortcutPolicy],
    slot_of_seat: &[usize],
    dice: &mut D,
    stats: &mut MatchupStats,
) -> ShortcutGame {
    let (mut g, mut next) = (position.game, position.next);
    let players = g.players;
    let mut turns = 0u32;
    while g.winner.is_none() {
        if turns >= MAX_TURNS {
            stats.unfinished += 1;
            break;
        }
        let slot = slot_of_seat[g.to_move as usize];
        if !play_turn(b, &mut g, &policies[slot], slot, next, dice, stats) {
            break;
        }
        next = Next::Announce;
        turns += 1;
    }
    let from = b.dist[b.start as usize] as u64;
    for (seat, &slot) in slot_of_seat.iter().enumerate().take(players as usize) {
        stats.add_game(
            slot,
            seat,
            g.winner == Some(seat as u8),
            from.saturating_sub(b.dist[g.cars[seat] as usize] as u64),
            g.turns[seat] as u64,
        );
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripted_main_road_game() {
        let b = ShortcutBoard::default_board();
        // Six rolls of 6 drive the 36 main-road squares to the finish exactly.
        let faces = [6u8; 6];
        let mut stats = MatchupStats::default();
        let g = play_game(
            &b,
            1,
            &[ShortcutPolicy::MainRoad],
            &[0],
            &mut ScriptedD6::new(&faces),
            &mut stats,
        );
        assert_eq!(g.winner, Some(0));
        assert_eq!(g.turns[0], 6);
        assert_eq!(stats.cells[0][0].rolls, 6);
        assert_eq!(stats.cells[0][0].score, b.dist[b.start as usize] as u64);
        assert_eq!(stats.stop[0][0][0].decisions, 6);
    }
}
