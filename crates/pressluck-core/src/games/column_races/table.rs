//! The column races' table: Route 66 and Can't Stop played roll by roll with any seats —
//! fixed rules, the searching player, and seats that are asked ([`crate::games::asked`]) —
//! writing the game's record as it goes. A matchup with an asked seat is played here; so is
//! `pressluck play`.
//!
//! Game for game it is the engine's game (`engine::play::play_from`): the same dice and
//! policy streams drawn in the same order (a policy is asked to choose only among two uses or
//! more, and whether to roll on after every use), the same counters. A test checks the two
//! give the same counters for every kind of rule.

use super::search::SeatPolicy;
use crate::columns::record::{dice_text, edition_name, PositionView};
use crate::columns::{ChoiceList, Edition, Game, Rules};
use crate::counters::MatchupStats;
use crate::engine::cpu::Avx2;
use crate::engine::dice_source::{DiceSource, RngDice};
use crate::engine::play::{count_game, ColumnPosition, MAX_TURNS};
use crate::games::asked::{AskedGame, AskedSeat, Scribe, SeatSpec, TableSink};
use crate::games::table_games::{game_played_out, matchup_games, one_game};
use crate::policy::{Policy, PolicySpec, View};
use rand_core::RngCore;

/// A seat at the table: a policy of the policy room (a rule or the searching player), or a
/// seat that is asked.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum TableSeat {
    /// A policy, asked through the [`Policy`] trait.
    Policy(SeatPolicy),
    /// A seat asked by its options' names.
    Asked(AskedSeat),
}

impl TableSeat {
    /// The seat `spec` takes under `rules` (a searching player's rollouts ranked with `avx2`).
    pub fn build(spec: &PolicySpec, rules: &Rules, avx2: Option<Avx2>) -> TableSeat {
        match spec.asked_seat() {
            Some(seat) => TableSeat::Asked(seat.clone()),
            None => TableSeat::Policy(SeatPolicy::build(spec, rules, avx2)),
        }
    }

    /// The asked seat, if it is one.
    fn asked(&self) -> Option<&AskedSeat> {
        match self {
            TableSeat::Asked(a) => Some(a),
            TableSeat::Policy(_) => None,
        }
    }
}

/// The seats of a table, slot by slot, with their names.
#[derive(Clone, Debug)]
pub struct ColumnTable {
    /// The rules.
    rules: Rules,
    /// The seats, in slot order.
    seats: Vec<TableSeat>,
    /// Their names, in slot order.
    names: Vec<String>,
}

/// Rolls, busts and turns of one game so far, per seat.
#[derive(Default)]
struct Tally {
    rolls: [u64; 4],
    busts: [u64; 4],
    turns: u32,
}

impl ColumnTable {
    /// The table of `specs` (slot order) under `rules`.
    pub fn new(rules: &Rules, specs: &[PolicySpec], avx2: Option<Avx2>) -> ColumnTable {
        ColumnTable {
            rules: *rules,
            seats: specs
                .iter()
                .map(|s| TableSeat::build(s, rules, avx2))
                .collect(),
            names: specs.iter().map(|s| s.name.clone()).collect(),
        }
    }

    /// Plays games `lo..hi` of the matchup as a tournament does (`matchup_games`) into
    /// counters. A seat that cannot answer ends the chunk at once: its counters are spoiled
    /// ([`crate::games::asked::take_spoiled`]).
    pub fn play(&mut self, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        let n = self.rules.players as usize;
        let mut stats = MatchupStats::default();
        let keep = self.any_asked();
        let chunk = (seed, key, lo..hi);
        matchup_games(chunk, n, keep, |streams, seats, asked, scribe| {
            let (dice, mut rng) = streams.generators();
            let (start, mut dice, stats) = (ColumnPosition::start(), RngDice(dice), &mut stats);
            let played = self.play_game(seats, &start, &mut dice, &mut rng, stats, asked, scribe);
            played.is_some()
        });
        stats
    }

    /// Plays one game from the start, seat `s` played by slot `s`, telling its record to
    /// `sink` line by line (the header first): `pressluck play`. Returns the final game, or
    /// `None` when a seat could not answer (the record ends at its decision).
    pub fn play_one(&mut self, seed: u64, sink: &mut dyn TableSink) -> Option<Game> {
        let n = self.rules.players as usize;
        one_game(seed, n, sink, |streams, slots, asked, scribe| {
            let (dice, mut rng) = streams.generators();
            let (start, mut dice) = (ColumnPosition::start(), RngDice(dice));
            let stats = &mut MatchupStats::default();
            self.play_game(slots, &start, &mut dice, &mut rng, stats, asked, scribe)
        })
    }

    /// Plays the game of `position` on to its end, seat `s` played by slot `s`, as a rollout
    /// does, its asked seats told the seed `seats_seed`; `None` when a seat could not answer.
    pub fn play_out<D: DiceSource, R: RngCore>(
        &mut self,
        position: &ColumnPosition,
        dice: &mut D,
        rng: &mut R,
        stats: &mut MatchupStats,
        seats_seed: u64,
    ) -> Option<Game> {
        let n = self.rules.players as usize;
        game_played_out(n, seats_seed, |slots, asked, scribe| {
            self.play_game(slots, position, dice, rng, stats, asked, scribe)
        })
    }

    /// Whether a seat is asked.
    fn any_asked(&self) -> bool {
        self.seats.iter().any(|s| s.asked().is_some())
    }

    /// The record's header lines: the game, the edition and variants, the seats.
    fn header(&self, scribe: &mut Scribe) {
        let r = &self.rules;
        scribe.line(None, &format!("game {}", r.game.name()));
        if r.edition() == Edition::De {
            scribe.line(None, &format!("edition {}", edition_name(Edition::De)));
        }
        for v in r.variants() {
            scribe.line(None, &format!("variant {}", v.name()));
        }
        scribe.line(None, &format!("players {}", r.players));
    }

    /// The position as the JSON `replay --format json` prints, on one line.
    fn position(
        rules: &Rules,
        game: &Game,
        pending: Option<(crate::dice::Roll, ChoiceList)>,
    ) -> String {
        position_line(rules, game, pending)
    }

    /// Plays the game of `position` on: slot `slot_of_seat[s]` in seat `s`, rolls from
    /// `dice`, policies' chances from `rng`, counted into `stats`, each action written by
    /// `scribe`; asked seats told the game's start and end and asked through `asked`.
    #[allow(clippy::too_many_arguments)]
    fn play_game<D: DiceSource, R: RngCore>(
        &mut self,
        slot_of_seat: &[usize],
        position: &ColumnPosition,
        dice: &mut D,
        rng: &mut R,
        stats: &mut MatchupStats,
        asked: &mut AskedGame,
        scribe: &mut Scribe,
    ) -> Option<Game> {
        let rules = self.rules;
        let seated: Vec<(&str, Option<&AskedSeat>)> = slot_of_seat
            .iter()
            .map(|&k| (self.names[k].as_str(), self.seats[k].asked()))
            .collect();
        asked.begin(&seated);
        if scribe.text().is_some() {
            self.header(scribe);
        }
        let mut game = position.game;
        let mut tally = Tally::default();
        let mut choices = ChoiceList::default();
        let mut stopped = false;
        if position.decide_first && !game.finished() {
            let slot = slot_of_seat[game.to_move as usize & 3];
            stopped = !self.decide(slot, &mut game, rng, stats, asked, scribe, &mut tally);
        }
        while !stopped && !game.finished() {
            if tally.turns >= MAX_TURNS || game.stalled() {
                stats.unfinished += 1;
                break;
            }
            let seat = game.to_move as usize & 3;
            let slot = slot_of_seat[seat];
            if game.turn.rolls == 0 {
                stats.stop_cell(slot, 0, 0).decisions += 1;
            }
            let Some(outcome) = dice.outcome() else { break };
            let roll = outcome.roll();
            tally.rolls[seat] += 1;
            scribe.line(Some(seat as u8), &format!("roll {}", dice_text(roll)));
            game.fill_choices(&rules, roll, &mut choices);
            if choices.is_empty() {
                let turn = &game.turn;
                stats.stop_cell(slot, turn.rolls, turn.cars.len()).busts += 1;
                tally.busts[seat] += 1;
                game.bust(&rules);
                tally.turns += 1;
                continue;
            }
            let pick = if choices.len() == 1 {
                Some(0)
            } else {
                match &mut self.seats[slot] {
                    TableSeat::Policy(p) => Some(
                        p.choose(&View::new(&rules, &game), roll, &choices, rng)
                            .min(choices.len() - 1),
                    ),
                    TableSeat::Asked(a) => {
                        let options = use_names(&choices);
                        let json = Self::position(&rules, &game, Some((roll, choices)));
                        asked.ask(a, seat as u8, "use", json, &options, scribe.text())
                    }
                }
            };
            let Some(pick) = pick else {
                stopped = true;
                break;
            };
            scribe.line(Some(seat as u8), &format!("use {}", choices.get(pick)));
            game.take(&rules, &choices, pick);
            stopped = !self.decide(slot, &mut game, rng, stats, asked, scribe, &mut tally);
        }
        let n = rules.players as usize;
        let ended: Vec<Option<&AskedSeat>> = slot_of_seat
            .iter()
            .map(|&k| self.seats[k].asked())
            .collect();
        let scores: Vec<u64> = game.board.scores[..n].iter().map(|&s| s as u64).collect();
        let winner = if stopped { None } else { game.winner };
        asked.end(&ended, winner, &scores, &game.turns[..n]);
        if stopped {
            return None;
        }
        count_game(
            &rules,
            slot_of_seat,
            &game,
            &tally.rolls,
            &tally.busts,
            stats,
        );
        Some(game)
    }

    /// The roll-on-or-stop decision of the player to move (playing slot `slot`): counted, and
    /// on a stop the cars become cubes. `false` when an asked seat could not answer.
    #[allow(clippy::too_many_arguments)]
    fn decide<R: RngCore>(
        &mut self,
        slot: usize,
        game: &mut Game,
        rng: &mut R,
        stats: &mut MatchupStats,
        asked: &mut AskedGame,
        scribe: &mut Scribe,
        tally: &mut Tally,
    ) -> bool {
        let rules = self.rules;
        let seat = game.to_move;
        let go_on = match &mut self.seats[slot] {
            TableSeat::Policy(p) => p.keep_rolling(&View::new(&rules, game), rng),
            TableSeat::Asked(a) => {
                let options = ["roll".to_string(), "stop".to_string()];
                let json = Self::position(&rules, game, None);
                match asked.ask(a, seat, "roll-or-stop", json, &options, scribe.text()) {
                    Some(i) => i == 0,
                    None => return false,
                }
            }
        };
        let cell = stats.stop_cell(slot, game.turn.rolls, game.turn.cars.len());
        cell.decisions += 1;
        if !go_on {
            cell.stops += 1;
            scribe.line(Some(seat), "stop");
            game.stop(&rules);
            tally.turns += 1;
        }
        true
    }
}

/// A position of `rules` as the JSON `replay --format json` prints, on one line: the game, and
/// the roll awaiting its use with its legal uses, if any.
pub fn position_line(
    rules: &Rules,
    game: &Game,
    pending: Option<(crate::dice::Roll, ChoiceList)>,
) -> String {
    let variants = rules.variants();
    PositionView {
        rules,
        edition: rules.edition(),
        variants: &variants,
        game,
        pending,
    }
    .to_json_line()
}

/// The names of the uses of a roll, as options: `use 5 9`, in the list's order.
pub fn use_names(choices: &ChoiceList) -> Vec<String> {
    choices
        .as_slice()
        .iter()
        .map(|c| format!("use {c}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::GameKind;
    use crate::games::asked::{Asker, GameEnd, GameStart, Question, RecordLines};
    use crate::games::family::{matchup_key, Family};
    use crate::games::{ColumnFamily, Matchup};
    use std::sync::{Arc, Mutex};

    /// The specs of `names`.
    fn specs(names: &[&str]) -> Vec<PolicySpec> {
        names
            .iter()
            .map(|n| PolicySpec::parse(n).unwrap())
            .collect()
    }

    #[test]
    fn the_table_plays_the_engines_games_with_the_same_counters() {
        for (game, players, names) in [
            (GameKind::CantStop, 2, &["glenn", "ev"][..]),
            (
                GameKind::CantStop,
                3,
                &["random:0.3", "rule28", "race-aware:29,won=2"][..],
            ),
            (GameKind::Route66, 2, &["fixed-risk:0.3", "rolls:2"][..]),
            (GameKind::Route66, 1, &["glenn-linear"][..]),
            (
                GameKind::CantStop,
                2,
                &["rollout:glenn,budget=3", "one-roll"][..],
            ),
        ] {
            let rules = Rules::new(game, players);
            let family = ColumnFamily::new(rules);
            let m = Matchup {
                slots: specs(names),
            };
            let key = matchup_key(&m);
            let engine = family.play(&m, 5, key, 0, 300);
            let mut table = ColumnTable::new(&rules, &m.slots, Avx2::cpu());
            assert_eq!(table.play(5, key, 0, 300), engine, "{game} {names:?}");
        }
    }

    /// An asker taking the first option, noting what it was told.
    #[derive(Debug, Default)]
    struct First {
        told: Mutex<Vec<String>>,
    }

    impl Asker for First {
        fn definition(&self) -> String {
            "first".into()
        }
        fn begin(&self, start: &GameStart) {
            self.told
                .lock()
                .unwrap()
                .push(format!("begin {:?} {}", start.game, start.seat));
        }
        fn ask(&self, q: &Question) -> Option<usize> {
            assert!(q.options.len() >= 2);
            assert!(q.position.starts_with('{') && !q.position.contains('\n'));
            assert!(q
                .record
                .is_some_and(|r| r.starts_with("game cant-stop\nplayers 2\n")));
            Some(0)
        }
        fn end(&self, end: &GameEnd) {
            self.told
                .lock()
                .unwrap()
                .push(format!("end {:?}", end.winner.is_some()));
        }
    }

    #[test]
    fn an_asked_seat_is_told_each_game_and_its_record_replays() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let first = Arc::new(First::default());
        let seat = AskedSeat::new("first", first.clone());
        let slots = vec![PolicySpec::asked(seat), PolicySpec::parse("glenn").unwrap()];
        let mut table = ColumnTable::new(&rules, &slots, Avx2::cpu());
        let stats = table.play(3, 9, 0, 4);
        assert_eq!(stats.slot_total(0).games, 4);
        let told = first.told.lock().unwrap().clone();
        assert_eq!(
            told,
            [
                "begin Some(0) 0",
                "end true",
                "begin Some(1) 1",
                "end true",
                "begin Some(2) 0",
                "end true",
                "begin Some(3) 1",
                "end true"
            ]
        );
        // The record of a game played one by one replays to its end.
        let mut lines = RecordLines::default();
        let end = table.play_one(7, &mut lines).unwrap();
        let rec = crate::columns::record::Record::parse(&lines.0).unwrap();
        let setup = rec.setup(&Default::default()).unwrap();
        let replayed = crate::columns::record::play(&rec, &setup.rules).unwrap();
        assert_eq!(replayed.game, end);
    }
}
