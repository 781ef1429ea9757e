//! The engine loop: one complete game, roll by roll, with no heap allocation — roll, legal
//! choices, the seat's policy chooses, apply, the policy stops or rolls on — counted as it goes.

use super::dice_source::DiceSource;
use super::stats::MatchupStats;
use crate::columns::{ChoiceList, Game, GameKind, Rules};
use crate::policy::{Policy, View};
use rand_core::RngCore;

/// A game still running after this many turns in all is abandoned and counted as unfinished
/// (only a policy that never stops can get there).
pub const MAX_TURNS: u32 = 100_000;

/// Plays one game from the start. `policies[k]` is the policy of slot `k`; `slot_of_seat[s]` is
/// the slot sitting in seat `s` (turn order). Dice come from `dice`; policies draw from `rng`.
/// Counters go into `stats` by slot and seat. Returns the final game (unfinished if the turn
/// limit was reached or a scripted dice source ran out).
#[inline]
pub fn play_game<P: Policy, D: DiceSource, R: RngCore>(
    rules: &Rules,
    policies: &mut [P],
    slot_of_seat: &[usize],
    dice: &mut D,
    rng: &mut R,
    stats: &mut MatchupStats,
) -> Game {
    let mut game = Game::new();
    let mut turns = 0u32;
    let great_races = rules.game == GameKind::GreatRaces;
    let mut choices = ChoiceList::default();
    // Rolls and busts by seat, added to the counters once at the end of the game.
    let (mut rolls, mut busts) = ([0u64; 4], [0u64; 4]);
    while !game.finished() {
        if turns >= MAX_TURNS {
            stats.unfinished += 1;
            break;
        }
        let seat = game.to_move as usize & 3;
        let slot = slot_of_seat[seat];
        if game.turn.rolls == 0 {
            stats.stop_cell(slot, 0, 0).decisions += 1;
        }
        let Some(roll) = dice.roll() else { break };
        rolls[seat] += 1;
        game.fill_choices(rules, roll, &mut choices);
        if choices.is_empty() {
            stats
                .stop_cell(slot, game.turn.rolls, game.turn.cars.len())
                .busts += 1;
            busts[seat] += 1;
            if great_races {
                game.pass(rules);
            } else {
                game.bust(rules);
            }
            turns += 1;
            continue;
        }
        // A roll with one legal use leaves nothing to choose: the policy is not asked.
        let pick = if choices.len() == 1 {
            0
        } else {
            let pick = policies[slot].choose(&View::new(rules, &game), roll, &choices, rng);
            pick.min(choices.len() - 1)
        };
        game.take(rules, &choices, pick);
        if great_races {
            turns += 1;
            continue;
        }
        let view = View::with_usable(rules, &game, choices.usable(pick), choices.bust(pick));
        let go_on = policies[slot].keep_rolling(&view, rng);
        let cell = stats.stop_cell(slot, game.turn.rolls, game.turn.cars.len());
        cell.decisions += 1;
        if !go_on {
            cell.stops += 1;
            game.stop(rules);
            turns += 1;
        }
    }
    for (seat, &slot) in slot_of_seat.iter().enumerate().take(rules.players as usize) {
        stats.cells[slot][seat].rolls += rolls[seat];
        stats.cells[slot][seat].busts += busts[seat];
        stats.add_game(
            slot,
            seat,
            game.winner == Some(seat as u8),
            game.board.scores[seat] as u64,
            game.turns[seat] as u64,
        );
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::columns::GameKind;
    use crate::dice::Roll;
    use crate::policy::PolicySpec;
    use crate::sim::dice_source::{RngDice, ScriptedDice};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn scripted_solitaire_cant_stop_game_is_exact() {
        // One player, one-roll: every roll of 1 1 1 1 (pairing 2+2, a double) climbs column 2
        // twice; column 2 is 3 spaces, so turn 1 reaches space 2, turn 2 the top (claimed);
        // likewise 6 6 6 6 claims 12 in two turns and 1 1 6 6 gives 2+12 / 7+7 (the shared choice
        // rule takes the pairing leaving the lowest bust chance).
        let rules = Rules::new(GameKind::CantStop, 1);
        let mut pol = [PolicySpec::parse("one-roll").unwrap().build(&rules)];
        let rolls = [
            Roll([1, 1, 1, 1]),
            Roll([1, 1, 1, 1]),
            Roll([6, 6, 6, 6]),
            Roll([6, 6, 6, 6]),
        ];
        let mut dice = ScriptedDice::new(&rolls);
        let mut stats = MatchupStats::default();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        let g = play_game(&rules, &mut pol, &[0], &mut dice, &mut rng, &mut stats);
        assert!(!g.finished());
        assert_eq!(g.board.won[0], 2);
        assert_eq!(g.turns[0], 4);
        assert_eq!(stats.cells[0][0].rolls, 4);
        assert_eq!(stats.stop[0][1][1].decisions, 4);
        assert_eq!(stats.stop[0][1][1].stops, 4);
    }

    #[test]
    fn random_games_of_every_game_end_with_a_winner() {
        for game in [GameKind::Route66, GameKind::CantStop, GameKind::GreatRaces] {
            for players in 1..=4u8 {
                let rules = Rules::new(game, players);
                let spec = PolicySpec::parse("fixed-risk:0.3").unwrap();
                let mut pols: Vec<_> = (0..players).map(|_| spec.build(&rules)).collect();
                let slots: Vec<usize> = (0..players as usize).collect();
                let mut stats = MatchupStats::default();
                for seed in 0..20 {
                    let mut dice = RngDice(Xoshiro256PlusPlus::seed_from_u64(seed));
                    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed + 1000);
                    let g = play_game(&rules, &mut pols, &slots, &mut dice, &mut rng, &mut stats);
                    assert!(g.finished(), "{game} {players}p seed {seed}");
                }
                let games: u64 = (0..players as usize).map(|s| stats.cells[s][s].games).sum();
                let wins: u64 = (0..players as usize).map(|s| stats.cells[s][s].wins).sum();
                assert_eq!((games, wins), (20 * players as u64, 20));
            }
        }
    }
}
