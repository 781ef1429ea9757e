//! The searching player's race value (docs/search.md): fits it to GAMES games of BASE against
//! itself and prints the fit's time, how well it predicts the winners of 5,000 fresh games
//! (mean log-likelihood against a uniform guess's, and how often the favourite won) and its
//! weights.
//! `cargo run --release -p pressluck-core --example value_fit -- GAME PLAYERS BASE GAMES`
//! e.g. `… -- cant-stop 2 tuned-cant-stop-duel 5000`.
use pressluck_core::columns::{GameKind, Rules};
use pressluck_core::games::column_races::RaceValue;
use pressluck_core::games::StrategyBook;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, players, base, games] = &args[..] else {
        eprintln!("usage: value_fit GAME PLAYERS BASE GAMES");
        std::process::exit(2);
    };
    let kind = match game.as_str() {
        "cant-stop" => GameKind::CantStop,
        "route66" => GameKind::Route66,
        other => {
            eprintln!("error: GAME: '{other}' is not cant-stop or route66");
            std::process::exit(2);
        }
    };
    let players: u8 = match players.parse() {
        Ok(p @ 2..=4) => p,
        _ => {
            eprintln!("error: PLAYERS: '{players}' is not 2 to 4");
            std::process::exit(2);
        }
    };
    let Ok(games) = games.parse::<u64>() else {
        eprintln!("error: GAMES: '{games}' is not a whole number");
        std::process::exit(2);
    };
    let rules = Rules::new(kind, players);
    let spec = StrategyBook::builtin()
        .parse(game, base)
        .unwrap_or_else(|e| {
            eprintln!("error: BASE: {e}");
            std::process::exit(2);
        });
    let base = spec.build(&rules);
    let t = Instant::now();
    let v = RaceValue::fit(&rules, &base, games, 1);
    println!("fit {:.2} s", t.elapsed().as_secs_f64());
    let (ll, hit) = v.check(&rules, &base, 5000, 2);
    println!(
        "fresh: mean log-lik {ll:.4} (uniform {:.4}), favourite won {hit:.4}",
        -(players as f64).ln()
    );
    println!("{v:?}");
}
