#!/bin/sh
# rvv_baselines.sh — the rvv C baselines on the RTL: a resumable sweep, one
# results file per task, and its figures (prints, never asserts).
#
#   scripts/rvv_baselines.sh [-b BUILD] [-d DIR] [-p PLATFORM] [-t TASKS] [-c CONFIGS]
#                            [-j JOBS] [-s SEED]
#   scripts/rvv_baselines.sh -r [-d DIR]        report only (what DIR holds)
#
# Runs `kc bench --kernels baseline` (nice) per task into DIR/<task>.jsonl (its
# progress in DIR/<task>.log); a
# rerun skips the evaluations a file already holds, so an interrupted sweep
# resumes. Seeds: the hidden scoring seeds unless -s SEED. No wall-clock limit
# per evaluation (the big configs run for hours); the cycle limit is the
# task's (kc_eval_cycle_limit). Then prints, over every file in DIR:
#   one line per record: task, config, seed, status, cycles, ideal, cycles/ideal,
#   efficiency, simulated seconds;
#   totals: records, correct, cycles, simulated seconds, M cycles/s, the worst
#   cycles/ideal (what KC_EVAL_LIMIT_FACTOR must stay well above);
#   the efficiency table (kc bench --table).
# Default: BUILD=build DIR=rvv_baselines PLATFORM=rvv, all tasks, configs 1..5,
# JOBS=1. Sharding: run several instances with disjoint -t lists (one file per
# task, so they never share an output).
set -eu
B=build
D=rvv_baselines
P=rvv
T=relu,silu,gelu,softmax,layernorm,rmsnorm,gemv,gemm,bmm,linear,swiglu,rope,sdpa,flash_attn,mha,gqa,mqa,ffn,llama_block,t5_block,conv2d,dwconv,convblock
C=1,2,3,4,5
J=1
SEED=
REPORT=0
while getopts b:d:p:t:c:j:s:r o; do
    case $o in
    b) B=$OPTARG ;; d) D=$OPTARG ;; p) P=$OPTARG ;; t) T=$OPTARG ;; c) C=$OPTARG ;;
    j) J=$OPTARG ;; s) SEED=$OPTARG ;; r) REPORT=1 ;;
    *) sed -n '2,23p' "$0"; exit 2 ;;
    esac
done
KC=$B/kc
mkdir -p "$D"

if [ "$REPORT" = 0 ]; then
    for t in $(echo "$T" | tr , ' '); do
        start=$(date +%s)
        # shellcheck disable=SC2086
        nice -n 5 "$KC" bench --platform "$P" --kernels baseline --tasks "$t" --configs "$C" \
            --jobs "$J" --job-timeout 1000000 --out "$D/$t.jsonl" ${SEED:+--seed "$SEED"} \
            >/dev/null 2>"$D/$t.log" || echo "$t: kc bench failed (see $D/$t.log)"
        echo "$t: $(($(date +%s) - start)) s wall"
    done
fi

ls "$D"/*.jsonl >/dev/null 2>&1 || { echo "no results in $D"; exit 0; }
cat "$D"/*.jsonl | jq -r 'select(.task) | [.task, "C\(.config)", .seed, .status, .cycles,
    (.ideal_cycles | floor), (if .cycles > 0 then (.cycles / .ideal_cycles * 10 | round / 10) else "-" end),
    (.efficiency * 10000 | round / 100 | tostring + "%"), (.time.sim * 10 | round / 10)] | @tsv' |
    (echo "task	config	seed	status	cycles	ideal	cycles/ideal	efficiency	sim_s"; cat)
cat "$D"/*.jsonl | jq -s -r 'map(select(.task)) |
    "records \(length), correct \(map(select(.correct)) | length), cycles \(map(.cycles) | add)," +
    " sim \(map(.time.sim) | add | floor) s, " +
    "\(if (map(.time.sim) | add) > 0 then ((map(.cycles) | add) / (map(.time.sim) | add) / 1e4 | round / 100) else 0 end) M cycles/s," +
    " worst cycles/ideal \(map(select(.correct) | .cycles / .ideal_cycles) | max // 0 | . * 10 | round / 10)"'
cat "$D"/*.jsonl > "$D/all.txt"
"$KC" bench --table "$D/all.txt" --platform "$P"
