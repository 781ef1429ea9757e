//! A Treasure Hunt position as the rollouts see it ([`ThPosition`]): the state, the player
//! whose knowledge it stands for (the viewer), and an action whose outcome is left to chance
//! (a claim's reveal, a move's roll, a discard's draw) waiting to be played.
//!
//! A record lists the whole draw pile and every tile, but the viewer sees neither the pile's
//! order, nor the other players' hands, nor the face-down tiles. So a game played on from a
//! position first deals all of that anew ([`deal_unseen`]), consistent with what the viewer
//! knows, from the rollout's own stream; then plays the waiting action; then plays on.

use super::actions::StealKind;
use super::deck::{Card, MAX_CARDS};
use super::grid::CELLS;
use super::plan::Outlook;
use super::policy::ThSpec;
use super::state::State;
use rand::seq::SliceRandom;
use rand_core::RngCore;

/// An action chosen at a decision whose outcome the viewer cannot know yet: played after the
/// unseen cards and tiles are dealt anew.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// Nothing waits: the game goes on from the state as it stands.
    Nothing,
    /// Reveal the face-down tile underfoot, then play the cards the viewer's rollout policy
    /// picks for it (or fail).
    Claim,
    /// Roll the dice, then move as the viewer's rollout policy picks.
    Move,
    /// Discard these hand slots and draw as many.
    Discard(u8),
}

/// A position of a Treasure Hunt game seen by one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ThPosition {
    /// The game; what the viewer cannot see of it is dealt anew before it is played on.
    pub state: State,
    /// The seat whose knowledge the position stands for: the player deciding.
    pub viewer: u8,
    /// The action chosen and not yet played.
    pub pending: Pending,
}

impl ThPosition {
    /// `state` as seen by the player to act in it, nothing waiting.
    pub fn seen_by_mover(state: State) -> ThPosition {
        ThPosition {
            state,
            viewer: state.current,
            pending: Pending::Nothing,
        }
    }

    /// `state` after a checked action of the player to act: when the action ended the turn,
    /// the turn is passed on, so a game played on from it begins the next player's turn.
    pub fn after_action(viewer: u8, mut state: State) -> ThPosition {
        if state.turn_over && !state.finished {
            state.end_turn();
        }
        ThPosition {
            state,
            viewer,
            pending: Pending::Nothing,
        }
    }

    /// `state` at the viewer's decision with `pending` chosen.
    pub fn waiting(state: State, pending: Pending) -> ThPosition {
        ThPosition {
            state,
            viewer: state.current,
            pending,
        }
    }
}

/// Deals anew what seat `viewer` cannot see in `s`, from `rng`: the cards of the draw pile and
/// of every other player's hand are shuffled together and dealt back in the same counts (each
/// other hand first, in seat order, then the pile); the symbols of the face-down tiles are
/// shuffled among the face-down cells. The revealed tiles, the discard pile (face up) and the
/// viewer's hand stay. Both are sorted before the shuffle, so the deal depends only on what
/// the viewer can see and on `rng`: never on the order or places of what it cannot.
/// Allocates nothing.
pub fn deal_unseen<R: RngCore>(s: &mut State, viewer: u8, rng: &mut R) {
    let blank = Card {
        colour: 0,
        symbol: 0,
        number: 1,
    };
    let players = s.rules.players as usize;
    let mut unseen = [blank; MAX_CARDS];
    let mut n = 0;
    for q in (0..players).filter(|&q| q != viewer as usize) {
        for c in s.players[q].cards() {
            unseen[n] = *c;
            n += 1;
        }
    }
    let pile = s.pile_len as usize;
    unseen[n..n + pile].copy_from_slice(&s.pile[..pile]);
    n += pile;
    let cards = &mut unseen[..n];
    cards.sort_unstable();
    cards.shuffle(rng);
    let mut k = 0;
    for q in (0..players).filter(|&q| q != viewer as usize) {
        let len = s.players[q].hand_len as usize;
        s.players[q].hand[..len].copy_from_slice(&cards[k..k + len]);
        k += len;
    }
    s.pile[..pile].copy_from_slice(&cards[k..k + pile]);

    let mut symbols = [0u8; CELLS];
    let mut m = 0;
    for c in 0..CELLS {
        if s.revealed & (1 << c) == 0 {
            symbols[m] = s.tiles[c];
            m += 1;
        }
    }
    let symbols = &mut symbols[..m];
    symbols.sort_unstable();
    symbols.shuffle(rng);
    let mut k = 0;
    for c in 0..CELLS {
        if s.revealed & (1 << c) == 0 {
            s.tiles[c] = symbols[k];
            k += 1;
        }
    }
}

/// Plays `pending` in `s` (dealt already) for the player to act, playing by `spec` where the
/// outcome leaves a choice (the cards for the revealed tile, the steps for the roll), the dice
/// and any reshuffle from `chance`; then passes the turn on if the action ended it. `Err` when
/// the action is refused (it was checked when the option was listed) or a shuffle fails.
pub fn play_pending<R: RngCore>(
    s: &mut State,
    pending: Pending,
    spec: &ThSpec,
    chance: &mut R,
) -> Result<(), String> {
    match pending {
        Pending::Nothing => return Ok(()),
        Pending::Claim => {
            let symbol = s.reveal_here();
            let mask = spec.combo(s, symbol);
            s.claim(mask)?;
        }
        Pending::Move => {
            let roll: u8 = (0..s.rules.dice)
                .map(|_| crate::dice::sample_d6(chance))
                .sum();
            let outlook = Outlook::new(s, s.current as usize);
            let steps = spec.steps_seen(s, &outlook, roll);
            s.move_by(roll, steps)?;
        }
        Pending::Discard(mask) => s.discard_draw(mask, &mut super::play::RngChance(chance))?,
    }
    if s.turn_over && !s.finished {
        s.end_turn();
    }
    Ok(())
}

/// Which steal an option plays, for its name: `steal` (four units) or `steal-half`.
pub fn steal_word(kind: StealKind) -> &'static str {
    match kind {
        StealKind::Four => "steal",
        StealKind::Half => "steal-half",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::deal::generator;
    use crate::games::treasure_hunt::deck::Deck;
    use crate::games::treasure_hunt::play::deal;
    use crate::games::treasure_hunt::rules::ThRules;

    #[test]
    fn the_deal_keeps_what_the_viewer_sees_and_the_counts() {
        let mut rng = generator([1, 2, 3, 4]);
        let mut s = deal(ThRules::new(3), &Deck::standard(), &mut rng);
        s.revealed = 0b1011;
        s.pile_len -= 5;
        s.players[2].hand_len = 4;
        let before = s;
        let mut dealt = s;
        deal_unseen(&mut dealt, 1, &mut generator([5, 6, 7, 8]));
        assert_eq!(dealt.players[1], before.players[1]);
        for q in [0, 2] {
            assert_eq!(dealt.players[q].hand_len, before.players[q].hand_len);
        }
        assert_eq!(dealt.pile_len, before.pile_len);
        for c in [0, 1, 3] {
            assert_eq!(dealt.tiles[c], before.tiles[c]);
        }
        let sorted = |s: &State| {
            let mut all: Vec<Card> = s.pile[..s.pile_len as usize].to_vec();
            all.extend_from_slice(s.players[0].cards());
            all.extend_from_slice(s.players[2].cards());
            all.sort();
            let mut tiles = s.tiles.to_vec();
            tiles.sort();
            (all, tiles)
        };
        assert_eq!(sorted(&dealt), sorted(&before));
        assert_ne!(dealt, before, "something unseen was dealt anew");
    }
}
