//! Shortcut's table: the game played die by die with any seats — Shortcut's policies and
//! seats that are asked ([`crate::games::asked`]) — writing its record as it goes (a turn's
//! line once the turn ends; each shortcut roll as a comment line before it). A matchup with an
//! asked seat is played here; so is `pressluck play`.
//!
//! An asked seat is asked what to announce (`main road`, `shortcut`, `push to SQUARE`: the
//! options `advise --rollouts` names) and, after each roll of 1 to 3 of a shortcut turn,
//! whether to press on or where to stop (`press`, `stop at SQUARE`: the review's names).
//! Game for game it is [`super::engine::play_from`]'s game: the same dice in the same order,
//! the same counters (a test checks).

use super::board::{bit, squares, ShortcutBoard, Square, SquareSet};
use super::engine::{Next, RngD6, ShortcutGame, ShortcutPosition, D6, MAX_PRESSES, MAX_TURNS};
use super::options::shortcut_options;
use super::policy::{Announce, Ctx, ShortcutPolicy, ShortcutSpec};
use super::rules::{blocked, main_road, push_targets, shortcut_reach, shortcut_roll_ok};
use super::setup::ShortcutSetup;
use crate::counters::MatchupStats;
use crate::engine::deal::generator;
use crate::games::asked::{AskedGame, AskedSeat, Scribe, TableSink};
use crate::games::decision::Options;
use crate::games::table_games::{game_played_out, matchup_games, one_game};

/// The seats of a Shortcut table, slot by slot: each its spec, and its policy unless asked.
#[derive(Clone, Debug)]
pub struct ShortcutTable {
    /// The board and seats.
    setup: ShortcutSetup,
    /// The seats' specs, in slot order.
    specs: Vec<ShortcutSpec>,
    /// Their policies (none for an asked seat), in slot order.
    policies: Vec<Option<ShortcutPolicy>>,
}

/// How a turn went, for its record line.
enum TurnLine {
    /// `main D`.
    Main(u8),
    /// `shortcut D D …`, then `move SQUARE` unless the last roll forfeited the turn.
    Shortcut(Vec<u8>),
    /// `push SQUARE`.
    Push,
}

impl ShortcutTable {
    /// The table of `specs` (slot order) in `setup`; the error says when a policy cannot be
    /// built (an unsolvable board).
    pub fn new(setup: &ShortcutSetup, specs: &[ShortcutSpec]) -> Result<ShortcutTable, String> {
        let policies = specs
            .iter()
            .map(|s| match s.asked {
                Some(_) => Ok(None),
                None => ShortcutPolicy::for_setup(s, setup)
                    .map(Some)
                    .map_err(|e| format!("{}: {e}", s.name)),
            })
            .collect::<Result<_, String>>()?;
        Ok(ShortcutTable {
            setup: setup.clone(),
            specs: specs.to_vec(),
            policies,
        })
    }

    /// Plays games `lo..hi` of the matchup as a tournament does into counters; a seat that
    /// cannot answer ends the chunk (its counters spoiled).
    pub fn play(&self, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        let n = self.setup.players as usize;
        let mut stats = MatchupStats::default();
        let keep = self.specs.iter().any(|s| s.asked.is_some());
        let chunk = (seed, key, lo..hi);
        matchup_games(chunk, n, keep, |streams, seats, asked, scribe| {
            let mut dice = RngD6(generator(streams.dice));
            let start = self.start();
            let played = self.play_game(seats, start, &mut dice, &mut stats, asked, scribe);
            played.is_some()
        });
        stats
    }

    /// Plays one game from the start, seat `s` played by slot `s`, telling its record to
    /// `sink` (the header first); `None` when a seat could not answer.
    pub fn play_one(&self, seed: u64, sink: &mut dyn TableSink) -> Option<ShortcutGame> {
        let n = self.setup.players as usize;
        one_game(seed, n, sink, |streams, slots, asked, scribe| {
            let mut dice = RngD6(generator(streams.dice));
            let (start, stats) = (self.start(), &mut MatchupStats::default());
            self.play_game(slots, start, &mut dice, stats, asked, scribe)
        })
    }

    /// Plays the game of `position` on to its end, seat `s` played by slot `s`, as a rollout
    /// does, its asked seats told the seed `seats_seed`; `None` when a seat could not answer.
    pub fn play_out<D: D6>(
        &self,
        position: ShortcutPosition,
        dice: &mut D,
        stats: &mut MatchupStats,
        seats_seed: u64,
    ) -> Option<ShortcutGame> {
        let n = self.setup.players as usize;
        game_played_out(n, seats_seed, |slots, asked, scribe| {
            self.play_game(slots, position, dice, stats, asked, scribe)
        })
    }

    /// A game's start: every car on the start square, seat 1 to announce.
    fn start(&self) -> ShortcutPosition {
        ShortcutPosition {
            game: ShortcutGame::new(&self.setup.board, self.setup.players),
            next: Next::Announce,
        }
    }

    /// Plays the game of `position` on: slot `slot_of_seat[s]` in seat `s`, dice from
    /// `dice`, counted into `stats`, each turn written by `scribe`.
    fn play_game<D: D6>(
        &self,
        slot_of_seat: &[usize],
        position: ShortcutPosition,
        dice: &mut D,
        stats: &mut MatchupStats,
        asked: &mut AskedGame,
        scribe: &mut Scribe,
    ) -> Option<ShortcutGame> {
        let b = &self.setup.board;
        let seated: Vec<(&str, Option<&AskedSeat>)> = slot_of_seat
            .iter()
            .map(|&k| (self.specs[k].name.as_str(), self.specs[k].asked.as_ref()))
            .collect();
        asked.begin(&seated);
        if scribe.text().is_some() {
            scribe.line(None, &format!("game {}", super::rules::GAME_NAME));
            scribe.line(None, &format!("players {}", self.setup.players));
        }
        let (mut g, mut next) = (position.game, position.next);
        let mut turns = 0u32;
        let mut stopped = false;
        while g.winner.is_none() {
            if turns >= MAX_TURNS {
                stats.unfinished += 1;
                break;
            }
            let slot = slot_of_seat[g.to_move as usize];
            match self.play_turn(&mut g, slot, next, dice, stats, asked, scribe) {
                Some(true) => {}
                Some(false) => break,
                None => {
                    stopped = true;
                    break;
                }
            }
            next = Next::Announce;
            turns += 1;
        }
        let n = g.players as usize;
        let from = b.dist[b.start as usize] as u64;
        let scores: Vec<u64> = (0..n)
            .map(|s| from.saturating_sub(b.dist[g.cars[s] as usize] as u64))
            .collect();
        let ended: Vec<Option<&AskedSeat>> = slot_of_seat
            .iter()
            .map(|&k| self.specs[k].asked.as_ref())
            .collect();
        let winner = if stopped { None } else { g.winner };
        asked.end(&ended, winner, &scores, &g.turns[..n]);
        if stopped {
            return None;
        }
        for (seat, &slot) in slot_of_seat.iter().enumerate().take(n) {
            stats.add_game(
                slot,
                seat,
                g.winner == Some(seat as u8),
                scores[seat],
                g.turns[seat] as u64,
            );
        }
        Some(g)
    }

    /// Plays one turn of the seat to move (slot `slot`) from `next`: `Some(false)` when the
    /// dice ran out mid-turn, `None` when an asked seat could not answer.
    #[allow(clippy::too_many_arguments)]
    fn play_turn<D: D6>(
        &self,
        g: &mut ShortcutGame,
        slot: usize,
        next: Next,
        dice: &mut D,
        stats: &mut MatchupStats,
        asked: &mut AskedGame,
        scribe: &mut Scribe,
    ) -> Option<bool> {
        let b = &self.setup.board;
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
        let policy = &self.policies[slot];
        let who = Some(seat as u8);
        let mut line = TurnLine::Push;
        let next = match next {
            Next::Announce => match self.announce(g, slot, &ctx, asked, scribe)? {
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
                let Some(d) = dice.d6() else {
                    return Some(false);
                };
                rolls += 1;
                to = main_road(b, at, d).unwrap_or(at);
                line = TurnLine::Main(d);
            }
            Some(Next::Press {
                rolls: mut k,
                mut total,
            }) => {
                let mut faces = Vec::new();
                loop {
                    let Some(d) = dice.d6() else {
                        return Some(false);
                    };
                    rolls += 1;
                    faces.push(d);
                    if !shortcut_roll_ok(d) {
                        stats.stop_cell(slot, k as u16, on_grey).busts += 1;
                        stats.cells[slot][seat].busts += 1;
                        break;
                    }
                    total += d as u32;
                    k += 1;
                    scribe.line(who, &format!("# shortcut: rolled {d}, {total} in all"));
                    let reach = shortcut_reach(b, at, total, ctx.blocked);
                    let (go, stop_at) = match policy {
                        Some(p) => (
                            k < MAX_PRESSES && p.keep_pressing(&ctx, k, total, reach),
                            None,
                        ),
                        None => {
                            let a = self.specs[slot].asked.as_ref()?;
                            self.press_or_stop(g, a, k, total, reach, asked, scribe)?
                        }
                    };
                    let cell = stats.stop_cell(slot, k as u16, on_grey);
                    cell.decisions += 1;
                    if !go {
                        cell.stops += 1;
                        let u = match (policy, stop_at) {
                            (_, Some(u)) => u,
                            (Some(p), None) => p.choose_move(&ctx, reach),
                            (None, None) => at,
                        };
                        if reach & bit(u) != 0 {
                            to = u;
                        }
                        break;
                    }
                }
                line = TurnLine::Shortcut(faces);
            }
        }
        stats.stop_cell(slot, 0, on_grey).decisions += 1;
        stats.cells[slot][seat].rolls += rolls;
        let text = match line {
            TurnLine::Main(d) => format!("main {d}"),
            TurnLine::Push => format!("push {}", b.id(to)),
            TurnLine::Shortcut(faces) => {
                let dice: Vec<String> = faces.iter().map(u8::to_string).collect();
                match faces.last() {
                    Some(&d) if shortcut_roll_ok(d) => {
                        format!("shortcut {} move {}", dice.join(" "), b.id(to))
                    }
                    _ => format!("shortcut {}", dice.join(" ")),
                }
            }
        };
        scribe.line(who, &text);
        g.end_turn(b, to);
        Some(true)
    }

    /// The announcement of the seat to move (slot `slot`): its policy's, or the asked seat's
    /// answer among the options; `None` when it could not answer.
    fn announce(
        &self,
        g: &ShortcutGame,
        slot: usize,
        ctx: &Ctx,
        asked: &mut AskedGame,
        scribe: &mut Scribe,
    ) -> Option<Announce> {
        if let Some(p) = &self.policies[slot] {
            return Some(p.announce(ctx));
        }
        let a = self.specs[slot].asked.as_ref()?;
        let b = &self.setup.board;
        let options = match shortcut_options(b, g) {
            Some(Options::Open(options)) => options,
            // One option: the shortcut (no main road from a grey square, no push).
            _ => return Some(Announce::Shortcut),
        };
        let names: Vec<String> = options.iter().map(|(n, _)| n.clone()).collect();
        let pushes = push_targets(b, g.cars[g.to_move as usize], ctx.blocked);
        let json = position_line(b, g, None, pushes);
        let i = asked.ask(a, g.to_move, "announce", json, &names, scribe.text())?;
        let after = &options[i].1;
        Some(match after.next {
            Next::MainRoll => Announce::Main,
            Next::Press { .. } => Announce::Shortcut,
            Next::Announce => Announce::Push(after.game.cars[g.to_move as usize]),
        })
    }

    /// An asked seat's choice after `k` successful shortcut rolls totalling `total`, `reach`
    /// the squares it may stop on: press on (`press`, while presses are left) or stop on a
    /// square (`stop at SQUARE`). `(press on, where it stops)`; `None` when it could not
    /// answer.
    #[allow(clippy::too_many_arguments)]
    fn press_or_stop(
        &self,
        g: &ShortcutGame,
        a: &AskedSeat,
        k: u32,
        total: u32,
        reach: SquareSet,
        asked: &mut AskedGame,
        scribe: &mut Scribe,
    ) -> Option<(bool, Option<Square>)> {
        let b = &self.setup.board;
        let stops: Vec<Square> = squares(reach).collect();
        let mut names: Vec<String> = Vec::new();
        if k < MAX_PRESSES {
            names.push("press".into());
        }
        names.extend(stops.iter().map(|&u| format!("stop at {}", b.id(u))));
        if names.len() == 1 {
            return Some((false, stops.first().copied()));
        }
        let json = position_line(b, g, Some((k, total)), reach);
        let i = asked.ask(a, g.to_move, "press-or-stop", json, &names, scribe.text())?;
        let pressed = k < MAX_PRESSES;
        Some(match (pressed, i) {
            (true, 0) => (true, None),
            (true, i) => (false, Some(stops[i - 1])),
            (false, i) => (false, Some(stops[i])),
        })
    }
}

/// The position as JSON on one line: `replay --format json`'s fields (each seat's square,
/// distance to the finish and turns, the winner, the seat to move; no narration), the finish
/// square, the shortcut turn in hand (`rolled` successful rolls totalling `total`), if any,
/// and the squares the decision's options lead to (`to`: a push's, or a stop's) with their
/// distances to the finish.
pub fn position_line(
    b: &ShortcutBoard,
    g: &ShortcutGame,
    turn: Option<(u32, u32)>,
    to: SquareSet,
) -> String {
    let to: Vec<_> = squares(to)
        .map(|u| serde_json::json!({ "square": b.id(u), "distance": b.dist[u as usize] }))
        .collect();
    let seats: Vec<_> = (0..g.players as usize)
        .map(|s| {
            serde_json::json!({
                "seat": s + 1,
                "square": b.id(g.cars[s]),
                "distance": b.dist[g.cars[s] as usize],
                "turns": g.turns[s],
            })
        })
        .collect();
    let turn = turn.map(|(k, total)| serde_json::json!({ "rolled": k, "total": total }));
    serde_json::json!({
        "game": super::rules::GAME_NAME,
        "seats": seats,
        "winner": g.winner.map(|w| w + 1),
        "to_move": g.winner.is_none().then_some(g.to_move + 1),
        "finish": b.id(b.finish),
        "shortcut_turn": turn,
        "to": to,
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::asked::RecordLines;
    use crate::games::family::{matchup_key, Family};
    use crate::games::{Matchup, ShortcutFamily};

    #[test]
    fn the_table_plays_the_loops_games_with_the_same_counters() {
        for (players, names) in [
            (2, &["optimal", "threshold:3"][..]),
            (3, &["main-road", "press:2", "threshold:6"][..]),
            (1, &["optimal"][..]),
        ] {
            let setup = ShortcutSetup::new(ShortcutBoard::default_board(), players);
            let family = ShortcutFamily(setup.clone());
            let m = Matchup {
                slots: names
                    .iter()
                    .map(|n| family.parse_spec(n).unwrap())
                    .collect(),
            };
            let key = matchup_key(&m);
            let table = ShortcutTable::new(&setup, &m.slots).unwrap();
            assert_eq!(
                table.play(5, key, 0, 300),
                family.play(&m, 5, key, 0, 300),
                "{names:?}"
            );
        }
    }

    #[test]
    fn a_games_record_replays_to_its_end() {
        let setup = ShortcutSetup::new(ShortcutBoard::default_board(), 3);
        let family = ShortcutFamily(setup.clone());
        let specs: Vec<ShortcutSpec> = ["optimal", "press:2", "threshold:4"]
            .iter()
            .map(|n| family.parse_spec(n).unwrap())
            .collect();
        let table = ShortcutTable::new(&setup, &specs).unwrap();
        for seed in 1..6 {
            let mut lines = RecordLines::default();
            let end = table.play_one(seed, &mut lines).unwrap();
            let rec = super::super::record::ShortcutRecord::parse(&lines.0).unwrap();
            let replayed = super::super::record::play(&rec, &setup.board).unwrap();
            assert_eq!(replayed.game, end, "seed {seed}: {}", lines.0);
            assert!(end.winner.is_some());
        }
    }
}
