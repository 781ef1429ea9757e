//! How a column race is played: the scalar engine (`play`: the readable reference, with the
//! turn's shape and vector ranking for policies that choose by it) and the AVX2 lanes
//! (`lanes`: sixteen 2-player games at a time), one of them per matchup ([`Engine`]). The
//! Great Races' loop is its game's own ([`crate::games::great_races`]). Both engines play
//! every game with its own dice (`deal`), so their counters are the same, byte for byte;
//! tests play them side by side.

pub(crate) mod bust_check;
pub(crate) mod cpu;
pub(crate) mod deal;
pub(crate) mod dice_source;
pub(crate) mod lanes;
pub(crate) mod play;
pub(crate) mod player;
pub(crate) mod rank;
pub(crate) mod shape;
pub use bust_check::sample_busts;
pub use cpu::{Avx2, EngineRequest};
pub use deal::GameStreams;
pub use deal::{game_streams, generator};
pub use dice_source::DiceSource;
pub use dice_source::RngDice;
pub use lanes::{play_games, LanePlan};
pub use play::{play_from, ColumnPosition};
pub use play::{play_game, play_scalar, Player};
pub use rank::{best_place, RankInput, RankRow, RANK_ROWS};
pub use shape::TurnShape;

use crate::columns::Rules;
use crate::counters::MatchupStats;
use crate::policy::AnyPolicy;

/// The engine that plays a matchup: chosen once, from the rules, the policies and the CPU.
#[derive(Clone, Debug)]
pub enum Engine {
    /// The AVX2 lanes, which play this matchup (boxed: a plan holds the Rule of N's weights).
    Lanes(Box<LanePlan>),
    /// The scalar engine, with the AVX2 token where the CPU has it (vector ranking).
    Scalar {
        /// The policies, slot by slot.
        policies: Vec<AnyPolicy>,
        /// The proof that this CPU runs AVX2, unless it has none or `PRESSLUCK_ENGINE=scalar`.
        avx2: Option<Avx2>,
    },
}

impl Engine {
    /// The engine for `policies` (slot order) under `rules`, as `request` asks: the lanes
    /// where they play the matchup on this CPU, else the scalar engine.
    pub fn new(rules: &Rules, policies: Vec<AnyPolicy>, request: EngineRequest) -> Engine {
        let avx2 = Avx2::for_request(request);
        match avx2.and_then(|t| LanePlan::new(t, rules, &policies)) {
            Some(plan) => Engine::Lanes(Box::new(plan)),
            None => Engine::Scalar { policies, avx2 },
        }
    }

    /// Plays games `lo..hi` of the matchup whose name's key is `key` and returns their
    /// counters.
    pub fn play(&self, rules: &Rules, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        match self {
            Engine::Lanes(plan) => {
                let mut stats = MatchupStats::default();
                lanes::play_games(rules, plan, seed, key, lo, hi, &mut stats);
                stats
            }
            Engine::Scalar { policies, avx2 } => {
                play::play_scalar(rules, policies, *avx2, seed, key, lo, hi)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::GameKind;
    use crate::policy::PolicySpec;

    #[test]
    fn the_engine_is_the_one_the_request_asks_for() {
        let rules = Rules::new(GameKind::CantStop, 2);
        let policies = || vec![PolicySpec::parse("fixed-risk:0.3").unwrap().build(&rules); 2];
        let scalar = Engine::new(&rules, policies(), EngineRequest::Scalar);
        assert!(matches!(scalar, Engine::Scalar { avx2: None, .. }));
        let auto = Engine::new(&rules, policies(), EngineRequest::Auto);
        assert_eq!(matches!(auto, Engine::Lanes(_)), Avx2::cpu().is_some());
        assert_eq!(
            scalar.play(&rules, 7, 1, 0, 300),
            auto.play(&rules, 7, 1, 0, 300),
            "the same games on either engine"
        );
    }
}
