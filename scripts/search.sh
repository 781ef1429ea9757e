#!/usr/bin/env bash
# The searching player (rollout:BASE,n=N,z=Z; docs/search.md) against its base player on games
# no search saw, seats rotating: two-player Can't Stop against tuned-cant-stop-duel, two-player
# Route 66 against tuned-route66-duel, and Can't Stop alone against tuned-cant-stop-solo.
# Writes results/search-*.csv. Each run plays its games in chunks of 2,048 on the threads
# given, its searching player's rollouts one after another inside each game.
# About 20 minutes on 2 cores shared with other work, under nice (NICE, default 19). Usage:
#   scripts/search.sh [GAMES [THREADS]]
# (default 4096 games a run, 2 threads).
# Environment: PRESSLUCK (a built binary; default: build and use target/release/pressluck),
#              OUT (output folder; default results),
#              NICE (the runs' niceness; default 19).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-4096}
threads=${2:-2}
out=${OUT:-results}
mkdir -p "$out"
if [ -z "${PRESSLUCK:-}" ]; then
    cargo build --release --quiet
    PRESSLUCK=target/release/pressluck
fi

run() { # name, then tournament arguments
    local name=$1
    shift
    echo "== $name"
    local start=$SECONDS
    nice -n "${NICE:-19}" "$PRESSLUCK" tournament --quiet --games "$games" --threads "$threads" \
        --out "$out/$name.csv" "$@"
    echo "   $((SECONDS - start)) s"
}

# Two players: the searcher over each game's strongest duel player, against that player.
run search-cant-stop-duel --game cant-stop --seed 3801 \
    --policies rollout:tuned-cant-stop-duel,n=200,z=2,tuned-cant-stop-duel
run search-route66-duel --game route66 --seed 3802 \
    --policies rollout:tuned-route66-duel,n=100,z=2,tuned-route66-duel
# Alone: turns to finish against the tuned solitaire player.
run search-cant-stop-solo --game cant-stop --players 1 --seed 3803 \
    --policies rollout:tuned-cant-stop-solo,n=100,z=2,tuned-cant-stop-solo
