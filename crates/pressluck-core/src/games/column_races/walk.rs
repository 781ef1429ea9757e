//! A column-race record (Route 66, Can't Stop, The Great Races) read as the decisions and rolls
//! a review plays out ([`record_walk`]).

use super::options::after_use;
use crate::columns::record::{dice_text, Action, Decision, Record, Replay};
use crate::columns::{Game, Rules};
use crate::games::decision::{Walk, WalkStep};

/// The decisions and rolls of `record` under `rules`, in order, each position made by
/// `at(game, decide_first)` (`decide_first`: the player to move decides to roll on or stop
/// before rolling). A decision is a roll-or-stop, or a roll with two legal uses or more; each
/// roll's luck is read from the position about to roll and the positions its uses lead to
/// (the next turn's start after a bust or a pass). The error names the record's bad line.
pub fn record_walk<P>(
    rules: &Rules,
    record: &Record,
    at: impl Fn(Game, bool) -> P,
) -> Result<Walk<P>, String> {
    let mut walk = Walk::default();
    let mut replay = Replay::new();
    // The positions of the uses of the roll awaiting its use, when it has two or more.
    let mut uses: Vec<usize> = Vec::new();
    // The position the last action left, when it is the next turn's start (after a stop, a bust
    // or a pass): the next roll's position before, not added twice.
    let mut carried: Option<usize> = None;
    for entry in &record.actions {
        let carry = carried.take();
        let game = replay.game;
        let (line, seat) = (entry.line, game.to_move);
        let decision = replay.decision(rules);
        replay.step(rules, entry)?;
        let before = match (decision, entry.action) {
            (Decision::RollOrStop, action) => {
                let mut stopped = game;
                stopped.stop(rules);
                let roll = walk.add(at(game, false));
                let stop = walk.add(at(stopped, false));
                walk.steps.push(WalkStep::Decision {
                    line,
                    seat,
                    what: "roll or stop".into(),
                    options: vec![("roll".into(), roll), ("stop".into(), stop)],
                    played: matches!(action, Action::Stop) as usize,
                });
                if matches!(action, Action::Stop) {
                    carried = Some(stop);
                }
                roll
            }
            (Decision::Use(roll, list), Action::Use(choice)) => {
                if list.len() >= 2 {
                    let played = list.as_slice().iter().position(|&c| c == choice);
                    walk.steps.push(WalkStep::Decision {
                        line,
                        seat,
                        what: format!("use of {}", dice_text(roll)),
                        options: (0..list.len())
                            .map(|i| (format!("use {}", list.get(i)), uses[i]))
                            .collect(),
                        played: played.unwrap_or(0),
                    });
                }
                continue;
            }
            _ => carry.unwrap_or_else(|| walk.add(at(game, false))),
        };
        let Action::Roll(roll) = entry.action else {
            continue;
        };
        // The positions the roll left to choose among.
        uses = match replay.pending {
            Some((_, list, _)) => (0..list.len())
                .map(|i| walk.add(at(after_use(rules, &game, &list, i), true)))
                .collect(),
            None => {
                let next = walk.add(at(replay.game, false));
                carried = Some(next);
                vec![next]
            }
        };
        walk.steps.push(WalkStep::Roll {
            line,
            seat,
            dice: dice_text(roll),
            before,
            after: uses.clone(),
        });
    }
    Ok(walk)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::record::Overrides;

    /// Anna's first turn (the Route 66 rulebook's Figs. 2, 3 and 5, as in
    /// `examples/records/anna-turn.rec`).
    const ANNA: &str =
        "game route66\nplayers 2\nroll 2 3 4 5\nuse 5 9\nroll 1 1 5 6\nuse 2\nstop\n";

    #[test]
    fn a_record_reads_as_its_rolls_and_decisions_in_order() {
        let record = Record::parse(ANNA).unwrap();
        let rules = record.setup(&Overrides::default()).unwrap().rules;
        let walk = record_walk(&rules, &record, |g, decide_first| (g, decide_first)).unwrap();
        let kinds: Vec<String> = walk
            .steps
            .iter()
            .map(|s| match s {
                WalkStep::Decision {
                    line,
                    what,
                    options,
                    played,
                    ..
                } => format!("{line} {what}: {} of {}", options[*played].0, options.len()),
                WalkStep::Roll {
                    line, dice, after, ..
                } => format!("{line} roll {dice} -> {}", after.len()),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "3 roll 2 3 4 5 -> 3",
                "4 use of 2 3 4 5: use 5 9 of 3",
                "5 roll or stop: roll of 2",
                "5 roll 1 1 5 6 -> 4",
                "6 use of 1 1 5 6: use 2 of 4",
                "7 roll or stop: stop of 2",
            ]
        );
        // The roll on line 5 is rolled from the position its decision's `roll` leads to, and
        // the use decision's options are the positions the roll before it left.
        let (WalkStep::Decision { options, .. }, WalkStep::Roll { before, after, .. }) =
            (&walk.steps[2], &walk.steps[3])
        else {
            panic!("{:?}", walk.steps)
        };
        assert_eq!(options[0].1, *before);
        let WalkStep::Decision { options, .. } = &walk.steps[4] else {
            panic!()
        };
        let uses: Vec<usize> = options.iter().map(|o| o.1).collect();
        assert_eq!(&uses, after);
        // Positions: every option and the roll's `before` is the player to move's, mid-turn
        // (decide first) exactly after a use.
        assert!(!walk.positions[*before].1);
        assert!(uses.iter().all(|&u| walk.positions[u].1));
    }

    #[test]
    fn a_bust_leaves_one_position_the_next_players_turn() {
        // Can't Stop: 1 1 1 1 pairs only as 2 + 2; after three cars on 3, 4, 5 a roll of
        // sixes (12 and 12) busts.
        let text =
            "game cant-stop\nplayers 2\nroll 1 2 1 3\nuse 3 4\nroll 1 4 6 6\nuse 5\nroll 6 6 6 6\n";
        let record = Record::parse(text).unwrap();
        let rules = record.setup(&Overrides::default()).unwrap().rules;
        let walk = record_walk(&rules, &record, |g, _| g).unwrap();
        let WalkStep::Roll { after, seat, .. } = walk.steps.last().unwrap() else {
            panic!()
        };
        assert_eq!((*seat, after.len()), (0, 1));
        assert_eq!(walk.positions[after[0]].to_move, 1);
    }

    #[test]
    fn the_next_turn_starts_from_the_position_a_stop_or_a_bust_left() {
        // Player 1 stops; player 2 rolls and busts; player 1 rolls again.
        let text = "game cant-stop\nplayers 2\nroll 1 2 1 3\nuse 3 4\nstop\nroll 1 2 1 3\nuse 3 4\nroll 1 4 6 6\nuse 5\nroll 6 6 6 6\nroll 1 1 1 1\n";
        let record = Record::parse(text).unwrap();
        let rules = record.setup(&Overrides::default()).unwrap().rules;
        let walk = record_walk(&rules, &record, |g, d| (g, d)).unwrap();
        let rolls: Vec<(usize, usize, Vec<usize>)> = walk
            .steps
            .iter()
            .filter_map(|s| match s {
                WalkStep::Roll {
                    line,
                    before,
                    after,
                    ..
                } => Some((*line, *before, after.clone())),
                _ => None,
            })
            .collect();
        let stop = walk
            .steps
            .iter()
            .find_map(|s| match s {
                WalkStep::Decision {
                    line: 5, options, ..
                } => Some(options[1].1),
                _ => None,
            })
            .unwrap();
        // The roll of line 6 starts where the stop of line 5 left the game; the roll of line
        // 11 where the bust of line 10 left it; every position is there once.
        assert_eq!(rolls[1].1, stop);
        let bust = rolls.iter().find(|r| r.0 == 10).unwrap();
        let next = rolls.iter().find(|r| r.0 == 11).unwrap();
        assert_eq!(next.1, bust.2[0]);
        for (i, p) in walk.positions.iter().enumerate() {
            assert_eq!(
                walk.positions.iter().position(|q| q == p),
                Some(i),
                "{i} twice"
            );
        }
    }
}
