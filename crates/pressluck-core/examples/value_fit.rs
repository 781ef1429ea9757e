//! Dev: fits the race value and checks it on fresh games.
use pressluck_core::columns::{GameKind, Rules};
use pressluck_core::games::column_races::RaceValue;
use pressluck_core::games::StrategyBook;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind = if args[0] == "cant-stop" {
        GameKind::CantStop
    } else {
        GameKind::Route66
    };
    let players: u8 = args[1].parse().unwrap();
    let games: u64 = args[3].parse().unwrap();
    let rules = Rules::new(kind, players);
    let spec = StrategyBook::builtin().parse(&args[0], &args[2]).unwrap();
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
