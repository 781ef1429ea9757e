#!/usr/bin/env bash
# The shipped tuned players measured on games their tuning never saw (other seeds, the
# tournament's game keys): each against its target, 200,000 games a matchup with seats
# rotating, each against every built-in policy, the 3- and 4-player ones against the duel
# players at the same table; and the strongest player at each table size, of each column
# race's tuned players (with Route 66's variants and Can't Stop to 4 or 5 columns) and of
# Treasure Hunt's built-in ones: the
# rollouts' default. Writes results/tuned-*.csv and results/strongest-*.csv.
# About 14 minutes on 2 cores, under nice. Usage:
#   scripts/tuned.sh [GAMES_PER_FIELD_MATCHUP [targets|field|tables|strongest]...]
# (default 20000, all four groups).
# Environment: PRESSLUCK (a built binary; default: build and use target/release/pressluck),
#              OUT (output folder; default results).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20000}
groups=" ${*:2} "
[ "$groups" = "  " ] && groups=" targets field tables strongest "
want() { [[ $groups == *" $1 "* ]]; }
out=${OUT:-results}
mkdir -p "$out"
if [ -z "${PRESSLUCK:-}" ]; then
    cargo build --release --quiet
    PRESSLUCK=target/release/pressluck
fi

run() { # name, games, then tournament arguments
    local name=$1 n=$2
    shift 2
    echo "== $name"
    nice -n 19 "$PRESSLUCK" tournament --quiet --games "$n" --out "$out/$name.csv" "$@"
}

# The targets: solitaire turns against glenn's, 2 players against glenn and against ev.
if want targets; then
    run tuned-cant-stop-solo-validation 200000 --game cant-stop --players 1 \
        --policies tuned-cant-stop-solo,glenn --seed 9101
    run tuned-cant-stop-duel-validation 200000 --game cant-stop \
        --policies tuned-cant-stop-duel,glenn --seed 9202
    run tuned-route66-duel-validation 200000 --game route66 \
        --policies tuned-route66-duel,ev --seed 9303
fi

# Every built-in policy and strategy of the game against the tuned players (but optimal-turn,
# whose dynamic program at every decision plays a few hundred games a second).
if want field; then
    builtins=ev,fixed-risk:0.3,cautious,bold,one-roll,rule28,glenn,rolls:2,random:0.3
    run tuned-cant-stop-2p "$games" --game cant-stop --seed 9404 \
        --policies "tuned-cant-stop-duel,tuned-cant-stop-solo,$builtins"
    run tuned-cant-stop-solitaire "$games" --game cant-stop --players 1 --seed 9505 \
        --policies "tuned-cant-stop-solo,tuned-cant-stop-duel,$builtins"
    # A tuned strategy plays the game its file names: the Can't Stop ones have no Route 66 run.
    run tuned-route66-2p "$games" --game route66 --seed 9606 \
        --policies "tuned-route66-duel,$builtins"
fi

# Three and four players: each table player and the duel player it started from at the same
# tables, ev and glenn in the other seats: at 3 players every three of the four (the table
# player and the duel player meet at two tables, and each sits with ev and glenn at one), at 4
# players all four at one table. 60,000 games a table, seats rotating.
if want tables; then
    run tuned-route66-3p-table 60000 --game route66 --players 3 --seed 9707 \
        --policies tuned-route66-3p,tuned-route66-duel,ev,glenn
    run tuned-route66-4p-table 60000 --game route66 --players 4 --seed 9808 \
        --policies tuned-route66-4p,tuned-route66-duel,ev,glenn
    run tuned-cant-stop-3p-table 60000 --game cant-stop --players 3 --seed 9909 \
        --policies tuned-cant-stop-3p,tuned-cant-stop-duel,ev,glenn
fi

# The strongest of each game's tuned players at each table size, as `advise` and `review` roll
# out with (the game's `strongest_player`), seats rotating: alone, the fewest turns (100,000
# games); at 2 players every pair (100,000 games each); at 3 the three at one table in both
# seat orders (60,000 games each); at 4 every table of them with two kinds or more (40,000 games
# each). One file a game, the rows of every seat (`all`).
if want strongest; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    collect() { # tournament arguments: its seat rows (`all`) added to the collected file
        nice -n 19 "$PRESSLUCK" tournament --quiet --out "$tmp/one.csv" "$@"
        [ -f "$tmp/collected.csv" ] || head -1 "$tmp/one.csv" > "$tmp/collected.csv"
        awk -F, 'NR > 1 && $9 == "all"' "$tmp/one.csv" >> "$tmp/collected.csv"
    }
    keep() { # name: the collected rows become results/NAME.csv
        mv "$tmp/collected.csv" "$out/$1.csv"
    }
    strongest() { # game, seed, three players
        local game=$1 seed=$2 a=$3 b=$4 c=$5
        echo "== strongest-$game"
        table() { # players, games, policies
            collect --game "$game" --players "$1" --policies "$3" --games "$2" \
                --seed $((seed + $1))
        }
        table 1 100000 "$a,$b,$c"
        table 2 100000 "$a,$b,$c"
        table 3 60000 "$a,$b,$c"
        table 3 60000 "$a,$c,$b"
        table 4 40000 "$a,$b,$c"
        keep "strongest-$game"
    }
    strongest route66 9810 tuned-route66-duel tuned-route66-3p tuned-route66-4p
    strongest cant-stop 9820 tuned-cant-stop-solo tuned-cant-stop-duel tuned-cant-stop-3p
    # Route 66's variants, with ev beside the tuned players: alone and every pair at 2 players
    # (40,000 games each), and for the leisurely drive every table of 3 and 4 (20,000 games);
    # then the leisurely drive read as ten segments (leisurely:10), alone and at 2 players.
    echo "== strongest-route66-variants"
    seed=9830
    for variant in faster-gear leisurely leisurely:10; do
        for n in 1 2 3 4; do
            [ "$variant" != leisurely ] && [ "$n" -ge 3 ] && continue
            games=40000 seed=$((seed + 1))
            [ "$n" -ge 3 ] && games=20000
            collect --game route66 --variant "$variant" --players "$n" --games "$games" \
                --seed "$seed" --policies tuned-route66-duel,tuned-route66-3p,tuned-route66-4p,ev
        done
    done
    keep strongest-route66-variants
    # Can't Stop to 4 and 5 columns (--columns-to-win): the tuned players alone (40,000 games),
    # the duel and 3-player ones at 2 players (100,000 games) and at 3 and 4 (20,000 a table).
    echo "== strongest-cant-stop-columns"
    seed=9840
    for columns in 4 5; do
        for n in 1 2 3 4; do
            players=tuned-cant-stop-duel,tuned-cant-stop-3p games=20000 seed=$((seed + 1))
            [ "$n" = 1 ] && players=tuned-cant-stop-solo,$players games=40000
            [ "$n" = 2 ] && games=100000
            collect --game cant-stop --columns-to-win "$columns" --players "$n" \
                --policies "$players" --games "$games" --seed "$seed"
        done
    done
    keep strongest-cant-stop-columns
    # Treasure Hunt's three built-in players, as written and with hands of five: alone, every
    # pair at 2 players, the three at 3 in both seat orders (20,000 games each), every table
    # of them at 4 (10,000 games each).
    echo "== strongest-treasure-hunt"
    seed=9850
    for variant in standard hand-5; do
        flags=()
        [ "$variant" = standard ] || flags=(--variant "$variant")
        for table in 1:greedy,runner,thief 2:greedy,runner,thief 3:greedy,runner,thief \
            3:greedy,thief,runner 4:greedy,runner,thief; do
            n=${table%%:*} games=20000 seed=$((seed + 1))
            [ "$n" = 4 ] && games=10000
            collect --game treasure-hunt "${flags[@]}" --players "$n" \
                --policies "${table#*:}" --games "$games" --seed "$seed"
        done
    done
    keep strongest-treasure-hunt
fi
