//! Plays one game of Route 66 or Can't Stop between policies and prints its record, in the
//! format `pressluck replay`, `advise` and `review` read (one action a line).
//!
//! `cargo run --release --example record_game -- GAME POLICY[,POLICY…] SEED`
//! (`GAME`: `route66` or `cant-stop`; one policy a seat; a strategy known by name, such as
//! `glenn`, or any policy spec).
use pressluck_core::columns::record::dice_text;
use pressluck_core::columns::{Game, GameKind, Rules};
use pressluck_core::dice::sample;
use pressluck_core::games::StrategyBook;
use pressluck_core::policy::{Policy, View};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, policies, seed] = args.as_slice() else {
        eprintln!("usage: record_game GAME POLICY[,POLICY…] SEED");
        std::process::exit(2);
    };
    let kind: GameKind = game.parse().unwrap_or_else(|e: String| fail(&e));
    if kind == GameKind::GreatRaces {
        fail("record_game plays Route 66 and Can't Stop");
    }
    let seed: u64 = seed.parse().unwrap_or_else(|_| fail("SEED: not a number"));
    let book = StrategyBook::builtin();
    let names: Vec<&str> = policies.split(',').collect();
    let rules = Rules::new(kind, names.len() as u8);
    let mut seats: Vec<_> = names
        .iter()
        .map(|n| {
            book.parse(game, n)
                .unwrap_or_else(|e| fail(&e))
                .build(&rules)
        })
        .collect();
    let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5eed);
    println!("# One game of {game} played by pressluck's record_game example: seats {policies}, seed {seed}.");
    println!("game {game}\nplayers {}\n", rules.players);
    let mut g = Game::new();
    let mut turns = 0;
    while !g.finished() && turns < 10_000 {
        let seat = g.to_move as usize;
        let roll = sample(&mut dice);
        let list = g.choices(&rules, roll);
        println!("roll {}", dice_text(roll));
        if list.is_empty() {
            g.bust(&rules);
            turns += 1;
            continue;
        }
        let i = if list.len() > 1 {
            seats[seat].choose(&View::new(&rules, &g), roll, &list, &mut rng)
        } else {
            0
        };
        println!("use {}", list.get(i));
        g.take(&rules, &list, i);
        if g.finished() {
            break;
        }
        if !seats[seat].keep_rolling(&View::new(&rules, &g), &mut rng) {
            println!("stop");
            g.stop(&rules);
            turns += 1;
        }
    }
}

/// Prints `msg` and exits with code 2.
fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(2);
}
