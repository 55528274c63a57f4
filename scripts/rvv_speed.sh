#!/bin/sh
# rvv_speed.sh — simulation-speed figures of the rvv model (prints, never asserts).
#
#   scripts/rvv_speed.sh [build-dir]
#
# 1. kc perf on vector loops (relu, gemm, softmax at C1): simulated cycles/s
#    per kernel and overall (CPU time of the simulation only);
# 2. test_rvv_top perf: the whole rvv_top on a scalar countdown loop;
# 3. cycle counts of a few baselines at C1 (a speed change must not move them).
# The machine is shared: run it twice and read the better figure; user CPU
# time is what the tools report, so other jobs mostly cost cache, not time.
set -eu
B=${1:-build}
KC=$B/kc
for t in relu gemm softmax; do
    printf '%-8s ' "$t"
    "$KC" perf --platform rvv --tasks "$t" --configs 1 --repeats 1 --latency-task "$t" --latency-config 1 |
        grep 'sim speed'
done
printf 'all      '
"$KC" perf --platform rvv --tasks relu,gemm,softmax --configs 1 --repeats 1 --latency-task relu --latency-config 1 |
    grep 'sim speed'
if [ -x "$B/tests/rvv_mem/test_rvv_top" ]; then
    "$B/tests/rvv_mem/test_rvv_top" perf 500000
fi
for t in softmax relu gemm conv2d; do
    printf '%-8s C1 cycles: ' "$t"
    "$KC" eval --platform rvv --task "$t" --config 1 --baseline | grep -o '^cycles *[0-9]*' | head -1
done
