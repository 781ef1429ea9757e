#!/usr/bin/env bash
# The literature's Can't Stop solitaire rules beside pressluck's tuned player, on the same games:
# Keller's Rule of 28 (with pressluck's tie rule and with Glenn's move order), Glenn & Aloi's
# evolved Rule of N, Glenn's linear-weights rule, and tuned-cant-stop-solo; then the searching
# player over tuned-cant-stop-solo beside it on fewer games (its rollouts make each game some
# ten thousand times dearer: a 2,048-game run takes about 3 minutes on one core).
# Usage: scripts/literature.sh [GAMES [SEARCH_GAMES]]   (default 1000000 and 2048)
# Environment: PRESSLUCK (a built binary; default: build and use target/release/pressluck),
#              OUT (output folder; default results).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000000}
search_games=${2:-2048}
out=${OUT:-results}
mkdir -p "$out"
if [ -z "${PRESSLUCK:-}" ]; then
    cargo build --release --quiet
    PRESSLUCK=target/release/pressluck
fi
"$PRESSLUCK" tournament --quiet --game cant-stop --players 1 --games "$games" --seed 1979 \
    --policies rule28,rule28:ties=glenn,glenn,glenn-linear,glenn-linear:ties=glenn,tuned-cant-stop-solo \
    --out "$out/literature-solitaire.csv"
cut -d, -f8,10,16,17 "$out/literature-solitaire.csv"
# Its name holds commas (quoted in the CSV), so the tournament's own table is shown.
"$PRESSLUCK" tournament --game cant-stop --players 1 --games "$search_games" --seed 1979 \
    --policies rollout:tuned-cant-stop-solo,budget=4000,z=1,horizon=end,tuned-cant-stop-solo \
    --out "$out/literature-solitaire-search.csv"
