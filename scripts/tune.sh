#!/usr/bin/env bash
# Tunes the shipped players with `pressluck tune` (CMA-ES over the race-aware Rule of N):
# strategies/tuned-*.toml and their search logs and curves, results/tune-*.csv and .svg.
# About an hour on 2 cores, under nice. Usage:
#   scripts/tune.sh [solo|duel|route66|route66-3p|route66-4p|cant-stop-3p]...  (default: all)
# Environment: PRESSLUCK (a built binary; default: build and use target/release/pressluck),
#              OUT (output folder for the logs; default results), STRATEGIES (default strategies).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-results}
strategies=${STRATEGIES:-strategies}
mkdir -p "$out" "$strategies"
if [ -z "${PRESSLUCK:-}" ]; then
    cargo build --release --quiet
    PRESSLUCK=target/release/pressluck
fi

tune() { # name, then tune arguments
    local name=$1
    shift
    echo "== $name"
    nice -n 19 "$PRESSLUCK" tune --quiet --validate 200000 --out "$out/tune-$name.csv" \
        --svg "$out/tune-$name.svg" --save "$strategies/tuned-$name.toml" "$@"
}

# The Rule of N's weights (columns 2/12, 3/11, 4/10, 5/9, 6/8, 7) as ranges 0..MAX from a start.
weights() { # MAX, then six starting values
    local top=$1 w=() v
    shift
    for v in "$@"; do w+=("{0..$top from $v}"); done
    (IFS=/; echo "${w[*]}")
}

# Solitaire: from Glenn & Aloi's weights, every Rule of N parameter and the own-race terms.
solo="race-aware:{15..45 from 29},progress=$(weights 12 7 7 3 2 2 1),choice=$(weights 12 7 0 2 0 4 3)"
solo+=",odd={-4..12 from 7},even={-6..10 from 1},high={-4..12 from 6},low={-4..12 from 5}"
solo+=",marker={0..12 from 6},won={-6.0..6.0 from 0},tops={-10.0..10.0 from 0}"
solo+=",near={-6.0..6.0 from 0},car-near={-6.0..6.0 from 0},open={-3.0..3.0 from 0}"
solo+=",claim={-10.0..20.0 from 0}"

# Two players: from the solitaire result, the opponents' terms added.
duel="race-aware:{5..45 from 15},progress=$(weights 14 10 5 4 3 2 1),choice=$(weights 14 7 0 4 1 7 6)"
duel+=",odd={-8..14 from 1},even={-8..14 from -1},high={-8..14 from 6},low={-8..14 from 5}"
duel+=",marker={0..16 from 10},won={-8.0..8.0 from 3},tops={-20.0..10.0 from -10}"
duel+=",near={-8.0..8.0 from -4},car-near={-8.0..10.0 from 6},open={-4.0..4.0 from 2}"
duel+=",claim={-10.0..30.0 from 16},opp-won={-8.0..8.0 from 0},opp-near={-8.0..8.0 from 0}"
duel+=",contest={-10.0..10.0 from 0}"

# Route 66: the same start, with the score lead (points) instead of the columns claimed.
route66="${duel},lead={-2.0..2.0 from 0}"

# Three and four players: the two-player template's ranges, each started from the shipped duel
# player's value (the file's policy, every key given), at the table with that player, ev and
# glenn: at 3 players every two of them fill the other seats, at 4 all three. A small first
# step (--step 0.05) refines the duel player rather than looking far from it.
declare -A range=([progress]=0..14 [choice]=0..14 [odd]=-8..14 [even]=-8..14 [high]=-8..14
    [low]=-8..14 [marker]=0..16 [won]=-8.0..8.0 [tops]=-20.0..10.0 [near]=-8.0..8.0
    [car-near]=-8.0..10.0 [open]=-4.0..4.0 [claim]=-10.0..30.0 [opp-won]=-8.0..8.0
    [opp-near]=-8.0..8.0 [contest]=-10.0..10.0 [lead]=-2.0..2.0)
from_duel() { # a strategy file: its race-aware policy as the template, from its values
    local spec key value v t w=() parts
    spec=$(sed -n 's/^policy = "race-aware:\(.*\)"$/\1/p' "$1")
    IFS=, read -ra parts <<<"$spec"
    t="race-aware:{5..45 from ${parts[0]}}"
    for kv in "${parts[@]:1}"; do
        key=${kv%%=*} value=${kv#*=} w=()
        IFS=/ read -ra vs <<<"$value"
        for v in "${vs[@]}"; do w+=("{${range[$key]} from $v}"); done
        t+=",$key=$(IFS=/; echo "${w[*]}")"
    done
    echo "$t"
}

for which in "${@:-solo duel route66 route66-3p route66-4p cant-stop-3p}"; do
    for w in $which; do
        case $w in
        solo) tune cant-stop-solo --game cant-stop --players 1 --policy "$solo" \
            --games 40000 --budget 3000 --seed 101 ;;
        duel) tune cant-stop-duel --game cant-stop --players 2 --policy "$duel" \
            --against glenn --games 20000 --budget 2000 --seed 202 ;;
        route66) tune route66-duel --game route66 --players 2 --policy "$route66" \
            --against ev --games 20000 --budget 1500 --seed 303 ;;
        route66-3p) tune route66-3p --game route66 --players 3 \
            --policy "$(from_duel strategies/tuned-route66-duel.toml)" \
            --against tuned-route66-duel,ev,glenn --step 0.05 --games 3000 --budget 420 --seed 404 ;;
        route66-4p) tune route66-4p --game route66 --players 4 \
            --policy "$(from_duel strategies/tuned-route66-duel.toml)" \
            --against tuned-route66-duel,ev,glenn --step 0.05 --games 8000 --budget 420 --seed 505 ;;
        cant-stop-3p) tune cant-stop-3p --game cant-stop --players 3 \
            --policy "$(from_duel strategies/tuned-cant-stop-duel.toml)" \
            --against tuned-cant-stop-duel,ev,glenn --step 0.05 --games 6000 --budget 420 --seed 606 ;;
        *) echo "unknown run '$w' (solo, duel, route66, route66-3p, route66-4p or cant-stop-3p)" >&2
            exit 2 ;;
        esac
    done
done
