//! The Monte Carlo check of the exact bust table: the state is built in the engine and rolls
//! are drawn and offered to the legal-choice generator, a path independent of the table.

use super::deal::{game_streams, generator, name_key};
use crate::columns::{ColumnSet, Game, GameKind, Rules};
use crate::dice;

/// Rolls out of `n` that bust with cars on `cars` (one step up each), `free` cars left and
/// `blocked` columns closed, drawn from the dice stream of game 0 keyed by (seed, the state).
pub fn sample_busts(cars: ColumnSet, free: u8, blocked: ColumnSet, n: u64, seed: u64) -> u64 {
    let mut rules = Rules::new(GameKind::CantStop, 1);
    rules.cars = cars.len() as u8 + free;
    let mut game = Game::new();
    game.board.closed = blocked - cars;
    for c in cars {
        game.turn.advance(&rules, &game.board.clone(), 0, c);
    }
    let key = name_key(&format!("{cars}/{free}/{blocked}"));
    let mut rng = generator(game_streams(seed, key, 0).dice);
    (0..n)
        .filter(|_| game.choices(&rules, dice::sample(&mut rng)).is_empty())
        .count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::bust::bust_rolls;
    use crate::columns::odds::set_table;
    use crate::counters::wilson999;

    #[test]
    fn the_exact_value_lies_inside_the_monte_carlo_interval() {
        let blocked = ColumnSet::of(&[2]);
        for row in set_table(blocked, 2).iter().step_by(7) {
            let k = sample_busts(row.cars, row.free_cars, blocked, 20_000, 5);
            let (lo, hi) = wilson999(k, 20_000);
            let exact = bust_rolls(row.usable) as f64 / 1296.0;
            assert!(
                lo <= exact && exact <= hi,
                "{:?}: {k}/20000 vs {exact}",
                row
            );
        }
    }
}
