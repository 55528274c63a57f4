#!/bin/bash
# wave_figures.sh — what a waveform costs: the trace's size and the run's CPU
# time against an untraced run, VCD and FST, whole run and a window (prints,
# never asserts; docs/waveforms.md quotes it).
#
#   scripts/wave_figures.sh [-b BUILD] [-p PLATFORM] [-t TASK] [-c CONFIG] [-w A:B] [-r REPEATS]
#
# Default: BUILD=build PLATFORM=npu TASK=softmax CONFIG=3 WINDOW=5000:6000 REPEATS=3.
# The baseline kernel (kc compile) runs under `kc eval`; each figure is the
# fastest of REPEATS runs in CPU time (perf stat's task-clock), so other work
# on the machine does not count. The simulation's share is the run's CPU time less that
# of the same evaluation stopped after one cycle (setup, assembly, checking), and
# the slowdown is traced / untraced simulation CPU time.
set -u
BUILD=build PLATFORM=npu TASK=softmax CONFIG=3 WINDOW=5000:6000 REPEATS=3
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

# cpu ARGS...: the smallest user+system seconds of REPEATS runs of kc eval ARGS.
cpu() {
    local best="" t
    for _ in $(seq "$REPEATS"); do
        perf stat -x, -e task-clock -o "$DIR/time" "$KC" eval --platform "$PLATFORM" --task "$TASK" \
            --config "$CONFIG" "$DIR/k.s" "$@" > /dev/null 2>&1
        t=$(awk -F, '$3 == "task-clock" { print $1 / 1000 }' "$DIR/time")
        best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    echo "$best"
}

fixed=$(cpu --cycle-limit 1)
plain=$(cpu)
cycles=$("$KC" eval --platform "$PLATFORM" --task "$TASK" --config "$CONFIG" "$DIR/k.s" --json |
         sed 's/.*"cycles": *\([0-9]*\).*/\1/')
sim=$(awk -v p="$plain" -v f="$fixed" 'BEGIN { print p - f }')
printf '%s %s C%s: %s cycles; untraced simulation %.3f s CPU (the rest of kc eval: %.3f s)\n' \
    "$PLATFORM" "$TASK" "$CONFIG" "$cycles" "$sim" "$fixed"
printf '%-8s %-12s %12s %12s %10s\n' format window bytes "sim CPU s" slowdown
for win in all "$WINDOW"; do
    for ext in vcd fst; do
        args=(--vcd "$DIR/t.$ext")
        [ "$win" = all ] || args+=(--window "$win")
        t=$(cpu "${args[@]}")
        size=$(stat -c %s "$DIR/t.$ext")
        awk -v e="$ext" -v w="$win" -v s="$size" -v t="$t" -v f="$fixed" -v u="$sim" 'BEGIN {
            printf "%-8s %-12s %12d %12.3f %9.1fx\n", e, w, s, t - f, (t - f) / u }'
    done
done
