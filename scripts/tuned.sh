#!/usr/bin/env bash
# The shipped tuned players measured on games their tuning never saw (other seeds, the
# tournament's game keys): each against its target, 200,000 games a matchup with seats
# rotating, and each against every built-in policy. Writes results/tuned-*.csv.
# About 10 minutes on 2 cores. Usage: scripts/tuned.sh [GAMES_PER_FIELD_MATCHUP] (default 20000)
# Environment: PRESSLUCK (a built binary; default: build and use target/release/pressluck),
#              OUT (output folder; default results).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20000}
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
    "$PRESSLUCK" tournament --quiet --games "$n" --out "$out/$name.csv" "$@"
}

# The targets: solitaire turns against glenn's, 2 players against glenn and against ev.
run tuned-cant-stop-solo-validation 200000 --game cant-stop --players 1 \
    --policies tuned-cant-stop-solo,glenn --seed 9101
run tuned-cant-stop-duel-validation 200000 --game cant-stop \
    --policies tuned-cant-stop-duel,glenn --seed 9202
run tuned-route66-duel-validation 200000 --game route66 \
    --policies tuned-route66-duel,ev --seed 9303

# Every built-in policy and strategy of the game against the tuned players (but optimal-turn,
# whose dynamic program at every decision plays a few hundred games a second).
builtins=ev,fixed-risk:0.3,cautious,bold,one-roll,rule28,glenn,rolls:2,random:0.3
run tuned-cant-stop-2p "$games" --game cant-stop --seed 9404 \
    --policies "tuned-cant-stop-duel,tuned-cant-stop-solo,$builtins"
run tuned-cant-stop-solitaire "$games" --game cant-stop --players 1 --seed 9505 \
    --policies "tuned-cant-stop-solo,tuned-cant-stop-duel,$builtins"
# A tuned strategy plays the game its file names: the Can't Stop ones have no Route 66 run.
run tuned-route66-2p "$games" --game route66 --seed 9606 \
    --policies "tuned-route66-duel,$builtins"
