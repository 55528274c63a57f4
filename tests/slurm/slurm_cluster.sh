#!/bin/bash
# slurm_cluster.sh KC REPO SCRATCH — scripts/slurm_bench.sh on a real Slurm: a
# single-node cluster from Debian's packages (slurm-wlm, munge) started here on
# loopback, as docs/cluster.md describes, then:
#  1. a sweep of a few npu baselines as a job array of shards; the merged shards
#     must equal a local kc bench of the same selection, no record lost or doubled;
#  2. a slower sweep, one of whose array tasks is requeued (scontrol requeue) while
#     its kc bench runs; the requeued task resumes its shard file, and the merged
#     result again equals a local run, every record once, none a crash.
# Needs root (munged runs as the munge user, slurmd as root). Exit 77 (skipped)
# when Slurm or munge is missing or this is not root, unless KC_REQUIRE_SLURM is
# set (CI sets it): then that is a failure. Every daemon and job process it starts
# is ended on every exit path, and checked to be gone on success.
set -u
KC=$1
REPO=$2
D=$3
SEL1="--platform npu --tasks relu,softmax --configs 1,2"   # 12 evaluations, ~0.1 s each
SHARDS1=4
SEL2="--platform npu --tasks silu,gelu --configs 4 --seeds 1001,1002,1003,1004,1005,1006,1007,1008"   # 16, ~0.5 s each
SHARDS2=2

RUN=
CONF=
pids=()   # slurmctld, slurmd (foreground daemons, children of this script)
. "$REPO/tests/bench/records.sh"

say() { echo "slurm_cluster: $*"; }
fail() {
    echo "FAIL: $*" >&2
    if [ -n "$RUN" ] && [ -d "$RUN" ]; then   # the daemons' logs, for the reader and the scratch dir
        mkdir -p "$D/logs" && cp "$RUN"/*.log "$RUN"/munge/munged.log "$D/logs/" 2>/dev/null
        for f in "$RUN"/slurmctld.log "$RUN"/slurmd.log; do
            [ -f "$f" ] && { echo "--- $(basename "$f") (last lines; all in $D/logs)"; tail -n 15 "$f"; } >&2
        done
    fi
    exit 1
}

# --- can it run here? -------------------------------------------------------
PATH=$PATH:/usr/sbin:/sbin   # the daemons (a user's PATH may lack sbin)
missing=
for c in munged slurmctld slurmd sbatch squeue scontrol sinfo scancel; do
    command -v $c > /dev/null || missing="$missing $c"
done
why=
[ -n "$missing" ] && why="missing:$missing (apt-get install slurm-wlm munge)"
[ -z "$why" ] && [ "$(id -u)" != 0 ] && why="not root (munged runs as the munge user, slurmd as root)"
[ -z "$why" ] && ! getent passwd munge > /dev/null && why="no munge user (Debian's munge package makes it)"
if [ -n "$why" ]; then
    [ -n "${KC_REQUIRE_SLURM:-}" ] && fail "KC_REQUIRE_SLURM is set but $why"
    say "skipped: $why"
    exit 77
fi

# --- teardown: every exit path ----------------------------------------------
# Processes of this cluster: the daemons, slurmstepd and the jobs all carry our
# SLURM_CONF (a path no other cluster has) in their environment.
ours() {
    [ -n "$CONF" ] || return 0
    for p in /proc/[0-9]*; do
        { tr '\0' '\n' < "$p/environ"; } 2> /dev/null | grep -qxF "SLURM_CONF=$CONF" && echo "${p#/proc/}"
    done
}
munged_pid() { [ -n "$RUN" ] && cat "$RUN/munge/munged.pid" 2> /dev/null; }
teardown() {
    [ -n "$RUN" ] || return 0
    if [ ${#pids[@]} -gt 0 ]; then
        scancel --quiet --user=root 2> /dev/null   # this cluster's jobs (SLURM_CONF names it)
        for _ in $(seq 50); do [ -z "$(squeue -h 2> /dev/null)" ] && break; sleep 0.2; done
        kill "${pids[@]}" 2> /dev/null
        for _ in $(seq 50); do kill -0 "${pids[@]}" 2> /dev/null || break; sleep 0.1; done
        kill -KILL "${pids[@]}" 2> /dev/null
        wait "${pids[@]}" 2> /dev/null
        pids=()
    fi
    local left
    left=$(ours)
    [ -n "$left" ] && kill -KILL $left 2> /dev/null   # a slurmstepd or job the daemons left behind
    local m
    m=$(munged_pid)
    if [ -n "$m" ]; then
        kill "$m" 2> /dev/null
        for _ in $(seq 50); do kill -0 "$m" 2> /dev/null || break; sleep 0.1; done
        kill -KILL "$m" 2> /dev/null
    fi
    rm -rf "$RUN"
    RUN=
}
trap teardown EXIT
trap 'exit 130' INT TERM

# --- the cluster ------------------------------------------------------------
rm -rf "$D" && mkdir -p "$D/work1" "$D/work2" || exit 2
# Daemon state, sockets and logs in a short private path (a socket path is at most
# 107 bytes); the sweep's files in $D stand for the shared storage.
RUN=$(mktemp -d /tmp/kc-slurm.XXXXXX) || exit 2
chmod 755 "$RUN"
mkdir -p "$RUN/munge" "$RUN/spool" "$RUN/state" || exit 2
CONF=$RUN/slurm.conf
export SLURM_CONF=$CONF
t0=$(date +%s.%N)
elapsed() { awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

# munge: its own key and socket (no /etc/munge, /run/munge or system munged needed),
# the daemon run by hand as the munge user
head -c 1024 /dev/urandom > "$RUN/munge/munge.key"
chmod 755 "$RUN/munge" && chmod 600 "$RUN/munge/munge.key" && chown -R munge:munge "$RUN/munge" || exit 2
MSOCK=$RUN/munge/munge.socket
su -s /bin/sh munge -c "munged --socket=$MSOCK --key-file=$RUN/munge/munge.key --pid-file=$RUN/munge/munged.pid \
    --log-file=$RUN/munge/munged.log --seed-file=$RUN/munge/munged.seed" || fail "munged did not start"
for _ in $(seq 50); do [ -S "$MSOCK" ] && [ -n "$(munged_pid)" ] && break; sleep 0.1; done
[ -S "$MSOCK" ] || fail "munged made no socket: $(cat "$RUN/munge/munged.log" 2> /dev/null)"

# two free TCP ports: a concurrent run (or a real slurmctld on 6817) must not collide
free_port() {
    local p
    for _ in $(seq 100); do
        p=$((20000 + RANDOM % 40000))
        [ "$p" = "${1:-}" ] && continue
        (exec 3<> "/dev/tcp/127.0.0.1/$p") 2> /dev/null || { echo "$p"; return; }
    done
    return 1
}
CPORT=$(free_port) && DPORT=$(free_port "$CPORT") || fail "no free TCP port"

# Loopback, no systemd or cgroups: proctrack/linuxproc follows a job's processes by
# parentage, task/none binds nothing. No accounting. A 10 s credential lifetime
# (default 120): slurmctld holds a requeued job until its old credential expired.
# The schedulers wake every second (defaults: 60 and 30 s) so a requeued task
# starts when it may, not when the next pass comes.
cat > "$CONF" << EOF
ClusterName=kctest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$CPORT
SlurmdPort=$DPORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MSOCK,cred_expire=10
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
MailProg=/bin/true
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1,bf_interval=1
ReturnToService=2
StateSaveLocation=$RUN/state
SlurmdSpoolDir=$RUN/spool
SlurmctldPidFile=$RUN/slurmctld.pid
SlurmdPidFile=$RUN/slurmd.pid
SlurmctldLogFile=$RUN/slurmctld.log
SlurmdLogFile=$RUN/slurmd.log
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=kc Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -D -i > "$RUN/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N localhost > "$RUN/slurmd.out" 2>&1 &
pids+=($!)

# the first reference (local, same selection) while the daemons come up
"$KC" bench $SEL1 --jobs 2 --out "$D/ref1.jsonl" > /dev/null 2> "$D/ref1.err" || fail "local kc bench: $(cat "$D/ref1.err")"
N1=$(lines "$D/ref1.jsonl")
for _ in $(seq 150); do [ "$(sinfo -h -n localhost -o %T 2> /dev/null)" = idle ] && break; sleep 0.2; done
[ "$(sinfo -h -n localhost -o %T 2> /dev/null)" = idle ] || fail "the node is not idle: $(sinfo 2>&1)"
say "cluster up ($(nproc) CPUs, ports $CPORT/$DPORT) at $(elapsed) s"

# submit WORKDIR SHARDS SELECTION...: the array of slurm_bench.sh; prints its job id
submit() {
    local w=$1 n=$2
    shift 2
    (cd "$w" && KC=$KC sbatch --parsable --array=0-$((n - 1)) --cpus-per-task=1 "$REPO/scripts/slurm_bench.sh" "$@")
}
# wait_done JOBID SECONDS: polls squeue (sbatch --wait returns only seconds after the end)
wait_done() {
    local k
    for k in $(seq $(($2 * 5))); do
        [ -z "$(squeue -h -j "$1" 2> /dev/null)" ] && return 0
        sleep 0.2
    done
    fail "job $1 still queued after $2 s: $(squeue -j "$1" 2>&1)"
}
# check_tasks JOBID N: every array task ended COMPLETED with exit 0
check_tasks() {
    local st
    st=$(scontrol -o show job "$1")
    [ "$(grep -c 'JobState=COMPLETED .*ExitCode=0:0' <<< "$st")" = "$2" ] ||
        fail "not every array task of $1 completed: $(grep -o 'JobId=[^ ]*\|ArrayTaskId=[^ ]*\|JobState=[^ ]*\|ExitCode=[^ ]*' <<< "$st" | paste -sd' ')"
}
# check_merged WORKDIR SHARDS N REF: shard sizes, the merge, the records and the table
check_merged() {
    local w=$1 n=$2 total=$3 ref=$4 i
    for i in $(seq 0 $((n - 1))); do
        f=$w/results/shard.$i.jsonl
        whole "$f" || fail "$f has a torn line"
        [ "$(keys "$f" | uniq | wc -l)" = "$(lines "$f")" ] || fail "$f holds a record twice"
        grep -q '"status":"\(crash\|hang\)"' "$f" && fail "$f holds crashes or hangs: $(grep '"status":"\(crash\|hang\)"' "$f")"
    done
    "$KC" merge "$w/merged.jsonl" "$w"/results/shard.*.jsonl 2> "$w/merge.err" || fail "kc merge: $(cat "$w/merge.err")"
    grep -q "$total records read, $total written, 0 duplicates, 0 conflicts, 0 bad lines" "$w/merge.err" ||
        fail "merge: $(cat "$w/merge.err")"
    diff <(keys "$ref") <(keys "$w/merged.jsonl") > /dev/null || fail "merged records differ from the local run's"
    diff <("$KC" bench --table "$ref") <("$KC" bench --table "$w/merged.jsonl") || fail "merged table differs from the local run's"
}

# --- 1. the sweep as a job array --------------------------------------------
j1=$(submit "$D/work1" $SHARDS1 $SEL1) || fail "sbatch: $j1"
wait_done "$j1" 120
check_tasks "$j1" $SHARDS1
check_merged "$D/work1" $SHARDS1 "$N1" "$D/ref1.jsonl"
sizes=$(for i in $(seq 0 $((SHARDS1 - 1))); do lines "$D/work1/results/shard.$i.jsonl"; done | paste -sd' ')
say "1. $N1 evaluations in $SHARDS1 shards (records per shard: $sizes): merged = local, at $(elapsed) s"

# --- 2. a requeue in the middle of a shard ----------------------------------
j2=$(submit "$D/work2" $SHARDS2 $SEL2) || fail "sbatch: $j2"
s0=$D/work2/results/shard.0.jsonl
for _ in $(seq 600); do [ "$(lines "$s0")" -ge 1 ] && break; sleep 0.1; done
k=$(lines "$s0")
[ "$k" -ge 1 ] || fail "shard 0 wrote no record in 60 s"
scontrol requeue "${j2}_0" || fail "scontrol requeue ${j2}_0"
say "2. requeued array task ${j2}_0 with $k records written, at $(elapsed) s"
# the reference while the requeued task waits out its old credential
"$KC" bench $SEL2 --jobs 2 --out "$D/ref2.jsonl" > /dev/null 2> "$D/ref2.err" || fail "local kc bench: $(cat "$D/ref2.err")"
N2=$(lines "$D/ref2.jsonl")
wait_done "$j2" 180
check_tasks "$j2" $SHARDS2
grep -q 'Restarts=1 ' <<< "$(scontrol -o show job "${j2}_0")" || fail "task ${j2}_0 was not restarted"
log0=$(ls "$D"/work2/kc-bench.*_0.log)
# the first run stopped on SIGTERM with its finished evaluations recorded; the
# second started from them (neither none nor all: the requeue came mid-run)
grep -q "kc: interrupted; rerun with the same --out to finish" "$log0" || fail "no SIGTERM stop in $log0: $(cat "$log0")"
resumed=$(sed -n 's/.* shard, \([0-9]*\) already recorded, .*/\1/p' "$log0" | tail -n 1)
[ -n "$resumed" ] && [ "$resumed" -ge 1 ] && [ "$resumed" -lt $((N2 / SHARDS2)) ] ||
    fail "the requeued task did not resume mid-shard: $(grep 'already recorded\|restart' "$log0")"
check_merged "$D/work2" $SHARDS2 "$N2" "$D/ref2.jsonl"
say "2. the requeued task resumed with $resumed of $((N2 / SHARDS2)) records; $N2 evaluations merged = local, at $(elapsed) s"

# --- no daemon or job left behind -------------------------------------------
mp=$(munged_pid)
snapshot=$(ours)
teardown
left=$(for p in $snapshot $mp; do kill -0 "$p" 2> /dev/null && echo "$p"; done)
[ -z "$left" ] || fail "left running: $(ps -o pid,args -p $left 2>&1)"
say "ok: cluster stopped, nothing left running, $(elapsed) s in all"
