#!/usr/bin/env bash
# The exact odds tables in results/: bust odds of sets of cars (Can't Stop and Route 66 share
# them: busting depends on the usable columns alone), with free cars, the track view and reach
# odds. Usage: scripts/odds.sh   Environment: PRESSLUCK (binary), OUT (folder, default results).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-results}
mkdir -p "$out"
if [ -z "${PRESSLUCK:-}" ]; then
    cargo build --release --quiet
    PRESSLUCK=target/release/pressluck
fi
"$PRESSLUCK" odds --game cant-stop --out "$out/odds-cant-stop.csv"
"$PRESSLUCK" odds --game route66 --free-cars 3 --out "$out/odds-route66.csv"
"$PRESSLUCK" odds --game cant-stop --view tracks --out "$out/odds-tracks.csv"
"$PRESSLUCK" odds --game cant-stop --view reach --out "$out/odds-reach.csv"
echo "done: $out"
