#!/usr/bin/env bash
# End-to-end smoke test of the Slurm scripts on a throwaway single machine, as root: installs
# Debian's slurm-wlm and munge (apt-get), starts munged (unless one already answers), a private
# slurmctld and slurmd for this host only, builds the release binary, submits a 3-shard
# tournament array and its merge job (submit.sh), waits, compares the merged CSV and stop table
# with an unsharded run byte for byte, does the same for a sharded sweep (CSV and chart), prints
# PASS or FAIL, and stops the daemons it started.
#
# Usage: sudo scripts/slurm/smoke.sh        (not part of CI; see docs/scale-out.md)
#
# Environment: SHARDS (default 3), GAMES per matchup (default 20000), KEEP=1 keeps the work
# folder ($STATE, default /tmp/pressluck-slurm-smoke) with the logs.
# The Slurm configuration lives in the work folder (SLURM_CONF), not in /etc/slurm, and has no
# cgroup.conf (with one, even CgroupPlugin=disabled, slurmd 22.05 fails to start on such
# machines). It refuses to run when a slurmctld or slurmd is already running.
set -euo pipefail

shards=${SHARDS:-3}
games=${GAMES:-20000}
state=${STATE:-/tmp/pressluck-slurm-smoke}
root=$(cd "$(dirname "$0")/../.." && pwd)
started_pids=()

say() { echo "== $*"; }
fail() { echo "FAIL: $*"; exit 1; }
cleanup() {
    local code=$?
    local i entry pid
    for ((i = ${#started_pids[@]} - 1; i >= 0; i--)); do # the last started stops first
        entry=${started_pids[i]}
        pid=${entry#*:}
        kill "$pid" 2>/dev/null || continue
        for _ in $(seq 100); do
            [[ -d /proc/$pid && $(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null) != Z ]] || break
            sleep 0.1
        done
        say "stopped ${entry%%:*} (pid $pid)"
    done
    if [[ ${KEEP:-0} != 1 && $code == 0 ]]; then rm -rf "$state"; fi
    exit "$code"
}
trap cleanup EXIT

[[ $(id -u) == 0 ]] || fail "run as root (installs packages, starts daemons)"
for d in slurmctld slurmd; do
    if pgrep -x "$d" >/dev/null; then fail "a $d is already running; this smoke test wants its own"; fi
done

say "installing slurm-wlm and munge"
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq slurm-wlm munge >/dev/null
else
    echo "already installed"
fi
slurmctld -V

say "munge"
if ! (munge -n | unmunge) >/dev/null 2>&1; then
    if [[ ! -s /etc/munge/munge.key ]]; then
        mkdir -p /etc/munge
        dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
    fi
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /etc/munge/munge.key /run/munge /var/log/munge /var/lib/munge
    chmod 400 /etc/munge/munge.key
    chmod 755 /run/munge
    runuser -u munge -- /usr/sbin/munged
    for _ in $(seq 50); do [[ -f /run/munge/munged.pid ]] && break; sleep 0.1; done
    started_pids+=("munged:$(cat /run/munge/munged.pid)")
fi
munge -n | unmunge | grep -q 'STATUS: *Success' || fail "munge does not work"
echo "munge -n | unmunge: Success"

say "slurm configuration in $state"
rm -rf "$state"
mkdir -p "$state/ctld" "$state/d" "$state/run"
host=$(hostname -s)
mem=$(awk '/MemTotal/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
export SLURM_CONF=$state/slurm.conf
cat > "$SLURM_CONF" <<CONF
ClusterName=pressluck-smoke
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/d
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
NodeName=$host CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=smoke Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF

say "starting slurmctld and slurmd"
slurmctld -f "$SLURM_CONF"
for _ in $(seq 50); do [[ -f $state/slurmctld.pid ]] && break; sleep 0.1; done
started_pids+=("slurmctld:$(cat "$state/slurmctld.pid")")
slurmd -f "$SLURM_CONF"
for _ in $(seq 50); do [[ -f $state/slurmd.pid ]] && break; sleep 0.1; done
started_pids+=("slurmd:$(cat "$state/slurmd.pid")")
for i in $(seq 60); do
    st=$(sinfo -h -o %T 2>/dev/null || true)
    [[ $st == idle ]] && break
    (( i == 60 )) && fail "the node is not idle after 60 s (sinfo: '$st'; see $state/*.log)"
    sleep 1
done
sinfo

say "building the release binary"
(cd "$root" && cargo build --release --quiet)
export PRESSLUCK=${CARGO_TARGET_DIR:-$root/target}/release/pressluck
[[ -x $PRESSLUCK ]] || fail "no binary at $PRESSLUCK"

args=(--game cant-stop --policies one-roll,fixed-risk:0.3,rule28 --games "$games" --seed 66)
say "submitting $shards shards and the merge: ${args[*]}"
cd "$state/run"
read -r array merge < <("$root/scripts/slurm/submit.sh" -n "$shards" -o "$state/run/out" -- "${args[@]}")
echo "array job $array, merge job $merge"
for i in $(seq 600); do
    squeue -h -j "$array,$merge" 2>/dev/null | grep -q . || break
    (( i % 10 == 0 )) && squeue
    sleep 1
done
for id in "$array" "$merge"; do
    scontrol -o show job "$id" 2>/dev/null | awk '{
        for (i = 1; i <= NF; i++) if ($i ~ /^(JobId|JobName|ArrayTaskId|JobState|RunTime|NodeList)=/) printf "%s ", $i
        print ""
    }' || true
done
head -n 1 "$state"/run/pressluck-*.log
merge_state=$(scontrol show job "$merge" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -1)
[[ $merge_state == JobState=COMPLETED ]] || { tail -n 5 "$state"/run/*.log; fail "merge job: ${merge_state:-unknown}"; }
ls -l "$state/run/out"

say "unsharded run for comparison"
"$PRESSLUCK" tournament --quiet "${args[@]}" --out "$state/run/single.csv" --stop-table "$state/run/single-stops.csv"
if cmp "$state/run/out/merged.csv" "$state/run/single.csv" \
    && cmp "$state/run/out/merged-stops.csv" "$state/run/single-stops.csv"; then
    head -3 "$state/run/out/merged.csv"
    echo "PASS: $shards Slurm shards merged equal the unsharded run byte for byte"
else
    fail "the merged shards differ from the unsharded run"
fi

sweep=(sweep --game cant-stop --policy 'fixed-risk:{0.1..0.3 step 0.1}' --against rule28
    --games "$games" --seed 66)
say "submitting a sweep in $shards shards and its merge: ${sweep[*]}"
read -r array merge < <("$root/scripts/slurm/submit.sh" -n "$shards" -o "$state/run/sweep" -- "${sweep[@]}")
echo "array job $array, merge job $merge"
for i in $(seq 600); do
    squeue -h -j "$array,$merge" 2>/dev/null | grep -q . || break
    sleep 1
done
merge_state=$(scontrol show job "$merge" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | head -1)
[[ $merge_state == JobState=COMPLETED ]] || { tail -n 5 "$state"/run/*.log; fail "sweep merge job: ${merge_state:-unknown}"; }
"$PRESSLUCK" "${sweep[@]}" --quiet --out "$state/run/sweep-single.csv" --svg "$state/run/sweep-single.svg"
if cmp "$state/run/sweep/merged.csv" "$state/run/sweep-single.csv" \
    && cmp "$state/run/sweep/merged.svg" "$state/run/sweep-single.svg"; then
    echo "PASS: a sweep in $shards Slurm shards merged equals the unsharded sweep byte for byte (CSV and chart)"
else
    fail "the merged sweep shards differ from the unsharded sweep"
fi
