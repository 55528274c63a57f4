#!/bin/sh
# vliw_speed.sh — simulation-speed figures of the vliw models (prints, never asserts).
#
#   scripts/vliw_speed.sh [build-dir] [platforms]
#
# For each platform (default: vliw vliw_small) and a fixed set of baselines
# (gemm C2, softmax C3, relu C3, mha C1): kc perf's simulated cycles per CPU
# second of whole evaluations (CPU time: the figure a loaded machine distorts
# least) and the cycle count (a speed change must never move it).
# The machine is shared: run it twice and read the better figure.
set -eu
B=${1:-build}
PLATS=${2:-vliw vliw_small}
KC=${KC:-$B/kc}
for p in $PLATS; do
    for tc in gemm:2 softmax:3 relu:3 mha:1; do
        t=${tc%:*}; c=${tc#*:}
        out=$("$KC" perf --platform "$p" --tasks "$t" --configs "$c" --repeats 1 \
                  --latency-task "$t" --latency-config "$c")
        cps=$(printf '%s\n' "$out" | sed -n 's/^ *\([0-9]*\) simulated cycles per CPU second.*/\1/p')
        cyc=$(printf '%s\n' "$out" | sed -n 's/.*; \([0-9]*\) cycles).*/\1/p' | head -1)
        printf '%-11s %-8s C%s  %8s cycles  %7s cycles per CPU second\n' "$p" "$t" "$c" "$cyc" "$cps"
    done
done
