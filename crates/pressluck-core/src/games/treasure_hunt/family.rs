//! Treasure Hunt as a tournament family: its policies ([`crate::games::treasure_hunt::policy`]) and
//! its game loop ([`crate::games::treasure_hunt::play`]), game `i` with its own generator and seating.

use crate::counters::MatchupStats;
use crate::engine::deal::{game_streams, generator, seating};
use crate::games::family::{one_a_seat, Family, PlayedOut, SEAT_ORDER};
use crate::games::matchup::{Matchup, Named};
use crate::games::treasure_hunt::play::{play_from, play_game};
use crate::games::treasure_hunt::policy::{ThSpec, DEFAULT_TREASURE_POLICIES};
use crate::games::treasure_hunt::rules::GAME_NAME;
use crate::games::treasure_hunt::state::{State, NONE};
use crate::games::treasure_hunt::{Deck, ThRules};
use crate::identity::Identity;
use rand_xoshiro::Xoshiro256PlusPlus;

impl Named for ThSpec {
    fn name(&self) -> &str {
        &self.name
    }

    fn rename(&mut self, name: &str) {
        self.name = name.to_string();
    }

    fn definition(&self) -> String {
        self.spec_text()
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

impl TreasureFamily {
    /// The run identity of the rules and deck ([`crate::identity`]): the seats, every rule
    /// setting, then the deck's cards in deck order (card ids follow it), each as its code
    /// (`r3A`).
    pub fn identity(&self) -> String {
        let r = &self.rules;
        Identity::of_game(GAME_NAME)
            .field("players", r.players)
            .field("hand-size", r.hand_size)
            .field("dice", r.dice)
            .field("target", r.target)
            .field("row-limit", r.row_limit)
            .flag("row-limit-steals", r.row_limit_steals)
            .field("rounds", r.rounds)
            .field("turn-cap", r.turn_cap)
            .flag("solo-far", r.solo_far)
            .list("deck", &self.deck.cards)
            .text()
    }
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

    fn identity(&self) -> String {
        self.identity()
    }

    fn parse_spec(&self, text: &str) -> Result<ThSpec, String> {
        ThSpec::parse(text)
    }

    fn play(&self, m: &Matchup<ThSpec>, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        let n = self.rules.players as usize;
        let mut stats = MatchupStats::default();
        for i in lo..hi {
            let mut rng = generator(game_streams(seed, key, i).dice);
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
