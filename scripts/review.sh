#!/usr/bin/env bash
# The review of a whole game: examples/records/cant-stop-game.rec (glenn against
# tuned-cant-stop-duel, Can't Stop, two players), every decision and roll played out 4,000
# times by the game's strongest shipped player (tuned-cant-stop-3p) in every seat. Writes results/review-cant-stop-game.csv, the
# text review beside it (.txt) and the chart of the game's course (.svg).
# Usage: scripts/review.sh [ROLLOUTS]   (default 4000)
# Environment: PRESSLUCK (a built binary; default: build and use target/release/pressluck),
#              OUT (output folder; default results).
set -euo pipefail
cd "$(dirname "$0")/.."
rollouts=${1:-4000}
out=${OUT:-results}
mkdir -p "$out"
if [ -z "${PRESSLUCK:-}" ]; then
    cargo build --release --quiet
    PRESSLUCK=target/release/pressluck
fi
"$PRESSLUCK" review examples/records/cant-stop-game.rec --quiet --rollouts "$rollouts" --seed 66 \
    --out "$out/review-cant-stop-game.csv" --svg "$out/review-cant-stop-game.svg" \
    > "$out/review-cant-stop-game.txt"
tail -n 2 "$out/review-cant-stop-game.txt"
