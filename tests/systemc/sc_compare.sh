#!/bin/sh
# sc_compare.sh — one kernel through the C harness (kc eval) and through the
# SystemC platform (kc_sc_eval, examples/systemc), compared record to record.
#
#   sc_compare.sh same   KC KC_SC_EVAL PLATFORM TASK CONFIG SEED
#       the two records (kc eval --json) must be equal in everything but the
#       wall-clock times: status, cycles, every counter, trap, DRAM bytes and
#       the check of every output and sentinel byte;
#   sc_compare.sh differ KC KC_SC_EVAL PLATFORM TASK CONFIG SEED SC_ARGS...
#       the SystemC run gets SC_ARGS too (e.g. --latency 65: another DRAM) and
#       its cycles must differ: the comparison above can fail.
#   sc_compare.sh speed  KC KC_SC_EVAL PLATFORM TASK CONFIG SEED
#       prints both runs' simulation time and their ratio (a figure, never a check).
set -eu
mode=$1 kc=$2 sc=$3 platform=$4 task=$5 config=$6 seed=$7
shift 7
SC_COPYRIGHT_MESSAGE=DISABLE
export SC_COPYRIGHT_MESSAGE
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args="--platform $platform --task $task --config $config --seed $seed --baseline --json"
# exit 1 is "kernel not correct": still a record to compare
"$kc" eval $args > "$tmp/c.json" || [ $? -eq 1 ]
"$sc" $args "$@" > "$tmp/sc.json" || [ $? -eq 1 ]
strip='del(.time)'
jq -S "$strip" "$tmp/c.json" > "$tmp/c.txt"
jq -S "$strip" "$tmp/sc.json" > "$tmp/sc.txt"
c_cycles=$(jq .cycles "$tmp/c.json")
sc_cycles=$(jq .cycles "$tmp/sc.json")
case $mode in
same)
    if ! diff -u "$tmp/c.txt" "$tmp/sc.txt"; then
        echo "FAIL: $platform $task C$config seed $seed: the SystemC record differs from kc eval's (above)"
        exit 1
    fi
    echo "ok: $platform $task C$config seed $seed: $c_cycles cycles, $(jq -c .counters "$tmp/c.json"), $(jq -r .status "$tmp/c.json") on both"
    ;;
differ)
    if [ "$c_cycles" = "$sc_cycles" ]; then
        echo "FAIL: SystemC with '$*' gives the C harness's $c_cycles cycles: the comparison cannot tell them apart"
        exit 1
    fi
    echo "ok: SystemC with '$*' takes $sc_cycles cycles, the C harness (defaults) $c_cycles"
    ;;
speed)
    c_t=$(jq .time.sim "$tmp/c.json")
    sc_t=$(jq .time.sim "$tmp/sc.json")
    awk -v c="$c_t" -v s="$sc_t" -v n="$c_cycles" -v k="$platform $task C$config" 'BEGIN {
        printf "%s: %d cycles; C harness %.3f s (%.0f cycles/s), SystemC %.3f s (%.0f cycles/s): SystemC/C time ratio %.2f\n",
               k, n, c, n / c, s, n / s, s / c }'
    ;;
*)
    echo "sc_compare.sh: mode same, differ or speed" >&2
    exit 2
    ;;
esac
