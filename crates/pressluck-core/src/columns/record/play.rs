//! Driving the engine through a record, one action at a time, checking each against the rules.

use super::parse::{dice_text, Action, Entry, Record};
use crate::columns::{Choice, ChoiceList, Game, GameKind, Rules};
use crate::dice::Roll;

/// What an action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A roll with legal uses: it now awaits its `use`.
    Rolled,
    /// A roll with no legal use: the turn's progress is lost and play passed on.
    Bust,
    /// The Great Races: a roll with no open track among its sums; play passed on.
    Passed,
    /// A use was applied (in The Great Races this ends the turn).
    Used,
    /// A voluntary stop: progress kept, play passed on (or the game ended).
    Stopped,
}

/// The decision the player to move faces.
// One value at a time is built per replayed line, never stored in bulk: boxing the list would
// only cost `Copy`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The game is over.
    Over,
    /// A roll awaits its use: pick one of these.
    Use(Roll, ChoiceList),
    /// The turn starts: roll.
    Roll,
    /// After a successful roll: roll again or stop.
    RollOrStop,
}

/// A game replayed so far: the engine state plus the roll awaiting its use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Replay {
    /// The game.
    pub game: Game,
    /// The roll awaiting its use, its legal uses and the line it was on.
    pub pending: Option<(Roll, ChoiceList, usize)>,
    /// Rolls that busted (or passed) so far.
    pub busts: u32,
    /// The last line applied (0 before any).
    pub last_line: usize,
}

impl Replay {
    /// A fresh game, nothing rolled.
    pub fn new() -> Replay {
        Replay::default()
    }

    /// The decision the player to move faces now.
    pub fn decision(&self, rules: &Rules) -> Decision {
        if self.game.finished() {
            Decision::Over
        } else if let Some((roll, list, _)) = self.pending {
            Decision::Use(roll, list)
        } else if rules.has_turns_of_many_rolls() && self.game.turn.rolls > 0 {
            Decision::RollOrStop
        } else {
            Decision::Roll
        }
    }

    /// Applies one action, or says (naming the line) why it is not legal here.
    pub fn step(&mut self, rules: &Rules, entry: &Entry) -> Result<Event, String> {
        let event = self
            .apply(rules, entry.action, entry.line)
            .map_err(|msg| entry.error(msg))?;
        self.last_line = entry.line;
        Ok(event)
    }

    /// Applies the action of line `line`; the error is the bare reason.
    fn apply(&mut self, rules: &Rules, action: Action, line: usize) -> Result<Event, String> {
        if let Some(w) = self.game.winner {
            return Err(format!("the game is over (player {} won)", w + 1));
        }
        let pending = self.pending;
        match (action, pending) {
            (Action::Roll(_), Some((roll, list, at))) => Err(format!(
                "the roll {} of line {at} still awaits its use (legal: {})",
                dice_text(roll),
                legal_text(&list)
            )),
            (Action::Roll(roll), None) => {
                let list = self.game.choices(rules, roll);
                if !list.is_empty() {
                    self.pending = Some((roll, list, line));
                    return Ok(Event::Rolled);
                }
                self.busts += 1;
                if rules.game == GameKind::GreatRaces {
                    self.game.pass(rules);
                    Ok(Event::Passed)
                } else {
                    self.game.bust(rules);
                    Ok(Event::Bust)
                }
            }
            (Action::Use(_), None) => Err("no roll awaits a use (roll first)".into()),
            (Action::Use(choice), Some((roll, list, _))) => {
                if !list.as_slice().contains(&choice) {
                    return Err(illegal_use(roll, &list, choice));
                }
                self.pending = None;
                self.game.apply(rules, choice);
                Ok(Event::Used)
            }
            (Action::Stop, _) if !rules.has_turns_of_many_rolls() => {
                Err("The Great Races has no stop: each turn is one roll and its use".into())
            }
            (Action::Stop, Some((roll, list, _))) => Err(format!(
                "the roll {} still awaits its use (legal: {})",
                dice_text(roll),
                legal_text(&list)
            )),
            (Action::Stop, None) if self.game.turn.rolls == 0 => {
                Err("nothing to keep: a stop comes after a roll and its use in this turn".into())
            }
            (Action::Stop, None) => {
                self.game.stop(rules);
                Ok(Event::Stopped)
            }
        }
    }
}

/// Legal uses joined for a message: `2 11, 6 7`.
pub fn legal_text(list: &ChoiceList) -> String {
    let all: Vec<String> = list.as_slice().iter().map(Choice::to_string).collect();
    all.join(", ")
}

/// Why `choice` is not a legal use of `roll`, with a hint when it drops a step it must take.
fn illegal_use(roll: Roll, list: &ChoiceList, choice: Choice) -> String {
    let mut msg = format!(
        "not a legal use of roll {} (legal: {})",
        dice_text(roll),
        legal_text(list)
    );
    if choice.second == 0
        && list
            .as_slice()
            .iter()
            .any(|c| c.second != 0 && c.columns().has(choice.first))
    {
        msg.push_str("; both pairs must be used when both can be");
    }
    msg
}

/// Plays every action of a record from a fresh game; the error names the first bad line.
pub fn play(record: &Record, rules: &Rules) -> Result<Replay, String> {
    let mut replay = Replay::new();
    for entry in &record.actions {
        replay.step(rules, entry)?;
    }
    Ok(replay)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::{Edition, Variant};

    fn run(text: &str, rules: &Rules) -> Result<Replay, String> {
        play(&Record::parse(text)?, rules)
    }

    #[test]
    fn anna_second_roll_after_option_c() {
        let rules = Rules::route66(Edition::En, 2);
        let r = run("roll 2 3 4 5\nuse 7 7\nroll 1 1 5 6\n", &rules).unwrap();
        assert_eq!(r.game.turn.car(7), 2);
        let Decision::Use(roll, list) = r.decision(&rules) else {
            panic!("no pending roll")
        };
        assert_eq!(roll, Roll([1, 1, 5, 6]));
        assert_eq!(legal_text(&list), "2 11, 6 7");
        let e = run(
            "roll 2 3 4 5\nuse 7 7\nroll 1 1 5 6\n\n\n# try\nuse 9 5\n",
            &rules,
        )
        .unwrap_err();
        assert_eq!(
            e,
            "line 7: use 5 9: not a legal use of roll 1 1 5 6 (legal: 2 11, 6 7)"
        );
    }

    #[test]
    fn order_of_actions_is_checked() {
        let rules = Rules::route66(Edition::En, 2);
        let cases = [
            ("use 5 9", "line 1: use 5 9: no roll awaits a use (roll first)"),
            ("stop", "line 1: stop: nothing to keep"),
            ("roll 2 3 4 5\nroll 2 3 4 5", "line 2: roll 2 3 4 5: the roll 2 3 4 5 of line 1 still awaits its use (legal: 5 9, 6 8, 7 7)"),
            ("roll 2 3 4 5\nstop", "line 2: stop: the roll 2 3 4 5 still awaits its use"),
            ("roll 2 3 4 5\nuse 7", "line 2: use 7: not a legal use of roll 2 3 4 5 (legal: 5 9, 6 8, 7 7); both pairs must be used"),
            ("roll 2 3 4 5\nuse 5", "both pairs must be used when both can be"),
        ];
        for (text, want) in cases {
            let e = run(text, &rules).unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }

    #[test]
    fn bust_passes_the_turn_and_decisions_follow() {
        let rules = Rules::route66(Edition::En, 2);
        let r = run("roll 2 3 4 5\nuse 5 9\nroll 1 1 5 6\nuse 2\n", &rules).unwrap();
        assert_eq!(r.decision(&rules), Decision::RollOrStop);
        let mut r2 = r;
        let bust = Record::parse("roll 3 3 4 4").unwrap().actions[0];
        assert_eq!(r2.step(&rules, &bust), Ok(Event::Bust));
        assert_eq!(
            (r2.game.to_move, r2.busts, r2.game.board.cube(0, 5)),
            (1, 1, 0)
        );
        assert_eq!(r2.decision(&rules), Decision::Roll);
    }

    #[test]
    fn great_races_has_no_stop_and_passes() {
        let mut rules = Rules::new(GameKind::GreatRaces, 2);
        let r = run("roll 2 3 4 5\nuse 6 8\n", &rules).unwrap();
        assert_eq!(
            (r.game.to_move, r.game.board.cube(0, 6), r.decision(&rules)),
            (1, 1, Decision::Roll)
        );
        let e = run("roll 2 3 4 5\nuse 6 8\nstop", &rules).unwrap_err();
        assert!(
            e.starts_with("line 3: stop: The Great Races has no stop"),
            "{e}"
        );
        assert!(rules.apply_variant(Variant::Jump).is_err());
    }
}
