//! The searching player's cost: plays games of `rollout:BASE,…` against BASE on one thread,
//! seats rotating, and prints the decisions it was asked per game, how many of them a stop
//! that wins at once settled, the games it played on per searched decision, and the time per
//! decision (the whole game's time, its opponent's share included, over the searcher's
//! decisions). docs/search.md quotes its figures.
//! `cargo run --release -p pressluck-core --example search_cost -- GAME PLAYERS SPEC GAMES [SEED]`
//! e.g. `… -- cant-stop 2 rollout:tuned-cant-stop-duel,budget=8000,horizon=2 200 [SEED]`.

use pressluck_core::columns::{GameKind, Rules};
use pressluck_core::counters::MatchupStats;
use pressluck_core::engine::{game_streams, Avx2, Player, RngDice};
use pressluck_core::games::column_races::{SearchTally, SeatPolicy};
use pressluck_core::games::StrategyBook;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, players, spec, games, seed) = match &args[..] {
        [g, p, s, n] => (g, p, s, n, 7u64),
        [g, p, s, n, seed] => (g, p, s, n, seed.parse().expect("SEED: a whole number")),
        _ => {
            eprintln!("usage: search_cost GAME PLAYERS SPEC GAMES [SEED]");
            std::process::exit(2);
        }
    };
    let kind = match game.as_str() {
        "cant-stop" => GameKind::CantStop,
        "route66" => GameKind::Route66,
        _ => {
            eprintln!("error: GAME: cant-stop or route66");
            std::process::exit(2);
        }
    };
    let players: u8 = players.parse().expect("PLAYERS: 1 to 4");
    let games: u64 = games.parse().expect("GAMES: a whole number");
    let rules = Rules::new(kind, players);
    let book = StrategyBook::builtin();
    let spec = book.parse(game, spec).unwrap_or_else(|e| {
        eprintln!("error: SPEC: {e}");
        std::process::exit(2);
    });
    let Some(search) = spec.search() else {
        eprintln!("error: SPEC: not a searching player (rollout:BASE,…)");
        std::process::exit(2);
    };
    let avx2 = Avx2::cpu();
    // Slot 0 the searcher, the other slots its base player.
    let mut lineup: Vec<Player<SeatPolicy>> = (0..players)
        .map(|slot| {
            let policy = if slot == 0 {
                SeatPolicy::build(&spec, &rules, avx2)
            } else {
                SeatPolicy::build(&search.base, &rules, avx2)
            };
            Player::new(policy, &rules, avx2)
        })
        .collect();
    let mut stats = MatchupStats::default();
    let start = Instant::now();
    for i in 0..games {
        let (dice, mut rng) = game_streams(seed, 0x5ea4c4, i).generators();
        let n = players as usize;
        let mut seats = [0usize; 4];
        for (s, slot) in seats.iter_mut().enumerate().take(n) {
            *slot = (s + i as usize) % n;
        }
        pressluck_core::engine::play_game(
            &rules,
            &mut lineup,
            &seats[..n],
            &mut RngDice(dice),
            &mut rng,
            &mut stats,
        );
    }
    let secs = start.elapsed().as_secs_f64();
    let tally: SearchTally = match &lineup[0].policy {
        SeatPolicy::Search(s) => s.tally(),
        SeatPolicy::Rule(_) => unreachable!("slot 0 searches"),
    };
    let searched = tally.decisions - tally.won_at_once;
    let wins = stats.slot_total(0).wins;
    println!(
        "{} {} players, {games} games, {secs:.1} s on one thread",
        spec.name, players
    );
    println!(
        "decisions per game {:.1} (searched {:.1}, stops or uses that win at once {:.2})",
        tally.decisions as f64 / games as f64,
        searched as f64 / games as f64,
        tally.won_at_once as f64 / games as f64
    );
    let (lo, hi) = pressluck_core::counters::wilson95(wins, games);
    let total = stats.slot_total(0);
    let (lo_t, hi_t) = pressluck_core::counters::mean95(total.games, total.turns, total.turns_sq);
    println!(
        "searcher's turns {:.3} [{lo_t:.3}, {hi_t:.3}]",
        total.turns as f64 / total.games.max(1) as f64
    );
    println!(
        "win rate {:.4} [{lo:.4}, {hi:.4}]; changed {:.1}% of searched; paired sd per rollout (roll-or-stop) {:.4}; cpu {:.2} ms a decision",
        wins as f64 / games as f64,
        100.0 * tally.changed as f64 / searched.max(1) as f64,
        (tally.var_sum / tally.measured.max(1) as f64).sqrt(),
        cpu_secs() * 1e3 / tally.decisions.max(1) as f64
    );
    println!(
        "games played on per searched decision {:.0}; time per decision {:.2} ms; searcher's wins {wins} of {games}",
        tally.play_outs as f64 / searched.max(1) as f64,
        secs * 1e3 / tally.decisions.max(1) as f64
    );
}

/// User CPU seconds of this process (from /proc/self/stat; 0 where there is none).
fn cpu_secs() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = after.split_whitespace().collect();
    fields
        .get(11)
        .and_then(|t| t.parse::<f64>().ok())
        .unwrap_or(0.0)
        / 100.0
}
