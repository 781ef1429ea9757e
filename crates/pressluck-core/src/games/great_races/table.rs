//! The Great Races' table: the game played roll by roll with any seats — pairing rules and
//! seats that are asked ([`crate::games::asked`]) — writing its record as it goes. A matchup
//! with an asked seat is played here; so is `pressluck play`.
//!
//! Game for game it is [`super::play::play_race_from`]'s game: the same dice and policy
//! streams in the same order (a rule is asked only among two pairings or more), the same
//! counters (a test checks).

use super::play::MAX_RACE_TURNS;
use super::policy::RaceSpec;
use crate::columns::record::{dice_text, PositionView};
use crate::columns::{ChoiceList, Edition, Game, Rules};
use crate::counters::MatchupStats;
use crate::dice::Roll;
use crate::engine::dice_source::{DiceSource, RngDice};
use crate::engine::play::count_game;
use crate::games::asked::{AskedGame, AskedSeat, Scribe, TableSink};
use crate::games::table_games::{game_played_out, matchup_games, one_game};
use rand_core::RngCore;

/// The seats of a Great Races table, slot by slot.
#[derive(Clone, Debug)]
pub struct RaceTable {
    /// The rules.
    rules: Rules,
    /// The seats' specs, in slot order.
    specs: Vec<RaceSpec>,
}

impl RaceTable {
    /// The table of `specs` (slot order) under `rules`.
    pub fn new(rules: &Rules, specs: &[RaceSpec]) -> RaceTable {
        RaceTable {
            rules: *rules,
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
            let (dice, mut rng) = streams.generators();
            let (start, mut dice, stats) = (Game::new(), RngDice(dice), &mut stats);
            let played = self.play_game(seats, start, &mut dice, &mut rng, stats, asked, scribe);
            played.is_some()
        });
        stats
    }

    /// Plays one game from the start, seat `s` played by slot `s`, telling its record to
    /// `sink` (the header first); `None` when a seat could not answer.
    pub fn play_one(&self, seed: u64, sink: &mut dyn TableSink) -> Option<Game> {
        let n = self.rules.players as usize;
        one_game(seed, n, sink, |streams, slots, asked, scribe| {
            let (dice, mut rng) = streams.generators();
            let (start, mut dice) = (Game::new(), RngDice(dice));
            let stats = &mut MatchupStats::default();
            self.play_game(slots, start, &mut dice, &mut rng, stats, asked, scribe)
        })
    }

    /// Plays `game` on to its end, seat `s` played by slot `s`, as a rollout does, its asked
    /// seats told the seed `seats_seed`; `None` when a seat could not answer.
    pub fn play_out<D: DiceSource, R: RngCore>(
        &self,
        game: Game,
        dice: &mut D,
        rng: &mut R,
        stats: &mut MatchupStats,
        seats_seed: u64,
    ) -> Option<Game> {
        let n = self.rules.players as usize;
        game_played_out(n, seats_seed, |slots, asked, scribe| {
            self.play_game(slots, game, dice, rng, stats, asked, scribe)
        })
    }

    /// The position as the JSON `replay --format json` prints, on one line.
    fn position(&self, game: &Game, pending: Option<(Roll, ChoiceList)>) -> String {
        PositionView {
            rules: &self.rules,
            edition: Edition::En,
            variants: &[],
            game,
            pending,
        }
        .to_json_line()
    }

    /// Plays `game` on: slot `slot_of_seat[s]` in seat `s`, rolls from `dice`, the rules'
    /// chances from `rng`, counted into `stats`, each action written by `scribe`.
    #[allow(clippy::too_many_arguments)]
    fn play_game<D: DiceSource, R: RngCore>(
        &self,
        slot_of_seat: &[usize],
        mut game: Game,
        dice: &mut D,
        rng: &mut R,
        stats: &mut MatchupStats,
        asked: &mut AskedGame,
        scribe: &mut Scribe,
    ) -> Option<Game> {
        let rules = &self.rules;
        let seated: Vec<(&str, Option<&AskedSeat>)> = slot_of_seat
            .iter()
            .map(|&k| (self.specs[k].name.as_str(), self.specs[k].asked.as_ref()))
            .collect();
        asked.begin(&seated);
        if scribe.text().is_some() {
            scribe.line(None, &format!("game {}", rules.game.name()));
            scribe.line(None, &format!("players {}", rules.players));
        }
        let mut choices = ChoiceList::default();
        let (mut rolls, mut busts, mut turns) = ([0u64; 4], [0u64; 4], 0u32);
        let mut stopped = false;
        while !game.finished() {
            if turns >= MAX_RACE_TURNS {
                stats.unfinished += 1;
                break;
            }
            let seat = game.to_move as usize & 3;
            let slot = slot_of_seat[seat];
            stats.stop_cell(slot, 0, 0).decisions += 1;
            let Some(roll) = dice.roll() else { break };
            rolls[seat] += 1;
            scribe.line(Some(seat as u8), &format!("roll {}", dice_text(roll)));
            game.fill_choices(rules, roll, &mut choices);
            if choices.is_empty() {
                stats.stop_cell(slot, 0, 0).busts += 1;
                busts[seat] += 1;
                game.pass(rules);
            } else {
                let spec = &self.specs[slot];
                let pick = match (&spec.asked, choices.len()) {
                    (_, 1) => Some(0),
                    (None, _) => Some(spec.rule.choose(rules, &game, &choices, rng)),
                    (Some(a), _) => {
                        let options: Vec<String> = choices
                            .as_slice()
                            .iter()
                            .map(|c| format!("use {c}"))
                            .collect();
                        let json = self.position(&game, Some((roll, choices)));
                        asked.ask(a, seat as u8, "use", json, &options, scribe.text())
                    }
                };
                let Some(pick) = pick else {
                    stopped = true;
                    break;
                };
                scribe.line(Some(seat as u8), &format!("use {}", choices.get(pick)));
                game.take(rules, &choices, pick);
            }
            turns += 1;
        }
        let n = rules.players as usize;
        let ended: Vec<Option<&AskedSeat>> = slot_of_seat
            .iter()
            .map(|&k| self.specs[k].asked.as_ref())
            .collect();
        let scores: Vec<u64> = game.board.scores[..n].iter().map(|&s| s as u64).collect();
        let winner = if stopped { None } else { game.winner };
        asked.end(&ended, winner, &scores, &game.turns[..n]);
        if stopped {
            return None;
        }
        count_game(rules, slot_of_seat, &game, &rolls, &busts, stats);
        Some(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::GameKind;
    use crate::games::asked::RecordLines;
    use crate::games::family::{matchup_key, Family};
    use crate::games::{Matchup, RacesFamily};

    #[test]
    fn the_table_plays_the_loops_games_with_the_same_counters() {
        for (players, names) in [
            (2, &["race-points", "random"][..]),
            (3, &["race-margin", "race-progress", "random"][..]),
            (1, &["race-points"][..]),
        ] {
            let rules = Rules::new(GameKind::GreatRaces, players);
            let family = RacesFamily(rules);
            let m = Matchup {
                slots: names.iter().map(|n| RaceSpec::parse(n).unwrap()).collect(),
            };
            let key = matchup_key(&m);
            let table = RaceTable::new(&rules, &m.slots);
            assert_eq!(
                table.play(5, key, 0, 200),
                family.play(&m, 5, key, 0, 200),
                "{names:?}"
            );
        }
    }

    #[test]
    fn a_games_record_replays_to_its_end() {
        let rules = Rules::new(GameKind::GreatRaces, 3);
        let specs: Vec<RaceSpec> = ["race-points", "random", "race-margin"]
            .iter()
            .map(|n| RaceSpec::parse(n).unwrap())
            .collect();
        let table = RaceTable::new(&rules, &specs);
        for seed in 1..4 {
            let mut lines = RecordLines::default();
            let end = table.play_one(seed, &mut lines).unwrap();
            let rec = crate::columns::record::Record::parse(&lines.0).unwrap();
            let setup = rec.setup(&Default::default()).unwrap();
            let replayed = crate::columns::record::play(&rec, &setup.rules).unwrap();
            assert_eq!(replayed.game, end, "seed {seed}");
            assert!(end.finished());
        }
    }
}
