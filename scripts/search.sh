#!/usr/bin/env bash
# The searching player (rollout:BASE,budget=B,z=Z,horizon=H; docs/search.md) against the tuned
# players on games no search or tuning saw, seats rotating. Writes results/search-*.csv:
#   search-cant-stop-duel, search-route66-duel   two players: the searcher over each game's
#                                                strongest duel player, against that player;
#   search-cant-stop-solo                        alone: turns to finish, the searcher over
#                                                tuned-cant-stop-solo and that player;
#   search-route66-3p, search-cant-stop-3p,      three and four players: the searcher over the
#   search-route66-4p                            table player at one of the tables of
#                                                scripts/tuned.sh (the duel player and ev; at
#                                                four, glenn too), and, in *-base.csv, the table
#                                                player itself at the same table and seed.
# Each run plays its games in chunks on the threads given, each searching seat's rollouts one
# after another inside its game. About 2 hours of CPU (each two-player run 40 minutes on 2
# cores shared with other work, each table 11). Usage:
#   scripts/search.sh [GAMES [THREADS [TABLE_GAMES [RUN...]]]]
# (default 4096 games a two-player run, 2 threads, 1024 games a solitaire or table run; RUN:
# the runs to make, by the name of their file without .csv, a table's -base run with it;
# default all).
# Environment: PRESSLUCK (a built binary; default: build and use target/release/pressluck),
#              OUT (output folder; default results),
#              NICE (the runs' niceness; default 19).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-4096}
threads=${2:-2}
table_games=${3:-1024}
shift $(($# < 3 ? $# : 3))
runs=" $* "
out=${OUT:-results}
mkdir -p "$out"
if [ -z "${PRESSLUCK:-}" ]; then
    cargo build --release --quiet
    PRESSLUCK=target/release/pressluck
fi

want() { [ "$runs" = "  " ] || [[ "$runs" == *" ${1%-base} "* ]]; }

run() { # name, games, then tournament arguments
    local name=$1 n=$2
    shift 2
    want "$name" || return 0
    echo "== $name"
    local start=$SECONDS
    nice -n "${NICE:-19}" "$PRESSLUCK" tournament --quiet --games "$n" --threads "$threads" \
        --out "$out/$name.csv" "$@"
    echo "   $((SECONDS - start)) s"
}

# The settings measured: every rollout truncated two turns after the decision's and valued by
# the race value fitted to the base's games; alone, played to the end.
duel=budget=8000,z=1,horizon=2
solo=budget=4000,z=1,horizon=end

# Two players.
run search-cant-stop-duel "$games" --game cant-stop --seed 4701 \
    --policies "rollout:tuned-cant-stop-duel,$duel,tuned-cant-stop-duel"
run search-route66-duel "$games" --game route66 --seed 4702 \
    --policies "rollout:tuned-route66-duel,$duel,tuned-route66-duel"
# Alone.
run search-cant-stop-solo "$table_games" --game cant-stop --players 1 --seed 4703 \
    --policies "rollout:tuned-cant-stop-solo,$solo,tuned-cant-stop-solo"
# Three and four players: the searcher in the table player's seat, then the table player.
table() { # name, seed, players, game, table player, the others
    local name=$1 seed=$2 players=$3 game=$4 player=$5 others=$6
    run "$name" "$table_games" --game "$game" --players "$players" --seed "$seed" \
        --policies "rollout:$player,$duel,$others"
    run "$name-base" "$table_games" --game "$game" --players "$players" --seed "$seed" \
        --policies "$player,$others"
}
table search-route66-3p 4704 3 route66 tuned-route66-3p tuned-route66-duel,ev
table search-cant-stop-3p 4705 3 cant-stop tuned-cant-stop-3p tuned-cant-stop-duel,ev
table search-route66-4p 4706 4 route66 tuned-route66-4p tuned-route66-duel,ev,glenn
