#!/usr/bin/env bash
# Submits a sharded pressluck tournament (or sweep: put `sweep` first in ARGS) to Slurm: a job array of N shards (tournament.sbatch),
# then a merge job (merge.sbatch) that runs once every shard succeeded
# (--dependency=afterok:ARRAY_JOB_ID). Prints the two job ids, "ARRAY MERGE".
#
# Usage:
#   scripts/slurm/submit.sh -n N -o OUTDIR [-c CPUS] [-s "SBATCH_ARGS"] [--] [sweep] ARGS...
#
#   -n N            shards (array tasks 1..N)
#   -o OUTDIR       shared folder for shard files, checkpoints and the merged results
#   -c CPUS         CPUs (threads) per shard (default 1)
#   -s SBATCH_ARGS  extra sbatch flags for both jobs, e.g. "-p long --time=2:00:00"
#   ARGS            the tournament's own arguments (game, policies, games, seed, ...), or
#                   `sweep` and the sweep's
#
# Environment: PRESSLUCK, the binary every node runs (default: ./target/release/pressluck of
# the submit folder). Logs go to the submit folder (pressluck-shard-*.log, pressluck-merge-*.log).
#
# Example:
#   scripts/slurm/submit.sh -n 16 -c 4 -o /shared/runs/cs -- --game cant-stop --games 10000000
#   scripts/slurm/submit.sh -n 8 -o /shared/runs/sw -- sweep --game route66 \
#       --policy 'fixed-risk:{0.05..0.60 step 0.05}' --against ev,rule28 --games 1000000
set -euo pipefail

n= out= cpus=1 extra=
while getopts ":n:o:c:s:" opt; do
    case $opt in
        n) n=$OPTARG ;;
        o) out=$OPTARG ;;
        c) cpus=$OPTARG ;;
        s) extra=$OPTARG ;;
        *) echo "error: bad option -$OPTARG (see the header of $0)" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ ${1:-} == -- ]] && shift
if ! [[ $n =~ ^[1-9][0-9]*$ ]] || [[ -z $out ]]; then
    echo "usage: $0 -n N -o OUTDIR [-c CPUS] [-s SBATCH_ARGS] [--] [sweep] ARGS..." >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
# shellcheck disable=SC2086 # SBATCH_ARGS are words on purpose
array=$(sbatch --parsable $extra --array="1-$n" --cpus-per-task="$cpus" \
    "$here/tournament.sbatch" "$out" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable $extra --dependency="afterok:$array" \
    "$here/merge.sbatch" "$out" "$n")
merge=${merge%%;*}
echo "$array $merge"
