#!/usr/bin/env bash
# Regenerates the charts shown in the README (and the CSVs behind them) under results/:
#   sweep-route66.{csv,svg}     fixed-risk threshold swept against ev and rule28, Route 66
#   sweep-cant-stop.{csv,svg}   the same for Can't Stop
#   tournament.{csv,svg}        the README's main tournament (its default arguments and seed)
#   solitaire-turns.{csv,svg}   turns to finish a solitaire Route 66 game, per policy
#   odds-3cars.svg              the three-car bust heat map
#
# Usage: scripts/charts.sh [GAMES]   (GAMES per sweep point and opponent; default 20000)
# Environment: PRESSLUCK (the binary; default: cargo build --release and use it).
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-20000}"
if [[ -z "${PRESSLUCK:-}" ]]; then
    cargo build --release --quiet
    PRESSLUCK="${CARGO_TARGET_DIR:-target}/release/pressluck"
fi
run() { echo "+ pressluck $*" >&2; "$PRESSLUCK" "$@"; }

for game in route66 cant-stop; do
    run sweep --game "$game" --policy 'fixed-risk:{0.05..0.60 step 0.05}' \
        --against ev,rule28 --games "$games" --seed 1 --quiet \
        --out "results/sweep-$game.csv" --svg "results/sweep-$game.svg"
    grep ',true,' "results/sweep-$game.csv" | cut -d, -f3,5,8-10
done
run tournament --quiet --out results/tournament.csv --svg results/tournament.svg
run tournament --quiet --players 1 --games 100000 \
    --out results/solitaire-turns.csv --svg results/solitaire-turns.svg
run odds --svg results/odds-3cars.svg >/dev/null
ls -l results/*.svg
