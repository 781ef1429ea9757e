//! Treasure Hunt as a tournament family: its policies ([`crate::games::treasure_hunt::policy`]) and
//! its game loop ([`crate::games::treasure_hunt::play`]), game `i` with its own generator and seating.

use crate::counters::MatchupStats;
use crate::engine::deal::{game_streams, generator, seating};
use crate::games::family::Family;
use crate::games::matchup::{Matchup, Named};
use crate::games::treasure_hunt::play::play_game;
use crate::games::treasure_hunt::policy::{ThSpec, DEFAULT_TREASURE_POLICIES};
use crate::games::treasure_hunt::rules::GAME_NAME;
use crate::games::treasure_hunt::{Deck, ThRules};
use crate::identity::Identity;

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
}
