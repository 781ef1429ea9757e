#!/usr/bin/env bash
# Speed of this machine, for comparing machines and builds:
#   results/bench.csv            `pressluck bench` on the reference runs of every game (the column
#                                races' policies, the race-aware tuned-cant-stop-duel against glenn
#                                beside glenn's self-play, The Great Races, Shortcut and Treasure
#                                Hunt), 1 thread and all
#   results/bench-criterion.csv  the criterion benches (`cargo bench --bench engine`): median time
#                                per iteration and per element (roll, game) of every benchmark run
# Usage: scripts/bench.sh [GAMES]  (default 1000000; The Great Races play a tenth of them and
#   Treasure Hunt a hundredth, its games being that much longer)
# Environment: REPEAT (runs of each `pressluck bench` row, the median kept; default 3),
#   PRESSLUCK (a built binary; default: build target/release/pressluck), OUT (output
#   folder; default results), CRITERION (a criterion filter; default
#   'roll_evaluator|one_game/|tournament' — everything but the slow optimal-turn games; 'all' for
#   every bench, 0 to skip criterion), CRITERION_TIME (seconds of measurement per bench; default 2).
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
run() { # game policies threads [games]
    "$PRESSLUCK" bench --game "$1" --policies "$2" --threads "$3" --games "${4:-$games}" \
        --repeat "${REPEAT:-3}" --json |
        python3 -c 'import json,sys; d=json.load(sys.stdin); print(",".join(str(x) for x in [d["game"], "'"$2"'".replace(",", "|"), d["threads"], d["games"], round(d["games_per_sec"]), round(d["rolls_per_sec"]), round(d["ns_per_roll"], 2), round(d["peak_rss_mb"], 2)]))' >> "$tmp"
}
for t in 1 "$threads"; do
    run cant-stop fixed-risk:0.3 "$t"
    run route66 rule28,fixed-risk:0.3 "$t"
    run route66 ev,fixed-risk:0.3 "$t"
    run cant-stop ev,fixed-risk:0.3 "$t"
    run cant-stop ev "$t"
    run route66 ev "$t"
    run route66 fixed-risk:0.3 "$t"
    run cant-stop glenn "$t"
    run cant-stop tuned-cant-stop-duel,glenn "$t"
    run great-races race-points "$t" $((games / 10))
    run great-races race-progress "$t" $((games / 10))
    run shortcut optimal "$t"
    run treasure-hunt greedy "$t" $((games / 100))
done
mv "$tmp" "$csv"
cat "$csv"

filter=${CRITERION:-'roll_evaluator|one_game/|lanes|tournament'}
[ "$filter" = 0 ] && exit 0
args=(--warm-up-time 1 --measurement-time "${CRITERION_TIME:-2}")
[ "$filter" != all ] && args+=("$filter")
target=${CARGO_TARGET_DIR:-target}
# Only this run's results go into the CSV (criterion keeps older ones under target/criterion).
start=$(python3 -c 'import time; print(time.time())')
cargo bench --bench engine -- "${args[@]}"
python3 - "$target/criterion" "$out/bench-criterion.csv" "$start" <<'PY'
import csv, json, os, sys
root, dest, start = sys.argv[1], sys.argv[2], float(sys.argv[3])
rows = []
for d, _, files in os.walk(root):
    if os.path.basename(d) != "new" or "benchmark.json" not in files:
        continue
    if os.path.getmtime(os.path.join(d, "estimates.json")) < start:
        continue
    meta = json.load(open(os.path.join(d, "benchmark.json")))
    est = json.load(open(os.path.join(d, "estimates.json")))["median"]
    elements = (meta.get("throughput") or {}).get("Elements") or 1
    ns, ci = est["point_estimate"], est["confidence_interval"]
    rows.append([meta["full_id"], elements, f"{ns:.1f}", f"{ci['lower_bound']:.1f}",
                 f"{ci['upper_bound']:.1f}", f"{ns / elements:.2f}"])
rows.sort()
tmp = dest + ".tmp"
with open(tmp, "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["bench", "elements", "median_ns", "ci95_low_ns", "ci95_high_ns", "ns_per_element"])
    w.writerows(rows)
os.replace(tmp, dest)
print(open(dest).read(), end="")
PY
