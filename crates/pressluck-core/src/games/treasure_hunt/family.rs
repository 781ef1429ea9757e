//! Treasure Hunt as a tournament family: its policies ([`crate::games::treasure_hunt::policy`]) and
//! its game loop ([`crate::games::treasure_hunt::play`]), game `i` with its own generator and seating.

use crate::counters::MatchupStats;
use crate::engine::deal::{game_rngs, seating};
use crate::games::family::{fingerprint_of, one_a_seat, Family, PlayedOut, SEAT_ORDER};
use crate::games::treasure_hunt::play::{play_from, play_game};
use crate::games::treasure_hunt::policy::{ThSpec, DEFAULT_TREASURE_POLICIES};
use crate::games::treasure_hunt::state::{State, NONE};
use crate::games::treasure_hunt::GAME_NAME;
use crate::games::treasure_hunt::{Deck, ThRules};
use crate::sim::schedule::{Matchup, Named};
use rand_xoshiro::Xoshiro256PlusPlus;

impl Named for ThSpec {
    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: &str) {
        self.name = name.to_string();
    }
}

/// Treasure Hunt with its rules and deck fixed.
#[derive(Clone, Debug)]
pub struct TreasureFamily {
    /// The rules.
    pub rules: ThRules,
    /// The deck.
    pub deck: Deck,
}

impl Family for TreasureFamily {
    type Spec = ThSpec;

    fn game_name(&self) -> String {
        GAME_NAME.into()
    }

    fn players(&self) -> u8 {
        self.rules.players
    }

    fn default_policies(&self) -> &'static str {
        DEFAULT_TREASURE_POLICIES
    }

    fn fingerprint(&self) -> String {
        fingerprint_of(&(&self.rules, &self.deck))
    }

    fn parse_spec(&self, text: &str) -> Result<ThSpec, String> {
        ThSpec::parse(text)
    }

    fn play(&self, m: &Matchup<ThSpec>, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        let n = self.rules.players as usize;
        let mut stats = MatchupStats::default();
        for i in lo..hi {
            let (mut rng, _) = game_rngs(seed, key, i);
            let seats = seating(i, n);
            play_game(
                self.rules,
                &self.deck,
                &m.slots,
                &seats[..n],
                &mut rng,
                &mut stats,
            );
        }
        stats
    }

    /// The state, the tiles and the draw pile as it holds them: a game played on from it
    /// knows the face-down tiles and the pile's order.
    type Position = State;
    type Seats = TreasureSeats;

    fn seats(&self, specs: &[ThSpec]) -> Result<TreasureSeats, String> {
        Ok(TreasureSeats {
            specs: one_a_seat(specs, self.rules.players)?,
            stats: Box::default(),
        })
    }

    fn to_move(&self, position: &State) -> Option<u8> {
        (!position.finished).then_some(position.current)
    }

    fn turns_taken(&self, position: &State, seat: u8) -> u32 {
        position.players[seat as usize & 3].turns
    }

    fn play_out(
        &self,
        seats: &mut TreasureSeats,
        position: &State,
        dice: Xoshiro256PlusPlus,
        _rng: Xoshiro256PlusPlus,
    ) -> PlayedOut {
        let n = self.rules.players as usize;
        let mut chance = dice;
        let end = play_from(
            *position,
            &seats.specs,
            &SEAT_ORDER[..n],
            &mut chance,
            &mut seats.stats,
        );
        let mut turns = [0; 4];
        for (t, p) in turns.iter_mut().zip(&end.players) {
            *t = p.turns;
        }
        PlayedOut {
            winner: (end.winner != NONE).then_some(end.winner),
            turns,
        }
    }
}

/// Treasure Hunt's seats for games played on from a position: a policy a seat and the counters
/// their games go into, unread.
#[derive(Clone, Debug)]
pub struct TreasureSeats {
    specs: Vec<ThSpec>,
    stats: Box<MatchupStats>,
}
