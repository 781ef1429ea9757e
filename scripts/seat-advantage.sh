#!/usr/bin/env bash
# Does the first player have an advantage, and how much? Every game at 2, 3 and 4 players with
# its strongest shipped policy in every seat (self-play, seats rotating): results/seat-advantage.csv
# holds the seat rows (policy `all`: whoever sat in that seat) of each table.
# Usage: scripts/seat-advantage.sh [GAMES_PER_TABLE]   (default 100000)
# Environment: PRESSLUCK (a built binary; default: build and use target/release/pressluck),
#              OUT (output folder; default results).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100000}
out=${OUT:-results}
mkdir -p "$out"
if [ -z "${PRESSLUCK:-}" ]; then
    cargo build --release --quiet
    PRESSLUCK=target/release/pressluck
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The strongest shipped policy of each game and table size (see results/strongest-*.csv,
# results/*-2p.csv; `advise` and `review` roll out with the same).
strongest() { # game, players
    case $1 in
        route66) echo tuned-route66-4p ;;
        cant-stop) echo tuned-cant-stop-3p ;;
        great-races) if [ "$2" = 2 ]; then echo race-progress; else echo race-margin; fi ;;
        shortcut) echo optimal ;;
        treasure-hunt) echo thief ;;
    esac
}

first=1
for game in route66 cant-stop great-races shortcut treasure-hunt; do
    for players in 2 3 4; do
        policy=$(strongest "$game" "$players")
        echo "== $game, $players players, $policy in every seat"
        "$PRESSLUCK" tournament --quiet --game "$game" --players "$players" --policies "$policy" \
            --games "$games" --seed 2026 --out "$tmp/table.csv"
        # The header once, then the seat rows (column 8, policy, is `all`).
        if [ "$first" = 1 ]; then head -1 "$tmp/table.csv" > "$tmp/all.csv"; first=0; fi
        awk -F, 'NR > 1 && $8 == "all"' "$tmp/table.csv" >> "$tmp/all.csv"
    done
done
mv "$tmp/all.csv" "$out/seat-advantage.csv"
echo "done: $out/seat-advantage.csv"
