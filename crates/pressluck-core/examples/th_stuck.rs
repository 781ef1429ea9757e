//! Diagnostic: play Treasure Hunt games and dump the position of games that hit the turn cap.
//! `cargo run --release --example th_stuck -- PLAYERS POLICY,POLICY,.. GAMES [TRACE_TURNS]`
use pressluck_core::games::treasure_hunt::{
    cell_name, deal, solitaire_stuck, Act, Deck, Outlook, RngChance, State, ThRules, ThSpec,
    COLOUR_LETTERS, NONE, SYMBOL_NAMES,
};
use rand::SeedableRng;
use rand_core::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;

fn dump(s: &State) {
    let n = s.rules.players as usize;
    for p in 0..n {
        let pl = &s.players[p];
        let o = Outlook::new(s, p);
        let hand: Vec<String> = pl
            .cards()
            .iter()
            .map(|c| {
                format!(
                    "{}{}{}",
                    COLOUR_LETTERS[c.colour as usize],
                    c.number,
                    (b'A' + c.symbol) as char
                )
            })
            .collect();
        let mut rows = [0u8; 6];
        for (r, x) in rows.iter_mut().enumerate() {
            *x = s.row_count(p, pl.side.cell(r as u8, 0));
        }
        println!(
            "  p{p} step {} cell {} supply {} held {:?} need {:?} open {:?} rows {:?} can3 {:06b} hand {}",
            pl.step, cell_name(s.cell_of(p)), pl.supply, s.held(p), o.need, o.open, rows, o.can3, hand.join(" ")
        );
    }
    let mut grid = String::new();
    for r in (0..6).rev() {
        for c in 0..6 {
            let cell = r * 6 + c;
            let sym = (b'A' + s.tiles[cell]) as char;
            let rev = s.revealed & (1 << cell) != 0;
            let o = s.owner[cell];
            grid += &if o != NONE {
                format!(" {}{}{}", sym, o, s.cubes[cell])
            } else if rev {
                format!(" {sym}..")
            } else {
                format!(" {}?.", sym.to_ascii_lowercase())
            };
        }
        grid += "\n";
    }
    print!("{grid}");
    println!("  pile {} discard {}", s.pile_len, s.discard_len);
    let _ = SYMBOL_NAMES;
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let players: u8 = a[1].parse().unwrap();
    let specs: Vec<ThSpec> = a[2].split(',').map(|t| ThSpec::parse(t).unwrap()).collect();
    let games: u64 = a[3].parse().unwrap();
    let trace: u32 = a.get(4).map_or(0, |t| t.parse().unwrap());
    let shown: usize = a.get(5).map_or(3, |t| t.parse().unwrap());
    let deck = Deck::standard();
    let mut rules = ThRules::new(players);
    for v in a.iter().skip(6) {
        rules.apply_variant(v).unwrap();
    }
    let (mut unfinished, mut wins, mut turns_sum, mut dumped) = (0, vec![0u64; 5], 0u64, 0);
    for g in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(g);
        let mut s = deal(rules, &deck, &mut rng);
        let cap = rules.turn_cap * players as u32;
        let mut turns = 0;
        let mut stuck = false;
        while !s.finished {
            if turns >= cap || solitaire_stuck(&s) {
                stuck = true;
                break;
            }
            let tracing = dumped < shown && turns + trace >= cap && trace > 0;
            if tracing && turns + trace == cap {
                println!("game {g} at turn {turns}:");
                dump(&s);
            }
            s.begin_turn(&mut RngChance(&mut rng)).unwrap();
            turns += 1;
            let spec = &specs[s.current as usize % specs.len()];
            let mut log = String::new();
            while !s.turn_over {
                let act = spec.act(&s);
                let r = match act {
                    Act::Claim => {
                        let sym = s.reveal_here();
                        let m = spec.combo(&s, sym);
                        log += &format!(" claim({}:{})", (b'A' + sym) as char, m.is_some());
                        s.claim(m).map(|_| ())
                    }
                    Act::Steal(k, m) => {
                        log += &format!(" steal{k:?}");
                        s.steal(k, m).map(|_| ())
                    }
                    Act::Move => {
                        let roll = (rng.next_u32() % 6 + 1) as u8;
                        let st = spec.steps(&s, roll);
                        log += &format!(" move(r{roll},{st:+})");
                        s.move_by(roll, st)
                    }
                    Act::Reinforce(c) => {
                        log += " reinforce";
                        s.reinforce(c)
                    }
                    Act::Discard(m) => {
                        log += &format!(" discard{}", m.count_ones());
                        s.discard_draw(m, &mut RngChance(&mut rng))
                    }
                    Act::End => {
                        log += " end";
                        break;
                    }
                };
                r.unwrap();
            }
            if tracing {
                println!(" t{turns} p{} {}:{log}", s.current, spec.name);
            }
            s.end_turn();
        }
        if stuck {
            unfinished += 1;
            if dumped < shown {
                println!("game {g} STUCK final:");
                dump(&s);
                dumped += 1;
            }
        } else {
            turns_sum += turns as u64;
            wins[(s.winner as usize).min(4)] += 1;
        }
    }
    println!(
        "games {games} unfinished {unfinished} wins by seat {:?} mean turns (finished) {:.1}",
        wins,
        turns_sum as f64 / (games - unfinished).max(1) as f64
    );
}
