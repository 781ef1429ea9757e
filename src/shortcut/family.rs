//! Shortcut as a tournament family: its policy specs and its matchups, played over the shared
//! chunked runner so that game `i` depends only on (seed, matchup, i).

use super::engine::{play_game, RngD6};
use super::policy::{Kind, Policy, ShortcutSpec};
use super::{Setup, GAME_NAME};
use crate::sim::dice_source::name_key;
use crate::sim::family::Family;
use crate::sim::runner::{game_rngs, run_games};
use crate::sim::schedule::{seating, Matchup};
use crate::sim::stats::MatchupStats;

/// The Shortcut family with its board and seats fixed.
#[derive(Clone, Debug)]
pub struct ShortcutFamily(pub Setup);

impl Family for ShortcutFamily {
    type Spec = ShortcutSpec;

    fn game_name(&self) -> String {
        GAME_NAME.to_string()
    }

    fn players(&self) -> u8 {
        self.0.players
    }

    fn default_policies(&self) -> &'static str {
        "optimal,threshold:3,main-road,press:1"
    }

    fn fingerprint(&self) -> String {
        crate::sim::family::fingerprint_of(&self.0)
    }

    /// Parses a spec; `optimal` solves the board here (once per setup), so a board whose value
    /// iteration fails is reported before any game is played.
    fn parse_spec(&self, text: &str) -> Result<ShortcutSpec, String> {
        let spec = ShortcutSpec::parse(text)?;
        if spec.kind == Kind::Optimal {
            self.0.solution().map_err(|e| format!("optimal: {e}"))?;
        }
        Ok(spec)
    }

    fn run_matchup(
        &self,
        m: &Matchup<ShortcutSpec>,
        seed: u64,
        first: u64,
        count: u64,
        progress: &(dyn Fn(u64) + Sync),
    ) -> MatchupStats {
        let key = name_key(&m.name());
        let setup = &self.0;
        let policies: Vec<Policy> = m
            .slots
            .iter()
            .map(|s| {
                Policy::build(s, || {
                    setup
                        .solution()
                        .expect("an optimal spec is solved when it is parsed")
                })
            })
            .collect();
        let players = setup.players as usize;
        run_games(
            first,
            count,
            progress,
            || (),
            |_, i, stats| {
                let (dice, _) = game_rngs(seed, key, i);
                let seats = seating(i, players);
                play_game(
                    &setup.board,
                    setup.players,
                    &policies,
                    &seats[..players],
                    &mut RngD6(dice),
                    stats,
                );
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shortcut::Board;

    #[test]
    fn same_answer_on_one_thread_or_many_and_split_or_whole() {
        let fam = ShortcutFamily(Setup::new(Board::default_board(), 2));
        let m = Matchup {
            slots: vec![
                fam.parse_spec("optimal").unwrap(),
                fam.parse_spec("threshold:6").unwrap(),
            ],
        };
        let whole = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| fam.run_matchup(&m, 3, 0, 5000, &|_| {}))
        };
        let one = whole(1);
        assert_eq!(one, whole(2));
        let mut split = fam.run_matchup(&m, 3, 0, 1234, &|_| {});
        split += &fam.run_matchup(&m, 3, 1234, 5000 - 1234, &|_| {});
        assert_eq!(one, split);
        assert_eq!(one.slot_total(0).games + one.slot_total(1).games, 10_000);
        assert_eq!(one.slot_total(0).wins + one.slot_total(1).wins, 5000);
    }
}
