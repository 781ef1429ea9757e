//! A position set up by hand, for advice without a game record: the cubes on the board, the
//! columns already won, and the cars of the turn in hand, each checked against the rules.

use super::game::Game;
use super::rules::{GameKind, Rules};
use super::set::{MAX_COLUMN, MIN_COLUMN};

/// A position as a player at the table describes it. Players are numbered from 0 here.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionSpec {
    /// The player to move.
    pub to_move: u8,
    /// Cubes: (player, column, space).
    pub cubes: Vec<(u8, u8, u8)>,
    /// Columns won: (player, column), in the order they were won. A win places the cubes as a
    /// stop would (Route 66: second place from the cubes in the column at that moment).
    pub claimed: Vec<(u8, u8)>,
    /// The cars of the player to move: (column, space).
    pub cars: Vec<(u8, u8)>,
    /// Successful rolls so far this turn (default: the fewest that make the cars' steps, two a
    /// roll; fewer is an error).
    pub rolls: Option<u16>,
}

/// The game at the position `spec` under `rules`, or why the rules forbid it. Errors say
/// players from 1. The Great Races has no cars: its turn is one roll.
pub fn set_up(rules: &Rules, spec: &PositionSpec) -> Result<Game, String> {
    if !rules.has_turns_of_many_rolls() && (!spec.cars.is_empty() || spec.rolls.is_some()) {
        return Err(format!(
            "{} has no cars and no rolls so far: a turn is one roll",
            rules.game
        ));
    }
    let n = rules.players;
    let player = |p: u8| -> Result<u8, String> {
        if p < n {
            Ok(p)
        } else {
            Err(format!("player {} is not at a table of {n}", p as u32 + 1))
        }
    };
    let column = |c: u8| -> Result<u8, String> {
        if (MIN_COLUMN..=MAX_COLUMN).contains(&c) {
            Ok(c)
        } else {
            Err(format!("column {c} is not in 2..12"))
        }
    };
    let mut g = Game::new();
    g.to_move = player(spec.to_move)?;
    for &(p, c, s) in &spec.cubes {
        let (p, c) = (player(p)?, column(c)?);
        let len = rules.layout.len(c);
        if g.board.cube(p, c) != 0 {
            return Err(format!("player {} has two cubes in column {c}", p + 1));
        }
        if s == 0 || s >= len {
            return Err(format!(
                "a cube on {c}@{s}: column {c} has spaces 1 to {} below its top (a cube on the top won it: say so as a column won)",
                len - 1
            ));
        }
        if rules.jump {
            if let Some(q) = (0..n).find(|&q| g.board.cube(q, c) == s) {
                return Err(format!(
                    "players {} and {} both have a cube on {c}@{s}; cubes do not share spaces in this game",
                    q + 1,
                    p + 1
                ));
            }
        }
        g.board.set_cube(p, c, s);
    }
    for &(p, c) in &spec.claimed {
        let (p, c) = (player(p)?, column(c)?);
        if g.board.closed.has(c) {
            return Err(format!("column {c} is won twice"));
        }
        g.win_column(rules, p, c);
        let over = match rules.game {
            GameKind::CantStop => g.board.won[p as usize] >= rules.columns_to_win,
            _ => g.board.closed.len() >= rules.columns_to_end as u32,
        };
        if over {
            return Err(format!(
                "with column {c} won the game is over; advice is for a game still on"
            ));
        }
    }
    let p = g.to_move;
    if spec.cars.len() > rules.cars as usize {
        return Err(format!(
            "{} cars, but a turn has {}",
            spec.cars.len(),
            rules.cars
        ));
    }
    for &(c, s) in &spec.cars {
        let c = column(c)?;
        let len = rules.layout.len(c);
        if g.board.closed.has(c) {
            return Err(format!("a car on {c}@{s}: column {c} is won"));
        }
        if g.turn.cars.has(c) {
            return Err(format!("two cars in column {c}"));
        }
        let cube = g.board.cube(p, c);
        if s <= cube || s > len {
            return Err(format!(
                "a car on {c}@{s}: it stands above player {}'s cube (space {cube}) and at most on the top ({len})",
                p + 1
            ));
        }
        while !g.turn.cars.has(c) || g.turn.car(c) < s {
            g.turn.advance(rules, &g.board, p, c);
        }
        if g.turn.car(c) != s {
            return Err(format!(
                "a car on {c}@{s}: a car jumps the other cubes, so it cannot stand on space {s}"
            ));
        }
    }
    // A roll moves the cars two steps at most (two sums, or one column twice with a double).
    let steps: u32 = g.turn.cars.iter().map(|c| g.turn.steps_in(c)).sum();
    let least = steps.div_ceil(2) as u16;
    g.turn.rolls = match spec.rolls {
        None => least,
        Some(r) if r < least => {
            let cars: Vec<String> = spec.cars.iter().map(|(c, s)| format!("{c}@{s}")).collect();
            use crate::numbers::count;
            return Err(format!(
                "{} cannot bring cars to {}: that is {}, and a roll makes at most 2, so at \
                 least {}",
                count(r.into(), "successful roll", "successful rolls"),
                cars.join(","),
                count(steps.into(), "step", "steps"),
                count(least.into(), "roll", "rolls")
            ));
        }
        Some(r) => r,
    };
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::Rules;

    #[test]
    fn a_cant_stop_position_is_the_one_play_reaches() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let g = set_up(
            &rules,
            &PositionSpec {
                to_move: 0,
                cubes: vec![(0, 7, 3), (1, 7, 5), (1, 6, 2)],
                claimed: vec![(1, 2)],
                cars: vec![(7, 6), (4, 1)],
                rolls: Some(3),
            },
        )
        .unwrap();
        assert_eq!(g.board.cube(0, 7), 3);
        assert_eq!(
            (g.turn.car(7), g.turn.car(4), g.turn.steps_in(7)),
            (6, 1, 3)
        );
        assert!(g.board.closed.has(2) && g.board.won[1] == 1 && g.board.scores[1] == 1);
        assert_eq!(g.turn.rolls, 3);
        assert!(!g.finished());
    }

    #[test]
    fn route66_second_place_comes_from_the_cubes_and_jumps_are_kept() {
        let rules = Rules::new(GameKind::Route66, 2);
        let g = set_up(
            &rules,
            &PositionSpec {
                cubes: vec![(1, 5, 4)],
                claimed: vec![(0, 5)],
                ..PositionSpec::default()
            },
        )
        .unwrap();
        assert_eq!(g.board.first[5], 0);
        assert_eq!(g.board.second[5], 1);
        let jumped = PositionSpec {
            cubes: vec![(1, 7, 2)],
            cars: vec![(7, 2)],
            ..PositionSpec::default()
        };
        assert!(set_up(&rules, &jumped).unwrap_err().contains("jumps"));
    }

    #[test]
    fn the_rolls_default_to_the_fewest_that_make_the_cars_steps() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let cars = vec![(4, 5), (7, 6), (10, 5)];
        let spec = PositionSpec {
            cars: cars.clone(),
            ..PositionSpec::default()
        };
        assert_eq!(set_up(&rules, &spec).unwrap().turn.rolls, 8);
        let one = PositionSpec {
            rolls: Some(1),
            ..spec.clone()
        };
        let e = set_up(&rules, &one).unwrap_err();
        assert!(e.contains("16 steps") && e.contains("at least 8"), "{e}");
        let more = PositionSpec {
            rolls: Some(11),
            ..spec
        };
        assert_eq!(set_up(&rules, &more).unwrap().turn.rolls, 11);
        // Above a cube, a car's steps start from it.
        let above = PositionSpec {
            cubes: vec![(0, 7, 4)],
            cars: vec![(7, 5)],
            ..PositionSpec::default()
        };
        assert_eq!(set_up(&rules, &above).unwrap().turn.rolls, 1);
        assert_eq!(
            set_up(&rules, &PositionSpec::default()).unwrap().turn.rolls,
            0
        );
    }

    #[test]
    fn a_great_races_position_shares_spaces_hands_out_second_place_and_has_no_cars() {
        let rules = Rules::new(GameKind::GreatRaces, 2);
        let g = set_up(
            &rules,
            &PositionSpec {
                to_move: 1,
                cubes: vec![(0, 5, 3), (1, 5, 3), (1, 7, 4)],
                claimed: vec![(0, 7)],
                ..PositionSpec::default()
            },
        )
        .unwrap();
        assert_eq!((g.board.cube(0, 5), g.board.cube(1, 5)), (3, 3));
        // Track 7 (6 spaces) won by player 1; player 2's marker on a shaded space takes second
        // and moves below the top.
        assert_eq!((g.board.first[7], g.board.second[7]), (0, 1));
        assert_eq!(g.board.cube(1, 7), 5);
        assert_eq!(g.turn.rolls, 0);
        for spec in [
            PositionSpec {
                cars: vec![(7, 2)],
                ..PositionSpec::default()
            },
            PositionSpec {
                rolls: Some(1),
                ..PositionSpec::default()
            },
        ] {
            let e = set_up(&rules, &spec).unwrap_err();
            assert!(e.contains("a turn is one roll"), "{e}");
        }
    }

    #[test]
    fn impossible_positions_say_why() {
        let rules = Rules::new(GameKind::CantStop, 2);
        for (spec, why) in [
            (
                PositionSpec {
                    to_move: 2,
                    ..PositionSpec::default()
                },
                "player 3",
            ),
            (
                PositionSpec {
                    cubes: vec![(0, 13, 1)],
                    ..PositionSpec::default()
                },
                "column 13",
            ),
            (
                PositionSpec {
                    cubes: vec![(0, 2, 3)],
                    ..PositionSpec::default()
                },
                "below its top",
            ),
            (
                PositionSpec {
                    claimed: vec![(0, 2), (1, 2)],
                    ..PositionSpec::default()
                },
                "won twice",
            ),
            (
                PositionSpec {
                    claimed: vec![(0, 2), (0, 3), (0, 4)],
                    ..PositionSpec::default()
                },
                "over",
            ),
            (
                PositionSpec {
                    cars: vec![(2, 1), (3, 1), (4, 1), (5, 1)],
                    ..PositionSpec::default()
                },
                "a turn has 3",
            ),
            (
                PositionSpec {
                    cubes: vec![(0, 7, 4)],
                    cars: vec![(7, 4)],
                    ..PositionSpec::default()
                },
                "above player 1's cube",
            ),
            (
                PositionSpec {
                    claimed: vec![(1, 6)],
                    cars: vec![(6, 1)],
                    ..PositionSpec::default()
                },
                "is won",
            ),
        ] {
            let e = set_up(&rules, &spec).unwrap_err();
            assert!(e.contains(why), "{spec:?}: {e}");
        }
    }
}
