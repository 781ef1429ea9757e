//! How every game's table (a game loop that asks seats, [`super::asked`]) is handed its games:
//! a tournament's games of a matchup in order ([`matchup_games`]), the one game `pressluck
//! play` plays ([`one_game`]) and a rollout's game played on ([`game_played_out`]). Each sets
//! up a game the same way whatever the game — its streams, who sits where, the seed its asked
//! seats are told and its record — and the table plays it.

use super::asked::{game_seed_for_seats, AskedGame, NoSink, Scribe, TableSink};
use crate::engine::deal::{game_streams, name_key, seating, GameStreams};

/// Seat `s` played by slot `s`, for tables of up to four.
const IN_ORDER: [usize; 4] = [0, 1, 2, 3];

/// Plays `chunk`, games `lo..hi` of the matchup keyed `key` in a run seeded `seed` as
/// `(seed, key, lo..hi)`, at a table of `players` as a tournament does: game `i` on its
/// streams ([`game_streams`] of `seed`, `key` and `i`), seated by [`seating`], its
/// asked seats told [`game_seed_for_seats`], its record kept when `keep` (for the record of a
/// seat's fault). `play(streams, slot_of_seat, asked, scribe)` plays one game and answers
/// whether it was played out: `false` (a seat could not answer) ends the chunk.
pub(crate) fn matchup_games(
    chunk: (u64, u64, std::ops::Range<u64>),
    players: usize,
    keep: bool,
    mut play: impl FnMut(&GameStreams, &[usize], &mut AskedGame, &mut Scribe<'_>) -> bool,
) {
    let (seed, key, games) = chunk;
    let mut sink = NoSink;
    let mut scribe = Scribe::new(keep, &mut sink);
    for i in games {
        let streams = game_streams(seed, key, i);
        let seats = seating(i, players);
        let mut asked = AskedGame::new(Some(i), game_seed_for_seats(streams.policy));
        scribe.clear();
        if !play(&streams, &seats[..players], &mut asked, &mut scribe) {
            break;
        }
    }
}

/// The one game `pressluck play` plays at a table of `players`: game 0 of the key `play`
/// under `seed`, seat `s` played by slot `s`, its record told to `sink` line by line.
/// `play(streams, slot_of_seat, asked, scribe)` plays it.
pub(crate) fn one_game<T>(
    seed: u64,
    players: usize,
    sink: &mut dyn TableSink,
    play: impl FnOnce(&GameStreams, &[usize], &mut AskedGame, &mut Scribe<'_>) -> Option<T>,
) -> Option<T> {
    let streams = game_streams(seed, name_key("play"), 0);
    let mut asked = AskedGame::new(Some(0), game_seed_for_seats(streams.policy));
    let mut scribe = Scribe::new(true, sink);
    play(&streams, in_order(players), &mut asked, &mut scribe)
}

/// A game played on from a position at a table of `players`, as a rollout does: seat `s`
/// played by slot `s`, its asked seats told `seats_seed`, no record kept.
/// `play(slot_of_seat, asked, scribe)` plays it.
pub(crate) fn game_played_out<T>(
    players: usize,
    seats_seed: u64,
    play: impl FnOnce(&[usize], &mut AskedGame, &mut Scribe<'_>) -> Option<T>,
) -> Option<T> {
    let mut asked = AskedGame::new(None, seats_seed);
    let mut sink = NoSink;
    let mut scribe = Scribe::new(false, &mut sink);
    play(in_order(players), &mut asked, &mut scribe)
}

/// Seats `0..players` played by slots `0..players` (every game seats at most four).
fn in_order(players: usize) -> &'static [usize] {
    debug_assert!(players <= IN_ORDER.len(), "{players} players");
    &IN_ORDER[..players.min(IN_ORDER.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_matchup_s_games_are_seated_in_turn_and_a_failed_game_ends_the_chunk() {
        let mut seen = Vec::new();
        matchup_games((5, 9, 3..8), 2, true, |streams, seats, asked, scribe| {
            assert_eq!(*streams, game_streams(5, 9, asked.game.unwrap()));
            assert!(scribe.text().is_some_and(str::is_empty));
            scribe.line(None, "game x");
            seen.push((asked.game.unwrap(), seats.to_vec()));
            asked.game != Some(5)
        });
        let seated = |i: u64| seating(i, 2)[..2].to_vec();
        assert_eq!(seen, [(3, seated(3)), (4, seated(4)), (5, seated(5))]);
    }

    #[test]
    fn one_game_and_a_played_out_game_seat_slots_in_order() {
        let mut sink = NoSink;
        let got = one_game(4, 3, &mut sink, |streams, seats, asked, scribe| {
            assert_eq!(*streams, game_streams(4, name_key("play"), 0));
            assert_eq!(asked.game, Some(0));
            assert!(scribe.text().is_some());
            Some(seats.to_vec())
        });
        assert_eq!(got, Some(vec![0, 1, 2]));
        let got = game_played_out(4, 77, |seats, asked, scribe| {
            assert_eq!((asked.game, asked.seed), (None, 77));
            assert!(scribe.text().is_none());
            Some(seats.len())
        });
        assert_eq!(got, Some(4));
    }
}
