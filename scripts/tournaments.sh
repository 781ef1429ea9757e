#!/usr/bin/env bash
# Reference tournaments of every game and variant, with fixed seeds: the CSVs in results/.
# Copy and edit freely. Usage: scripts/tournaments.sh [GAMES_PER_MATCHUP]   (default 20000)
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

run() { # name, then tournament arguments
    local name=$1
    shift
    echo "== $name"
    "$PRESSLUCK" tournament --quiet --games "$games" --out "$out/$name.csv" "$@"
}

field=ev,fixed-risk:0.3,one-roll,rule28,glenn
# The Mother Road: Route 66, both editions, both variants, 2 to 4 players.
run route66-en-2p --game route66 --policies "$field" --seed 66 --stop-table "$out/route66-en-2p-stops.csv"
run route66-de-2p --game route66 --edition de --policies "$field" --seed 66
run route66-faster-gear-2p --game route66 --variant faster-gear --policies "$field" --seed 66
run route66-leisurely-2p --game route66 --variant leisurely --policies "$field" --seed 66
run route66-en-3p --game route66 --players 3 --policies ev,fixed-risk:0.3,rule28,one-roll --seed 66
run route66-en-4p --game route66 --players 4 --policies ev,fixed-risk:0.3,rule28,one-roll --seed 66
run route66-solitaire --game route66 --players 1 --policies "$field,rolls:2,rolls:3" --seed 66
# Can't Stop: 2 players, solitaire turns to finish, the jumping variant A.
run cant-stop-2p --game cant-stop --policies "$field,fixed-risk:0.2" --seed 80 --stop-table "$out/cant-stop-2p-stops.csv"
run cant-stop-solitaire --game cant-stop --players 1 --policies "$field,fixed-risk:0.2,rolls:2,rolls:3" --seed 80
run cant-stop-jump-2p --game cant-stop --variant jump --policies "$field" --seed 80
# The Great Races: its pairing rules (race-points, race-progress, race-margin, random).
run great-races-2p --game great-races --seed 74
# Shortcut and Treasure Hunt.
run shortcut-2p --game shortcut --policies optimal,threshold:3,main-road,press:1 --seed 7
run shortcut-solitaire --game shortcut --players 1 --policies optimal,threshold:3,main-road,press:1,press:2 --seed 7
run treasure-hunt-4p --game treasure-hunt --players 4 --policies greedy,runner,thief --seed 36
echo "done: $out"
