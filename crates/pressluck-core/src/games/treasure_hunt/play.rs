//! Treasure Hunt's game loop: shuffle tiles and deck, deal, then turn by turn ask the seat's
//! policy for actions until someone wins or the turn cap.
//!
//! Counters: `score` is tiles controlled at the end (round-scoring: points); `turns` the
//! player's turns; `rolls` counts claim attempts and `busts` failed claims (so the CSV's
//! `mean_rolls` is claim attempts per turn and `bust_rate` failed claims per turn). The stop
//! table is the claim table: each time a player stands where a face-down tile may be claimed,
//! one decision in row `roll` = symbols the hand can claim (0–6) and column `cars` = actions
//! already used this turn (0–1); `stops` = declined, `busts` = tried and failed.

use super::combos::HandMakesCache;
use super::deck::{Card, Deck};
use super::grid::{CELLS, LAST_STEP};
use super::plan::Outlook;
use super::policy::{Act, ThSpec};
use super::rules::ThRules;
use super::sight::Sight;
use super::state::{Chance, State, NONE};
use crate::counters::MatchupStats;
use crate::dice::sample_d6;
use rand::seq::SliceRandom;
use rand_core::RngCore;

/// Shuffles with a random generator.
pub struct RngChance<'a, R>(pub &'a mut R);

impl<R: RngCore> Chance for RngChance<'_, R> {
    fn shuffle_cards(&mut self, cards: &mut [Card]) -> bool {
        cards.shuffle(self.0);
        true
    }
    fn shuffle_tiles(&mut self, tiles: &mut [u8; CELLS]) -> bool {
        tiles.shuffle(self.0);
        true
    }
}

/// A new game with shuffled tiles and deck, hands dealt.
pub fn deal<R: RngCore>(rules: ThRules, deck: &Deck, rng: &mut R) -> State {
    let mut tiles = [0u8; CELLS];
    for (i, t) in tiles.iter_mut().enumerate() {
        *t = (i / 6) as u8;
    }
    tiles.shuffle(rng);
    let mut cards = [Card {
        colour: 0,
        symbol: 0,
        number: 1,
    }; super::deck::MAX_CARDS];
    let n = deck.cards.len();
    cards[..n].copy_from_slice(&deck.cards);
    cards[..n].shuffle(rng);
    State::new(rules, &cards[..n], tiles)
}

/// Whether a solitaire game can no longer be won. The marker only goes forwards, so a claim is
/// only ever on a tile from where it stands to the path's end: the game is lost when the player
/// still needs a symbol and no such tile can give one (each is owned, in a row at the row
/// limit, revealed with a symbol not needed, or face down while no needed symbol is face down
/// any more), or when no cube is left to claim with.
pub fn solitaire_stuck(s: &State) -> bool {
    if !s.rules.solitaire() {
        return false;
    }
    let p = &s.players[0];
    let held = s.held(0);
    let need = held.map(|h| h < s.rules.target);
    if !need.contains(&true) {
        return false;
    }
    if p.supply == 0 {
        return true;
    }
    let hidden = s.hidden_symbols();
    let needed_face_down = (0..6).any(|k| need[k] && hidden[k] > 0);
    let useful = |cell: u8| {
        s.owner[cell as usize] == NONE
            && s.row_count(0, cell) < s.rules.row_cap()
            && match s.visible(cell) {
                Some(sym) => need[sym as usize],
                None => needed_face_down,
            }
    };
    !(p.step..=LAST_STEP).any(|step| useful(p.side.path_cell(step)))
}

/// Plays one game. `specs[slot_of_seat[seat]]` plays seat `seat`. Shuffles and dice come from
/// `rng`. Counters go into `stats`. Returns the final position.
pub fn play_game<R: RngCore>(
    rules: ThRules,
    deck: &Deck,
    specs: &[ThSpec],
    slot_of_seat: &[usize],
    rng: &mut R,
    stats: &mut MatchupStats,
) -> State {
    let s = deal(rules, deck, rng);
    play_from(s, specs, slot_of_seat, rng, stats)
}

/// Plays the game of `s` on to its end from where it stands, as [`play_game`] plays one from
/// the deal: when the turn is over (`s.turn_over`, as after the deal or a turn's end) the next
/// turn begins, else the turn in hand goes on. The tiles and the draw pile are as `s` holds
/// them; further shuffles and dice come from `rng`. Returns the final position.
pub fn play_from<R: RngCore>(
    mut s: State,
    specs: &[ThSpec],
    slot_of_seat: &[usize],
    rng: &mut R,
    stats: &mut MatchupStats,
) -> State {
    let rules = s.rules;
    let n = rules.players as usize;
    let cap = rules.turn_cap as u64 * n as u64;
    let mut turns = 0u64;
    let mut unfinished = false;
    // What every seat sees, updated cell by cell as actions change the tiles.
    let mut views = Views::new(&s);
    while !s.finished {
        if turns >= cap || solitaire_stuck(&s) {
            unfinished = true;
            break;
        }
        if s.new_round {
            if s.lay_out_round(&mut RngChance(rng)).is_err() {
                break;
            }
            views = Views::new(&s);
        }
        let seat = s.current as usize;
        let slot = slot_of_seat[seat];
        let spec = &specs[slot];
        if s.turn_over {
            if s.begin_turn(&mut RngChance(rng)).is_err() {
                break;
            }
            turns += 1;
        }
        // The player's outlook, shared by the action, the stop table and the move, and kept
        // up to date by each action: a move leaves it as it is, a discard changes the hand
        // alone, a claim, steal or reinforcement the tile underfoot or reinforced.
        let mut outlook = views.outlook(&s, seat);
        while !s.turn_over {
            let act = spec.act_seen(&s, &outlook);
            let here = s.cell_of(seat);
            let face_down = s.claim_blocker().is_none() && s.visible(here).is_none();
            let (row, used) = if face_down {
                (outlook.coverage(), s.actions as u32)
            } else {
                (0, 0)
            };
            if face_down {
                let cell = stats.stop_cell(slot, row, used);
                cell.decisions += 1;
                cell.stops += (act != Act::Claim) as u64;
            }
            let ok = match act {
                Act::Claim => {
                    // The cards are chosen from the hand and the symbols still needed, which
                    // the reveal leaves as they are: the outlook from before it serves.
                    let sym = s.reveal_here();
                    let mask = spec.combo_seen(&s, &outlook, sym);
                    stats.cells[slot][seat].rolls += 1;
                    let won = s.claim(mask);
                    if won == Ok(false) {
                        stats.cells[slot][seat].busts += 1;
                        if face_down {
                            stats.stop_cell(slot, row, used).busts += 1;
                        }
                    }
                    views.update(&s, here);
                    won.map(|_| ())
                }
                Act::Steal(kind, mask) => {
                    let stolen = s.steal(kind, mask).map(|_| ());
                    views.update(&s, here);
                    stolen
                }
                Act::Move => {
                    let roll: u8 = (0..rules.dice).map(|_| sample_d6(rng)).sum();
                    let steps = spec.steps_seen(&s, &outlook, roll);
                    s.move_by(roll, steps)
                }
                Act::Reinforce(cell) => {
                    let reinforced = s.reinforce(cell);
                    views.update(&s, cell);
                    reinforced
                }
                Act::Discard(mask) => s.discard_draw(mask, &mut RngChance(rng)),
                Act::End => break,
            };
            debug_assert!(ok.is_ok(), "{act:?}: {ok:?}");
            if ok.is_err() || s.turn_over {
                break;
            }
            // The outlook for the turn's next action: a move leaves it as it is; after a
            // discard (the hand alone changed) the views weigh the kept one with the new hand,
            // after a claim, steal or reinforcement they read the changed tile.
            if act != Act::Move {
                outlook = views.outlook(&s, seat);
            }
        }
        s.end_turn();
    }
    stats.unfinished += unfinished as u64;
    for (seat, &slot) in slot_of_seat.iter().enumerate().take(n) {
        let score = if rules.rounds > 1 {
            s.players[seat].points as u64
        } else {
            s.owner.iter().filter(|&&o| o == seat as u8).count() as u64
        };
        stats.add_game(
            slot,
            seat,
            s.winner == seat as u8,
            score,
            s.players[seat].turns as u64,
        );
    }
    s
}

/// What every seat sees of one game: the tiles along its path ([`Sight`]), what its hand makes,
/// and its last outlook with the count of tile changes it was worked out after — so a seat
/// whose tiles did not change since keeps its outlook, weighed again only if its hand changed.
struct Views {
    sight: Sight,
    /// Tile changes read so far.
    changes: u64,
    hands: [HandMakesCache; 4],
    /// Each seat's last outlook and the tile changes read before it.
    kept: [Option<(u64, Outlook)>; 4],
}

impl Views {
    /// The views of the seats of `s`.
    fn new(s: &State) -> Views {
        Views {
            sight: Sight::new(s),
            changes: 0,
            hands: [HandMakesCache::default(); 4],
            kept: [None; 4],
        }
    }

    /// Reads `cell` of `s` again (after an action changed it).
    #[inline]
    fn update(&mut self, s: &State, cell: u8) {
        self.sight.update(s, cell);
        self.changes += 1;
    }

    /// Seat `seat`'s outlook on `s` ([`Outlook::seen`]): its last one if no tile changed
    /// since, weighed with the hand if the hand changed; else worked out from its sight.
    #[inline]
    fn outlook(&mut self, s: &State, seat: usize) -> Outlook {
        let seat = seat & 3;
        let makes = self.hands[seat].of(&s.players[seat]);
        let outlook = match self.kept[seat] {
            Some((changes, mut o)) if changes == self.changes => {
                if (o.can3, o.can4) != (makes.can3, makes.can4) {
                    o.weigh(makes);
                }
                o
            }
            _ => Outlook::seen_making(s, self.sight.seat(seat), seat, makes),
        };
        self.kept[seat] = Some((self.changes, outlook));
        outlook
    }
}
