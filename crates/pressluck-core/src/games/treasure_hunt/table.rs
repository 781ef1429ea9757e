//! Treasure Hunt's table: the game played action by action with any seats — the built-in
//! policies and seats that are asked ([`crate::games::asked`]) — writing its record as it
//! goes: the setup (players, variants, tiles, the shuffled deck), each action as a line, the
//! tiles a claim reveals and the dice a move rolls as comment lines before the action, a
//! `reshuffle` line before the action that shuffles the discards into a new pile and a round's
//! `tiles` before the turn that lays it out. A matchup with an asked seat is played here; so is
//! `pressluck play`.
//!
//! An asked seat sees its own hand only ([`super::view::position_json_seen`]) and is asked its
//! actions by the names `advise --rollouts` gives them ([`treasure_options`]), the cards for a
//! tile its claim revealed ([`claim_options`]) and the steps of a move after its dice
//! ([`move_options`]). Game for game it is [`super::play::play_from`]'s game: the same
//! generator drawn in the same order, the same counters (a test checks).

use super::actions::StealKind;
use super::deck::{Card, Deck};
use super::grid::{cell_name, parse_cell, CELLS, SIDE};
use super::options::{cards_of, claim_options, move_options, treasure_options};
use super::plan::Outlook;
use super::play::{deal, solitaire_stuck, RngChance};
use super::policy::{Act, ThSpec};
use super::position::{play_pending, Pending};
use super::record::mask_of;
use super::rules::{ThRules, GAME_NAME};
use super::state::{Chance, State, NONE};
use super::view::position_json_seen;
use crate::counters::MatchupStats;
use crate::dice::sample_d6;
use crate::engine::deal::generator;
use crate::games::asked::{AskedGame, AskedSeat, Scribe, TableSink};
use crate::games::decision::Options;
use crate::games::table_games::{game_played_out, matchup_games, one_game};
use rand_core::RngCore;

/// The seats of a Treasure Hunt table, slot by slot.
#[derive(Clone, Debug)]
pub struct TreasureTable {
    /// The rules.
    rules: ThRules,
    /// The deck.
    deck: Deck,
    /// The seats' specs, in slot order.
    specs: Vec<ThSpec>,
}

/// The generator's shuffles, noted for the record: the new pile of a reshuffle (top first)
/// and a new round's tiles.
struct Noted<'a, R> {
    /// The generator.
    rng: &'a mut R,
    /// The new draw pile, top first, when the discards were shuffled.
    pile: Option<Vec<Card>>,
    /// The tiles, when a round's were shuffled.
    tiles: Option<[u8; CELLS]>,
}

impl<R: RngCore> Chance for Noted<'_, R> {
    fn shuffle_cards(&mut self, cards: &mut [Card]) -> bool {
        let done = RngChance(&mut *self.rng).shuffle_cards(cards);
        self.pile = Some(cards.iter().rev().copied().collect());
        done
    }
    fn shuffle_tiles(&mut self, tiles: &mut [u8; CELLS]) -> bool {
        let done = RngChance(&mut *self.rng).shuffle_tiles(tiles);
        self.tiles = Some(*tiles);
        done
    }
}

impl<'a, R> Noted<'a, R> {
    /// Nothing shuffled yet with `rng`.
    fn new(rng: &'a mut R) -> Noted<'a, R> {
        Noted {
            rng,
            pile: None,
            tiles: None,
        }
    }

    /// What was shuffled: (the round's tiles, the new pile).
    fn take(self) -> Shuffled {
        Shuffled(self.tiles, self.pile)
    }
}

/// What an action shuffled: a round's tiles, the discards' new pile (top first).
struct Shuffled(Option<[u8; CELLS]>, Option<Vec<Card>>);

impl Shuffled {
    /// Writes it: a round's `tiles` line, a `reshuffle` line.
    fn write(self, scribe: &mut Scribe) {
        if let Some(t) = self.0 {
            scribe.line(None, &tiles_line(&t));
        }
        if let Some(pile) = self.1 {
            let cards: Vec<String> = pile.iter().map(Card::to_string).collect();
            scribe.line(None, &format!("reshuffle {}", cards.join(" ")));
        }
    }
}

/// The `tiles` line of a layout: rows south to north, each west to east.
fn tiles_line(t: &[u8; CELLS]) -> String {
    let rows: Vec<String> = t
        .chunks(SIDE as usize)
        .map(|row| row.iter().map(|&k| (b'A' + k) as char).collect())
        .collect();
    format!("tiles {}", rows.join(" "))
}

/// The `variant` lines of `r`: each setting that differs from the game's own at its seats.
fn variant_lines(r: &ThRules) -> Vec<String> {
    let d = ThRules::new(r.players);
    let mut v = Vec::new();
    if r.hand_size != d.hand_size {
        v.push("hand-5".to_string());
    }
    if r.dice != d.dice {
        v.push("two-dice".into());
    }
    if r.rounds != d.rounds {
        v.push(format!("rounds:{}", r.rounds));
    }
    if r.row_limit != d.row_limit {
        v.push(format!("row-limit:{}", r.row_limit));
    }
    if r.row_limit_steals {
        v.push("row-limit-steals".into());
    }
    if r.target != d.target {
        v.push(format!("target:{}", r.target));
    }
    if r.turn_cap != d.turn_cap {
        v.push(format!("turn-cap:{}", r.turn_cap));
    }
    if r.solo_far != d.solo_far {
        v.push("solo-symbols".into());
    }
    v
}

/// The cards of a freshly dealt game, top first, as a record's `deck` lines list them: each
/// hand in seat order, then the draw pile.
fn dealt_cards(s: &State) -> Vec<Card> {
    let hands = s.players[..s.rules.players as usize]
        .iter()
        .flat_map(|p| p.cards().iter().copied());
    let pile = s.pile[..s.pile_len as usize].iter().rev().copied();
    hands.chain(pile).collect()
}

/// The cards named in a record line's words.
fn cards_named(words: &str) -> Vec<Card> {
    words
        .split_whitespace()
        .filter_map(|w| Card::parse(w).ok())
        .collect()
}

impl TreasureTable {
    /// The table of `specs` (slot order) under `rules` with `deck`.
    pub fn new(rules: ThRules, deck: &Deck, specs: &[ThSpec]) -> TreasureTable {
        TreasureTable {
            rules,
            deck: deck.clone(),
            specs: specs.to_vec(),
        }
    }

    /// Plays games `lo..hi` of the matchup as a tournament does into counters; a seat that
    /// cannot answer ends the chunk (its counters spoiled).
    pub fn play(&self, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        let n = self.rules.players as usize;
        let mut stats = MatchupStats::default();
        let keep = self.specs.iter().any(|s| s.asked.is_some());
        let chunk = (seed, key, lo..hi);
        matchup_games(chunk, n, keep, |streams, seats, asked, scribe| {
            let mut rng = generator(streams.dice);
            let s = (deal(self.rules, &self.deck, &mut rng), Pending::Nothing);
            let played = self.play_game(seats, s, &mut rng, &mut stats, asked, scribe);
            played.is_some()
        });
        stats
    }

    /// Plays one game from the deal, seat `s` played by slot `s`, telling its record to
    /// `sink` (the header first); `None` when a seat could not answer.
    pub fn play_one(&self, seed: u64, sink: &mut dyn TableSink) -> Option<State> {
        let n = self.rules.players as usize;
        one_game(seed, n, sink, |streams, slots, asked, scribe| {
            let mut rng = generator(streams.dice);
            let s = (deal(self.rules, &self.deck, &mut rng), Pending::Nothing);
            let stats = &mut MatchupStats::default();
            self.play_game(slots, s, &mut rng, stats, asked, scribe)
        })
    }

    /// Plays the game of `s` on to its end, seat `p` played by slot `p`, as a rollout does:
    /// first the action `pending` of the seat to act (its outcome dealt now: the cards for the
    /// tile a claim reveals, the steps after a move's dice, a discard's draw), then the game;
    /// its asked seats told the seed `seats_seed`. `None` when a seat could not answer.
    pub fn play_out<R: RngCore>(
        &self,
        s: State,
        pending: Pending,
        rng: &mut R,
        stats: &mut MatchupStats,
        seats_seed: u64,
    ) -> Option<State> {
        let n = self.rules.players as usize;
        game_played_out(n, seats_seed, |slots, asked, scribe| {
            self.play_game(slots, (s, pending), rng, stats, asked, scribe)
        })
    }

    /// The action `pending` of the seat to act in `s`, played by its seat (an asked one is
    /// asked its cards or steps); the turn passes if it is over. `None` when the seat could
    /// not answer; a refused action leaves the game as it stands.
    fn play_pending<R: RngCore>(
        &self,
        s: &mut State,
        pending: Pending,
        rng: &mut R,
        asked: &mut AskedGame,
        scribe: &Scribe,
    ) -> Option<()> {
        let spec = &self.specs[s.current as usize % self.specs.len()];
        let Some(a) = &spec.asked else {
            let _ = play_pending(s, pending, spec, rng);
            return Some(());
        };
        let done = match pending {
            Pending::Nothing => Ok(()),
            Pending::Claim => {
                s.reveal_here();
                let mask = self.asked_cards(s, a, asked, scribe)?;
                s.claim(mask).map(|_| ())
            }
            Pending::Move => {
                let roll: u8 = (0..s.rules.dice).map(|_| sample_d6(rng)).sum();
                let steps = self.asked_steps(s, a, roll, asked, scribe)?;
                s.move_by(roll, steps)
            }
            Pending::Discard(mask) => s.discard_draw(mask, &mut RngChance(rng)),
        };
        if done.is_ok() && s.turn_over && !s.finished {
            s.end_turn();
        }
        Some(())
    }

    /// The record's header of the game dealt in `s`.
    fn header(&self, s: &State, scribe: &mut Scribe) {
        scribe.line(None, &format!("game {GAME_NAME}"));
        scribe.line(None, &format!("players {}", self.rules.players));
        for v in variant_lines(&self.rules) {
            scribe.line(None, &format!("variant {v}"));
        }
        scribe.line(None, &tiles_line(&s.tiles));
        for row in dealt_cards(s).chunks(12) {
            let cards: Vec<String> = row.iter().map(Card::to_string).collect();
            scribe.line(None, &format!("deck {}", cards.join(" ")));
        }
    }

    /// Plays the game of `s` on, after the action `pending` of the seat to act (a rollout's):
    /// slot `slot_of_seat[p]` in seat `p`, shuffles and dice from `rng`, counted into `stats`,
    /// each action written by `scribe`.
    fn play_game<R: RngCore>(
        &self,
        slot_of_seat: &[usize],
        (mut s, pending): (State, Pending),
        rng: &mut R,
        stats: &mut MatchupStats,
        asked: &mut AskedGame,
        scribe: &mut Scribe,
    ) -> Option<State> {
        let rules = s.rules;
        let n = rules.players as usize;
        let seated: Vec<(&str, Option<&AskedSeat>)> = slot_of_seat
            .iter()
            .map(|&k| (self.specs[k].name.as_str(), self.specs[k].asked.as_ref()))
            .collect();
        asked.begin(&seated);
        if scribe.text().is_some() {
            self.header(&s, scribe);
        }
        let mut stopped = false;
        if pending != Pending::Nothing && !s.finished {
            stopped = self
                .play_pending(&mut s, pending, rng, asked, scribe)
                .is_none();
        }
        let cap = rules.turn_cap as u64 * n as u64;
        let mut turns = 0u64;
        let mut unfinished = false;
        // Whether a turn has ended whose `end` line waits for the next turn's shuffles.
        let mut ended = false;
        'game: while !stopped && !s.finished {
            if turns >= cap || solitaire_stuck(&s) {
                unfinished = true;
                break;
            }
            let mut chance = Noted::new(&mut *rng);
            if s.new_round && s.lay_out_round(&mut chance).is_err() {
                break;
            }
            let seat = s.current as usize;
            let slot = slot_of_seat[seat];
            let spec = &self.specs[slot];
            if s.turn_over {
                if s.begin_turn(&mut chance).is_err() {
                    break;
                }
                turns += 1;
            }
            let shuffled = chance.take();
            if ended {
                shuffled.write(scribe);
                scribe.line(None, "end");
            }
            scribe.line(Some(seat as u8), &format!("turn {}", seat + 1));
            while !s.turn_over {
                let outlook = Outlook::new(&s, seat);
                let (act, label) = match &spec.asked {
                    None => (spec.act_seen(&s, &outlook), None),
                    Some(a) => match self.asked_act(&s, a, asked, scribe) {
                        Some(answer) => answer,
                        None => {
                            stopped = true;
                            break 'game;
                        }
                    },
                };
                let face_down = s.claim_blocker().is_none() && s.visible(s.cell_of(seat)).is_none();
                let (row, used) = if face_down {
                    (outlook.coverage(), s.actions as u32)
                } else {
                    (0, 0)
                };
                if face_down {
                    let cell = stats.stop_cell(slot, row, used);
                    cell.decisions += 1;
                    cell.stops += (act != Act::Claim) as u64;
                }
                let who = Some(seat as u8);
                let before = s;
                let mut shuffled = Shuffled(None, None);
                let (ok, line) = match act {
                    Act::Claim => {
                        let sym = s.reveal_here();
                        if face_down {
                            let tile = super::deck::SYMBOL_NAMES[sym as usize];
                            let cell = cell_name(s.cell_of(seat));
                            scribe.line(who, &format!("# claim: {cell} shows {tile}"));
                        }
                        let mask = match (&spec.asked, &label) {
                            (None, _) => spec.combo(&s, sym),
                            // A face-up tile's claim names its cards.
                            (Some(_), Some(l)) if !face_down => mask_of(&s, &cards_named(l)).ok(),
                            (Some(a), _) => match self.asked_cards(&s, a, asked, scribe) {
                                Some(mask) => mask,
                                None => {
                                    stopped = true;
                                    break 'game;
                                }
                            },
                        };
                        stats.cells[slot][seat].rolls += 1;
                        let won = s.claim(mask);
                        if won == Ok(false) {
                            stats.cells[slot][seat].busts += 1;
                            if face_down {
                                stats.stop_cell(slot, row, used).busts += 1;
                            }
                        }
                        let line = match mask {
                            Some(m) => format!("claim {}", cards_of(&before, m)),
                            None => "claim fail".to_string(),
                        };
                        (won.map(|_| ()), line)
                    }
                    Act::Steal(kind, mask) => {
                        let word = match kind {
                            StealKind::Four => "steal",
                            StealKind::Half => "steal-half",
                        };
                        let line = format!("{word} {}", cards_of(&s, mask));
                        (s.steal(kind, mask).map(|_| ()), line)
                    }
                    Act::Move => {
                        let dice: Vec<u8> = (0..rules.dice).map(|_| sample_d6(rng)).collect();
                        let roll: u8 = dice.iter().sum();
                        let faces: Vec<String> = dice.iter().map(u8::to_string).collect();
                        scribe.line(who, &format!("# move: rolled {}", faces.join(" ")));
                        let steps = match &spec.asked {
                            None => spec.steps_seen(&s, &outlook, roll),
                            Some(a) => match self.asked_steps(&s, a, roll, asked, scribe) {
                                Some(steps) => steps,
                                None => {
                                    stopped = true;
                                    break 'game;
                                }
                            },
                        };
                        let line = format!("move {} {steps:+}", faces.join(" "));
                        (s.move_by(roll, steps), line)
                    }
                    Act::Reinforce(cell) => {
                        (s.reinforce(cell), format!("reinforce {}", cell_name(cell)))
                    }
                    Act::Discard(mask) => {
                        let line = format!("discard {}", cards_of(&s, mask));
                        let mut chance = Noted::new(&mut *rng);
                        let drawn = s.discard_draw(mask, &mut chance);
                        shuffled = chance.take();
                        (drawn, line)
                    }
                    Act::End => break,
                };
                debug_assert!(ok.is_ok(), "{act:?}: {ok:?}");
                if ok.is_err() {
                    break;
                }
                shuffled.write(scribe);
                scribe.line(who, &line);
            }
            s.end_turn();
            ended = true;
        }
        let scores: Vec<u64> = (0..n)
            .map(|p| {
                if rules.rounds > 1 {
                    s.players[p].points as u64
                } else {
                    s.owner.iter().filter(|&&o| o == p as u8).count() as u64
                }
            })
            .collect();
        let turns_of: Vec<u32> = (0..n).map(|p| s.players[p].turns).collect();
        let asked_seats: Vec<Option<&AskedSeat>> = slot_of_seat
            .iter()
            .map(|&k| self.specs[k].asked.as_ref())
            .collect();
        let winner = (!stopped && s.winner != NONE).then_some(s.winner);
        asked.end(&asked_seats, winner, &scores, &turns_of);
        if stopped {
            return None;
        }
        stats.unfinished += unfinished as u64;
        for (seat, &slot) in slot_of_seat.iter().enumerate().take(n) {
            stats.add_game(
                slot,
                seat,
                s.winner == seat as u8,
                scores[seat],
                s.players[seat].turns as u64,
            );
        }
        Some(s)
    }

    /// An asked seat's action in `s`: the act and, for a claim of a face-up tile, the label
    /// naming its cards; `None` when it could not answer.
    fn asked_act(
        &self,
        s: &State,
        a: &AskedSeat,
        asked: &mut AskedGame,
        scribe: &Scribe,
    ) -> Option<(Act, Option<String>)> {
        let options = match treasure_options(s) {
            Some(Options::Open(options)) => options,
            // One option, or none: the turn ends.
            _ => return Some((Act::End, None)),
        };
        let names: Vec<String> = options.into_iter().map(|(n, _)| n).collect();
        let json = position_json_seen(s, s.current);
        let i = asked.ask(a, s.current, "action", json, &names, scribe.text())?;
        let label = names[i].clone();
        let (head, rest) = label.split_once(' ').unwrap_or((label.as_str(), ""));
        let mask = || mask_of(s, &cards_named(rest)).unwrap_or(0);
        let act = match head {
            "claim" => Act::Claim,
            "steal" => Act::Steal(StealKind::Four, mask()),
            "steal-half" => Act::Steal(StealKind::Half, mask()),
            "move" => Act::Move,
            "discard" => Act::Discard(mask()),
            "reinforce" => Act::Reinforce(parse_cell(rest).unwrap_or(0)),
            _ => Act::End,
        };
        Some((act, Some(rest.to_string())))
    }

    /// An asked seat's cards for the tile its claim revealed in `s` (`None`: the claim
    /// fails); `None` when it could not answer.
    fn asked_cards(
        &self,
        s: &State,
        a: &AskedSeat,
        asked: &mut AskedGame,
        scribe: &Scribe,
    ) -> Option<Option<u8>> {
        let names: Vec<String> = claim_options(s).into_iter().map(|(n, _)| n).collect();
        let i = match names.len() {
            0 | 1 => 0,
            _ => {
                let json = position_json_seen(s, s.current);
                asked.ask(a, s.current, "cards", json, &names, scribe.text())?
            }
        };
        let picked = names.get(i).map_or("claim fail", String::as_str);
        Some(match picked.strip_prefix("claim ") {
            Some("fail") | None => None,
            Some(cards) => mask_of(s, &cards_named(cards)).ok(),
        })
    }

    /// An asked seat's steps after rolling `roll` in `s`; `None` when it could not answer.
    fn asked_steps(
        &self,
        s: &State,
        a: &AskedSeat,
        roll: u8,
        asked: &mut AskedGame,
        scribe: &Scribe,
    ) -> Option<i8> {
        let moves = move_options(s, roll);
        let names: Vec<String> = moves.iter().map(|(n, _)| n.clone()).collect();
        let i = match names.len() {
            0 => return Some(0),
            1 => 0,
            _ => {
                // Where each move leads: its cell, and the tile there as the seat sees it.
                let to: Vec<serde_json::Value> = moves
                    .iter()
                    .map(|(_, after)| {
                        let cell = after.state.cell_of(s.current as usize);
                        serde_json::json!({
                            "cell": cell_name(cell),
                            "symbol": s.visible(cell).map(|k| super::deck::SYMBOL_NAMES[k as usize]),
                            "owner": (s.owner[cell as usize] != NONE).then(|| s.owner[cell as usize] + 1),
                        })
                    })
                    .collect();
                let seen = position_json_seen(s, s.current);
                let json = format!(
                    "{},\"rolled\":{roll},\"to\":{}}}",
                    seen.strip_suffix('}').unwrap_or(&seen),
                    serde_json::Value::from(to)
                );
                asked.ask(a, s.current, "steps", json, &names, scribe.text())?
            }
        };
        names[i]
            .strip_prefix("move ")
            .and_then(|d| d.trim_start_matches('+').parse().ok())
            .or(Some(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::asked::RecordLines;
    use crate::games::family::{matchup_key, Family};
    use crate::games::{Matchup, TreasureFamily};

    #[test]
    fn the_table_plays_the_loops_games_with_the_same_counters() {
        for (players, variants, names) in [
            (2, &[][..], &["greedy", "thief"][..]),
            (3, &["rounds:2"][..], &["runner", "greedy:0.4", "thief"][..]),
            (1, &[][..], &["greedy"][..]),
        ] {
            let mut rules = ThRules::new(players);
            for v in variants {
                rules.apply_variant(v).unwrap();
            }
            let deck = Deck::standard();
            let family = TreasureFamily {
                rules,
                deck: deck.clone(),
            };
            let m = Matchup {
                slots: names.iter().map(|n| ThSpec::parse(n).unwrap()).collect(),
            };
            let key = matchup_key(&m);
            let table = TreasureTable::new(rules, &deck, &m.slots);
            assert_eq!(
                table.play(5, key, 0, 40),
                family.play(&m, 5, key, 0, 40),
                "{names:?}"
            );
        }
    }

    #[test]
    fn a_games_record_replays_to_its_end_reshuffles_and_rounds_too() {
        for (players, variants) in [(2, &[][..]), (3, &["rounds:2", "two-dice"][..])] {
            let mut rules = ThRules::new(players);
            for v in variants {
                rules.apply_variant(v).unwrap();
            }
            let deck = Deck::standard();
            let specs: Vec<ThSpec> = ["greedy", "thief", "runner"][..players as usize]
                .iter()
                .map(|n| ThSpec::parse(n).unwrap())
                .collect();
            let table = TreasureTable::new(rules, &deck, &specs);
            for seed in 1..4 {
                let mut lines = RecordLines::default();
                let end = table.play_one(seed, &mut lines).unwrap();
                let replayed = super::super::record::replay(&lines.0, &deck)
                    .unwrap_or_else(|e| panic!("{e}\n{}", lines.0));
                assert_eq!(
                    (replayed.winner, replayed.owner, replayed.cubes),
                    (end.winner, end.owner, end.cubes),
                    "{variants:?} seed {seed}"
                );
                if players == 2 && seed == 1 {
                    assert!(lines.0.contains("\nreshuffle "), "a long game reshuffles");
                }
            }
        }
    }

    /// A question as kept: the seat, what is decided, the position, the options, the record.
    type Kept = (u8, &'static str, String, Vec<String>, String);

    /// An asker taking the first option, keeping every question it was put.
    #[derive(Debug, Default)]
    struct Keeping {
        questions: std::sync::Mutex<Vec<Kept>>,
    }

    impl crate::games::asked::Asker for Keeping {
        fn definition(&self) -> String {
            "keeping".into()
        }
        fn begin(&self, _: &crate::games::asked::GameStart) {}
        fn ask(&self, q: &crate::games::asked::Question) -> Option<usize> {
            let record = q.record.unwrap_or_default().to_string();
            let asked = (
                q.seat,
                q.decision,
                q.position.clone(),
                q.options.to_vec(),
                record,
            );
            self.questions.lock().unwrap().push(asked);
            Some(0)
        }
        fn end(&self, _: &crate::games::asked::GameEnd) {}
    }

    #[test]
    fn an_asked_seat_sees_its_own_hand_and_the_revealed_tiles_only() {
        use crate::games::asked::{AskedSeat, SeatSpec};
        let deck = Deck::standard();
        let keeping = std::sync::Arc::new(Keeping::default());
        let specs = vec![
            ThSpec::parse("greedy").unwrap(),
            ThSpec::asked(AskedSeat::new("keeping", keeping.clone())),
            ThSpec::parse("thief").unwrap(),
        ];
        let table = TreasureTable::new(ThRules::new(3), &deck, &specs);
        struct Nothing;
        impl TableSink for Nothing {
            fn line(&mut self, _: Option<u8>, _: &str) {}
        }
        table.play_one(4, &mut Nothing);
        let questions = keeping.questions.lock().unwrap();
        assert!(questions.len() > 20, "{}", questions.len());
        let codes: Vec<String> = deck.cards.iter().map(Card::to_string).collect();
        for (seat, decision, position, options, record) in questions.iter() {
            // The record so far holds the whole deck and every tile: the true position.
            let truth = super::super::record::replay(record, &deck).unwrap();
            let v: serde_json::Value = serde_json::from_str(position).unwrap();
            for (p, shown) in v["seats"].as_array().unwrap().iter().enumerate() {
                if p as u8 == *seat {
                    assert!(shown.get("hand").is_some(), "{position}");
                } else {
                    assert!(shown.get("hand").is_none(), "{position}");
                    assert_eq!(shown["hand_size"], truth.players[p].hand_len, "{position}");
                }
            }
            let underfoot = truth.cell_of(*seat as usize);
            for (cell, tile) in v["tiles"].as_array().unwrap().iter().enumerate() {
                let revealed = truth.revealed & (1 << cell) != 0
                    || (*decision == "cards" && cell as u8 == underfoot);
                assert_eq!(
                    tile["symbol"].is_null(),
                    !revealed,
                    "cell {cell}: {position}"
                );
            }
            // No card of another hand or of the pile is named anywhere in the question.
            let mine: Vec<String> = truth.players[*seat as usize]
                .cards()
                .iter()
                .map(Card::to_string)
                .collect();
            let text = format!("{position} {}", options.join(" "));
            for code in codes.iter().filter(|c| !mine.contains(c)) {
                assert!(
                    !text.contains(code.as_str()),
                    "{code} shown to seat {seat}: {text}"
                );
            }
        }
    }
}
