#!/bin/bash
# wave_figures.sh — what a waveform costs: the trace's size and the simulation
# time against an untraced run, VCD and FST, whole run and a window (prints,
# never asserts; docs/waveforms.md quotes it).
#
#   scripts/wave_figures.sh [-b BUILD] [-p PLATFORM] [-t TASK] [-c CONFIG] [-w A:B] [-r REPEATS]
#
# Default: BUILD=build PLATFORM=npu TASK=softmax CONFIG=3 WINDOW=5000:6000 REPEATS=7.
# The baseline kernel (kc compile) runs under `kc eval --json`; each figure is
# the simulation's own time as kc eval measures it (time.sim: the clock loop
# with the trace written and closed, not setup or checking), the fastest of
# REPEATS runs (other work on the machine only ever adds). Slowdown = traced /
# untraced simulation time.
set -u
BUILD=build PLATFORM=npu TASK=softmax CONFIG=3 WINDOW=5000:6000 REPEATS=7
while getopts b:p:t:c:w:r: o; do
    case $o in
    b) BUILD=$OPTARG ;; p) PLATFORM=$OPTARG ;; t) TASK=$OPTARG ;; c) CONFIG=$OPTARG ;;
    w) WINDOW=$OPTARG ;; r) REPEATS=$OPTARG ;; *) exit 2 ;;
    esac
done
KC=$BUILD/kc
DIR=$(mktemp -d) || exit 2
trap 'rm -rf "$DIR"' EXIT
"$KC" compile --platform "$PLATFORM" --task "$TASK" --config "$CONFIG" -o "$DIR/k.s" || exit 2

# simtime ARGS...: the smallest time.sim (seconds) of REPEATS runs of kc eval ARGS.
simtime() {
    for _ in $(seq "$REPEATS"); do
        "$KC" eval --platform "$PLATFORM" --task "$TASK" --config "$CONFIG" "$DIR/k.s" --json "$@" 2> /dev/null |
            grep -o '"time":{[^}]*}' | grep -o '"sim":[0-9.e+-]*' | cut -d: -f2
    done | sort -g | head -1
}

plain=$(simtime)
cycles=$("$KC" eval --platform "$PLATFORM" --task "$TASK" --config "$CONFIG" "$DIR/k.s" --json |
         grep -o '"cycles":[0-9]*' | head -1 | cut -d: -f2)
printf '%s %s C%s: %s cycles; untraced simulation %.4f s (fastest of %s)\n' \
    "$PLATFORM" "$TASK" "$CONFIG" "$cycles" "$plain" "$REPEATS"
printf '%-8s %-12s %12s %12s %10s\n' format window bytes "sim s" slowdown
for win in all "$WINDOW"; do
    for ext in vcd fst; do
        args=(--vcd "$DIR/t.$ext")
        [ "$win" = all ] || args+=(--window "$win")
        t=$(simtime "${args[@]}")
        size=$(stat -c %s "$DIR/t.$ext")
        awk -v e="$ext" -v w="$win" -v s="$size" -v t="$t" -v u="$plain" 'BEGIN {
            printf "%-8s %-12s %12d %12.4f %9.1fx\n", e, w, s, t, t / u }'
    done
done
