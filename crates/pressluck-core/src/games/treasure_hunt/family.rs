//! Treasure Hunt as a tournament family: its policies ([`crate::games::treasure_hunt::policy`]) and
//! its game loop ([`crate::games::treasure_hunt::play`]), game `i` with its own generator and seating.

use crate::counters::MatchupStats;
use crate::engine::deal::{game_streams, generator, seating};
use crate::games::family::{one_a_seat, Family, PlayedOut, SEAT_ORDER};
use crate::games::matchup::{Matchup, Named};
use crate::games::treasure_hunt::deck::Deck;
use crate::games::treasure_hunt::entry::strongest_treasure_player;
use crate::games::treasure_hunt::play::{play_from, play_game};
use crate::games::treasure_hunt::policy::{ThSpec, DEFAULT_TREASURE_POLICIES};
use crate::games::treasure_hunt::position::{deal_unseen, play_pending, Pending, ThPosition};
use crate::games::treasure_hunt::rules::ThRules;
use crate::games::treasure_hunt::rules::GAME_NAME;
use crate::games::treasure_hunt::state::NONE;
use crate::games::treasure_hunt::table::TreasureTable;
use crate::identity::Identity;
use rand_core::RngCore;
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

    fn strongest_player(&self) -> &'static str {
        strongest_treasure_player(&self.rules)
    }

    fn identity(&self) -> String {
        self.identity()
    }

    fn parse_spec(&self, text: &str) -> Result<ThSpec, String> {
        ThSpec::parse(text)
    }

    fn play(&self, m: &Matchup<ThSpec>, seed: u64, key: u64, lo: u64, hi: u64) -> MatchupStats {
        if m.slots.iter().any(|s| s.asked.is_some()) {
            return TreasureTable::new(self.rules, &self.deck, &m.slots).play(seed, key, lo, hi);
        }
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

    /// The state seen by one player (the viewer) with an action perhaps waiting: a game played
    /// on from it deals anew what the viewer cannot see ([`deal_unseen`]) from the rollout's
    /// policy stream, then plays the action waiting, then plays on.
    type Position = ThPosition;
    type Seats = TreasureSeats;

    fn seats(&self, specs: &[ThSpec]) -> Result<TreasureSeats, String> {
        Ok(TreasureSeats {
            specs: one_a_seat(specs, self.rules.players)?,
            stats: Box::default(),
        })
    }

    fn to_move(&self, position: &ThPosition) -> Option<u8> {
        let s = &position.state;
        match position.pending {
            _ if s.finished => None,
            Pending::Nothing => Some(s.current),
            _ => Some(position.viewer),
        }
    }

    fn turns_taken(&self, position: &ThPosition, seat: u8) -> u32 {
        position.state.players[seat as usize & 3].turns
    }

    fn play_out(
        &self,
        seats: &mut TreasureSeats,
        position: &ThPosition,
        dice: Xoshiro256PlusPlus,
        rng: Xoshiro256PlusPlus,
    ) -> PlayedOut {
        let n = self.rules.players as usize;
        let mut state = position.state;
        // The deal draws on the policy stream alone (Treasure Hunt's policies draw nothing),
        // so rollout `i` deals alike for every option of a decision, and the dice stream
        // plays on as a tournament's game would.
        let mut deal = rng;
        deal_unseen(&mut state, position.viewer, &mut deal);
        let mut chance = dice;
        let spec = &seats.specs[position.viewer as usize % seats.specs.len()];
        if seats.specs.iter().any(|s| s.asked.is_some()) {
            return self.play_out_asked(seats, state, position, chance);
        }
        if !state.finished {
            // A waiting action is checked when it is listed; were it refused here, the game
            // would be played on as it stands.
            let played = play_pending(&mut state, position.pending, spec, &mut chance);
            debug_assert!(played.is_ok(), "a listed action was refused: {played:?}");
        }
        let end = play_from(
            state,
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

    fn play_one(
        &self,
        specs: &[ThSpec],
        seed: u64,
        sink: &mut dyn crate::games::asked::TableSink,
    ) -> Result<bool, String> {
        let specs = one_a_seat(specs, self.rules.players)?;
        let table = TreasureTable::new(self.rules, &self.deck, &specs);
        Ok(table.play_one(seed, sink).is_some())
    }
}

impl TreasureFamily {
    /// [`Family::play_out`] from the dealt `state` with an asked seat at the table: the
    /// action waiting (if any) played by the viewer's seat first — an asked viewer is asked
    /// it as the table asks: its cards, its steps — then the table plays on.
    fn play_out_asked(
        &self,
        seats: &mut TreasureSeats,
        state: crate::games::treasure_hunt::state::State,
        position: &ThPosition,
        mut chance: Xoshiro256PlusPlus,
    ) -> PlayedOut {
        let table = TreasureTable::new(self.rules, &self.deck, &seats.specs);
        let seats_seed = chance.clone().next_u64();
        let pending = position.pending;
        match table.play_out(state, pending, &mut chance, &mut seats.stats, seats_seed) {
            Some(end) => PlayedOut {
                winner: (end.winner != NONE).then_some(end.winner),
                turns: turns_of(&end),
            },
            // A seat that could not answer: no winner (the run reports the fault).
            None => PlayedOut {
                winner: None,
                turns: turns_of(&state),
            },
        }
    }
}

/// Each seat's turns in `s`.
fn turns_of(s: &crate::games::treasure_hunt::state::State) -> [u32; 4] {
    let mut turns = [0; 4];
    for (t, p) in turns.iter_mut().zip(&s.players) {
        *t = p.turns;
    }
    turns
}

/// Treasure Hunt's seats for games played on from a position: a policy a seat and the counters
/// their games go into, unread.
#[derive(Clone, Debug)]
pub struct TreasureSeats {
    specs: Vec<ThSpec>,
    stats: Box<MatchupStats>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::generator;
    use crate::games::decision::Options;
    use crate::games::treasure_hunt::deck::Card;
    use crate::games::treasure_hunt::grid::CELLS;
    use crate::games::treasure_hunt::options::treasure_options;
    use crate::games::treasure_hunt::play::{deal, RngChance};
    use crate::games::treasure_hunt::state::State;
    use crate::sim::{roll_out, thread_pool, RolloutCounts};

    /// Four players' Treasure Hunt and its seats, `thief` in every seat.
    fn four() -> (TreasureFamily, TreasureSeats) {
        let family = TreasureFamily {
            rules: ThRules::new(4),
            deck: Deck::standard(),
        };
        let seats = family.seats(&[ThSpec::parse("thief").unwrap()]).unwrap();
        (family, seats)
    }

    /// A dealt four-player game a few actions in: seat 1 to act, its turn begun, tiles a2 and
    /// b3 face up.
    fn midgame() -> State {
        let (family, _) = four();
        let mut s = deal(family.rules, &family.deck, &mut generator([9, 8, 7, 6]));
        s.revealed |= 1 << 6 | 1 << 13;
        s.begin_turn(&mut RngChance(&mut generator([1, 1, 1, 1])))
            .unwrap();
        s
    }

    /// The options named `names` of the decision in `s`.
    fn some_options(s: &State, names: &[&str]) -> Vec<ThPosition> {
        let Some(Options::Open(all)) = treasure_options(s) else {
            panic!("an open decision")
        };
        names
            .iter()
            .map(|n| {
                all.iter()
                    .find(|(m, _)| m == n)
                    .unwrap_or_else(|| {
                        panic!("{n} in {:?}", all.iter().map(|o| &o.0).collect::<Vec<_>>())
                    })
                    .1
            })
            .collect()
    }

    fn counts(positions: &[ThPosition], threads: usize) -> RolloutCounts {
        let (family, seats) = four();
        let pool = thread_pool(Some(threads)).unwrap();
        pool.install(|| roll_out(&family, &seats, positions, 0, 1, 300, 7))
            .counts
    }

    #[test]
    fn what_the_player_to_move_cannot_see_changes_no_rollout() {
        let s = midgame();
        let mut hidden = s;
        // The draw pile in another order.
        hidden.pile[..hidden.pile_len as usize].reverse();
        // Two face-down tiles of different symbols swapped.
        let down: Vec<usize> = (0..CELLS).filter(|&c| s.revealed & (1 << c) == 0).collect();
        let other = *down
            .iter()
            .find(|&&c| s.tiles[c] != s.tiles[down[0]])
            .unwrap();
        hidden.tiles.swap(down[0], other);
        // A card of seat 2's hand swapped with a card of the pile.
        let (a, b) = (hidden.players[1].hand[0], hidden.pile[0]);
        assert_ne!(a, b);
        hidden.players[1].hand[0] = b;
        hidden.pile[0] = a;
        assert_ne!(s, hidden);
        let names = ["claim", "move", "discard", "end"];
        let first = s.cur().cards()[0].to_string();
        let discard = format!("discard {first}");
        let names = names.map(|n| if n == "discard" { discard.as_str() } else { n });
        let seen = counts(&some_options(&s, &names), 1);
        let unseen = counts(&some_options(&hidden, &names), 1);
        assert_eq!(seen, unseen);
        // What the player sees does count: its own hand with another card.
        let mut own = s;
        own.players[0].hand[0] = s.pile[0];
        own.pile[0] = s.players[0].hand[0];
        let discard = format!("discard {}", own.cur().cards()[0]);
        let names = names.map(|n| {
            if n.starts_with("discard") {
                discard.as_str()
            } else {
                n
            }
        });
        assert_ne!(counts(&some_options(&own, &names), 1), seen);
    }

    #[test]
    fn rollouts_are_the_same_on_one_thread_and_two() {
        let s = midgame();
        let first = s.cur().cards()[0].to_string();
        let positions = some_options(&s, &["claim", "move", &format!("discard {first}"), "end"]);
        assert_eq!(counts(&positions, 1), counts(&positions, 2));
    }

    #[test]
    fn a_claim_that_wins_at_once_wins_every_rollout() {
        let (family, seats) = four();
        // Seat 1 holds a tile of every symbol but the anchor (the first row, b1 to f1) and
        // stands at the end of its path, on the anchor a6, face up, with three anchors in hand.
        let anchors: Vec<Card> = family
            .deck
            .cards
            .iter()
            .filter(|c| c.symbol == 0 && c.colour < 4)
            .copied()
            .take(3)
            .collect();
        let mut pile = anchors.clone();
        let mut rest = family.deck.cards.clone();
        rest.retain(|c| !anchors.contains(c));
        pile.extend(rest);
        let tiles = std::array::from_fn(|c| (c % 6) as u8);
        let mut s = State::new(family.rules, &pile, tiles);
        for c in 1..6 {
            s.owner[c] = 0;
            s.cubes[c] = 1;
            s.revealed |= 1 << c;
        }
        s.players[0].supply -= 5;
        s.players[0].step = 35;
        s.revealed |= 1 << 30;
        s.begin_turn(&mut RngChance(&mut generator([1, 2, 3, 4])))
            .unwrap();
        let claim = format!("claim {}", crate::games::treasure_hunt::cards_of(&s, 0b111));
        let positions = some_options(&s, &[claim.as_str(), "end"]);
        let r = roll_out(&family, &seats, &positions, 0, 1, 200, 3);
        assert_eq!(r.counts.wins[0], 200);
        assert_eq!(r.counts.win_chance(0).mean, 1.0);
        assert!(r.counts.wins[1] < 200);
    }
}
