#!/bin/sh
# vliw_cosim_baselines.sh — the vliw template baselines in lock step on the RTL
# against the ISS (`kc cosim --baseline`: every bundle of every tile, pc, issue
# cycle and register files; at the end DM and DRAM), one line per (task,
# config), then a summary. Exit 1 when any disagrees (or times out), 2 on a
# usage / tool error.
#
#   scripts/vliw_cosim_baselines.sh [-b BUILD] [-p PLATFORM] [-t TASKS] [-c CONFIGS] [-s SEED] [-j JOBS]
#
# Default: BUILD=build PLATFORM=vliw, the 8 tasks of issue 13 (relu silu gelu
# softmax layernorm rmsnorm gemv gemm), configs 1..5, SEED=1, JOBS=1 (each run
# nice'd). `make vliw-cosim-baselines` runs it. A line: task, config, result
# (agree / DIVERGE / error), seconds; on a divergence the report's first lines.
set -eu
B=build
P=vliw
T=relu,silu,gelu,softmax,layernorm,rmsnorm,gemv,gemm
C=1,2,3,4,5
SEED=1
J=1
while getopts b:p:t:c:s:j: o; do
    case $o in
    b) B=$OPTARG ;; p) P=$OPTARG ;; t) T=$OPTARG ;; c) C=$OPTARG ;; s) SEED=$OPTARG ;; j) J=$OPTARG ;;
    *) sed -n '2,13p' "$0"; exit 2 ;;
    esac
done
KC=$B/kc
[ -x "$KC" ] || { echo "no $KC (build first)"; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# one (task, config): its report in $out/task.C.txt, its line in $out/task.C.line
one() {
    t=$1 c=$2
    start=$(date +%s)
    rc=0
    nice -n 5 "$KC" cosim --platform "$P" --task "$t" --config "$c" --seed "$SEED" --baseline \
        >"$out/$t.$c.txt" 2>&1 || rc=$?
    case $rc in 0) r=agree ;; 1) r=DIVERGE ;; *) r="error($rc)" ;; esac
    printf '%-10s C%s  %-9s %5s s\n' "$t" "$c" "$r" "$(($(date +%s) - start))" >"$out/$t.$c.line"
    [ "$rc" = 0 ] || sed -n '1,12s/^/    /p' "$out/$t.$c.txt" >>"$out/$t.$c.line"
    cat "$out/$t.$c.line"
}

pairs=""
for t in $(echo "$T" | tr , ' '); do
    for c in $(echo "$C" | tr , ' '); do
        pairs="$pairs $t:$c"
    done
done
n=0
for tc in $pairs; do
    one "${tc%%:*}" "${tc##*:}" &
    n=$((n + 1))
    if [ "$n" -ge "$J" ]; then wait; n=0; fi
done
wait

total=0 agree=0
for tc in $pairs; do
    total=$((total + 1))
    head -n 1 "$out/${tc%%:*}.${tc##*:}.line" | grep -q ' agree ' && agree=$((agree + 1))
done
echo "platform $P seed $SEED: $agree of $total baselines agree (RTL vs ISS, lock step)"
[ "$agree" = "$total" ]
