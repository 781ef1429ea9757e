#!/usr/bin/env bash
# Speed of this machine: `pressluck bench` on the issue's reference runs, 1 thread and all
# threads, written to results/bench.csv; with CRITERION=1 also `cargo bench` (criterion).
# Usage: scripts/bench.sh [GAMES]  (default 1000000)  Environment: PRESSLUCK, OUT, CRITERION.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000000}
out=${OUT:-results}
mkdir -p "$out"
if [ -z "${PRESSLUCK:-}" ]; then
    cargo build --release --quiet
    PRESSLUCK=target/release/pressluck
fi
threads=$(nproc)
csv="$out/bench.csv"
tmp="$csv.tmp"
echo "game,policies,threads,games,games_per_sec,rolls_per_sec,ns_per_roll,peak_rss_mb" > "$tmp"
run() { # game policies threads
    "$PRESSLUCK" bench --game "$1" --policies "$2" --threads "$3" --games "$games" --json |
        python3 -c 'import json,sys; d=json.load(sys.stdin); print(",".join(str(x) for x in [d["game"], "'"$2"'".replace(",", "|"), d["threads"], d["games"], round(d["games_per_sec"]), round(d["rolls_per_sec"]), round(d["ns_per_roll"], 2), round(d["peak_rss_mb"], 2)]))' >> "$tmp"
}
for t in 1 "$threads"; do
    run cant-stop fixed-risk:0.3 "$t"
    run route66 rule28,fixed-risk:0.3 "$t"
    run route66 ev,fixed-risk:0.3 "$t"
    run cant-stop ev,fixed-risk:0.3 "$t"
    run route66 fixed-risk:0.3 "$t"
done
mv "$tmp" "$csv"
cat "$csv"
if [ "${CRITERION:-0}" = 1 ]; then
    cargo bench --bench engine
fi
