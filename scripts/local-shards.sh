#!/usr/bin/env bash
# Runs a pressluck tournament or sweep as N shards on this machine (PARALLEL of them at a time,
# through `xargs -P`), merges them into one result CSV (and a tournament's stop table, a sweep's
# chart), and, when asked, checks the merge against an unsharded run byte for byte. The same
# shards can run on many machines instead (see scripts/slurm/ and docs/scale-out.md); merging is
# the same.
#
# Usage:
#   scripts/local-shards.sh [-n SHARDS] [-j PARALLEL] [-o OUTDIR] [-c] [--] [tournament|sweep] ARGS...
#
#   -n SHARDS    number of shards (default: $SHARDS, else 4)
#   -j PARALLEL  shards running at once (default: $PARALLEL, else the number of cores)
#   -o OUTDIR    folder for the shard files, logs and merged results (default: $OUT_DIR, else
#                results/shards)
#   -c           compare: also run unsharded and compare the merged CSV and stop table (a
#                sweep's CSV and chart) with it byte for byte (exit 1 on any difference)
#   tournament|sweep  the command to shard (default: tournament)
#   ARGS         passed to every `pressluck tournament` or `pressluck sweep` (game, policies or
#                policy template, games, seed, ...); not --out, --shard, --stop-table, --svg,
#                --checkpoint or --resume, which this script sets
#
# Environment:
#   PRESSLUCK    the binary (default: $CARGO_TARGET_DIR/release/pressluck or
#                target/release/pressluck; built with `cargo build --release` when missing)
#   THREADS      --threads of each shard (default: cores / PARALLEL, at least 1)
#
# Each shard saves a checkpoint (OUTDIR/shard-K-of-N.ck); running the script again with the same
# arguments resumes interrupted shards instead of starting them over. Use a fresh OUTDIR for a
# different run (a checkpoint of another run is refused).
#
# Output: OUTDIR/merged.csv, OUTDIR/merged-stops.csv (tournament) or OUTDIR/merged.svg (sweep),
# OUTDIR/shard-K-of-N.csv (counters), OUTDIR/logs/shard-K-of-N.log. Exit status: 0 on success
# (and equality with -c), non-zero if a shard, the merge or the comparison fails.
#
# Examples:
#   scripts/local-shards.sh -n 8 -j 2 -c -- --game cant-stop --games 200000 --seed 7
#   scripts/local-shards.sh -n 4 -c -o results/sweep-shards -- sweep --game cant-stop \
#       --policy 'fixed-risk:{0.05..0.60 step 0.05}' --against ev,rule28 --games 20000
set -euo pipefail

shards=${SHARDS:-4}
cores=$(nproc 2>/dev/null || echo 1)
parallel=${PARALLEL:-$cores}
outdir=${OUT_DIR:-results/shards}
compare=0
while getopts ":n:j:o:ch" opt; do
    case $opt in
        n) shards=$OPTARG ;;
        j) parallel=$OPTARG ;;
        o) outdir=$OPTARG ;;
        c) compare=1 ;;
        h) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        :) echo "error: -$OPTARG needs a value (see -h)" >&2; exit 1 ;;
        *) echo "error: unknown option -$OPTARG (see -h)" >&2; exit 1 ;;
    esac
done
shift $((OPTIND - 1))
[[ ${1:-} == -- ]] && shift
command=tournament
if [[ ${1:-} == tournament || ${1:-} == sweep ]]; then
    command=$1
    shift
fi
for v in "$shards" "$parallel"; do
    [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "error: -n and -j take a whole number >= 1, not '$v'" >&2; exit 1; }
done
for a in "$@"; do
    case $a in --out|--shard|--stop-table|--svg|--checkpoint|--resume|--out=*|--shard=*|--stop-table=*|--svg=*|--checkpoint=*|--resume=*)
        echo "error: $a is set by this script; pass only the $command's own arguments" >&2; exit 1 ;;
    esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
bin=${PRESSLUCK:-${CARGO_TARGET_DIR:-$root/target}/release/pressluck}
if [[ ! -x $bin ]]; then
    echo "== building $bin"
    (cd "$root" && cargo build --release --quiet)
fi
threads=${THREADS:-$(( cores / parallel > 0 ? cores / parallel : 1 ))}
mkdir -p "$outdir/logs"

echo "== $command: $shards shards, $parallel at a time, $threads thread(s) each, into $outdir"
started=$(date +%s)
export bin command outdir shards threads
# One line per shard index; each runs the command with its checkpoint, resuming if present.
seq 1 "$shards" | xargs -P "$parallel" -I{} bash -c '
    k=$1; shift
    name="$outdir/shard-$k-of-$shards"
    resume=()
    [[ -f $name.ck ]] && resume=(--resume "$name.ck")
    if "$bin" "$command" --quiet --threads "$threads" "$@" --shard "$k/$shards" \
        --out "$name.csv" --checkpoint "$name.ck" "${resume[@]}" > "$outdir/logs/shard-$k-of-$shards.log" 2>&1; then
        echo "   shard $k/$shards done"
    else
        echo "   shard $k/$shards FAILED (see $outdir/logs/shard-$k-of-$shards.log)" >&2
        exit 255
    fi' _ {} "$@"

files=()
for k in $(seq 1 "$shards"); do files+=("$outdir/shard-$k-of-$shards.csv"); done
# The second output beside the CSV: a tournament's stop table, a sweep's chart.
if [[ $command == tournament ]]; then
    extra=(--stop-table) suffix=-stops.csv
else
    extra=(--svg) suffix=.svg
fi
"$bin" merge "${files[@]}" --out "$outdir/merged.csv" "${extra[@]}" "$outdir/merged$suffix"
echo "== merged in $(( $(date +%s) - started )) s: $outdir/merged.csv, $outdir/merged$suffix"

if (( compare )); then
    echo "== unsharded run for comparison"
    "$bin" "$command" --quiet "$@" --out "$outdir/single.csv" "${extra[@]}" "$outdir/single$suffix"
    if cmp "$outdir/merged.csv" "$outdir/single.csv" && cmp "$outdir/merged$suffix" "$outdir/single$suffix"; then
        echo "== SAME: the merged shards equal the unsharded run byte for byte"
    else
        echo "== DIFFERENT: the merged shards differ from the unsharded run" >&2
        exit 1
    fi
fi
