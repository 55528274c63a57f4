#!/bin/bash
# run_fuzz.sh — the fuzz build and runs (tests/fuzz/README.md).
#   run_fuzz.sh build ROOT FUZZDIR             configure + build the clang tree
#   run_fuzz.sh run ROOT FUZZDIR TARGET SECS   crash regressions, then fuzz SECS
#                                              (TARGET all: every built target)
# A run first executes every committed crash input of the target once (each must
# now pass), then fuzzes from the committed seeds (plus the target's extra seed
# folders) into a scratch corpus in FUZZDIR, and prints the executions.
set -u
MODE=$1 ROOT=$2 FZ=$3
CC=${KC_FUZZ_CC:-clang-19}
CXX=${KC_FUZZ_CXX:-clang++-19}

case $MODE in
build)
    command -v "$CC" > /dev/null || { echo "FAIL: $CC not found (make deps installs clang-19 and libclang-rt-19-dev)" >&2; exit 1; }
    cmake -S "$ROOT" -B "$FZ" -DKC_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
          -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" > "$FZ.configure.log" 2>&1 ||
        { cat "$FZ.configure.log" >&2; exit 1; }
    cmake --build "$FZ" --target kc_fuzzers -j "${KC_FUZZ_JOBS:-2}" 2>&1 | tail -n 20
    exit "${PIPESTATUS[0]}"
    ;;
run)
    T=$4 SECS=$5
    if [ "$T" = all ]; then   # every target the fuzz tree built, one after another
        rc=0
        for b in "$FZ"/tests/fuzz/fuzz_*; do
            "$0" run "$ROOT" "$FZ" "${b##*/fuzz_}" "$SECS" || rc=1
        done
        exit $rc
    fi
    BIN=$FZ/tests/fuzz/fuzz_$T
    HERE=$ROOT/tests/fuzz
    [ -x "$BIN" ] || { echo "FAIL: $BIN not built (fuzz.build)" >&2; exit 1; }
    export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
    crashes=()
    [ -d "$HERE/crashes/$T" ] && mapfile -t crashes < <(find "$HERE/crashes/$T" -type f | sort)
    if [ ${#crashes[@]} -gt 0 ]; then
        "$BIN" -rss_limit_mb=2048 -timeout=20 "${crashes[@]}" > "$FZ/$T.regress.log" 2>&1 ||
            { tail -n 40 "$FZ/$T.regress.log" >&2; echo "FAIL: a committed crash input of $T fails again" >&2; exit 1; }
        echo "$T: ${#crashes[@]} crash regressions pass"
    fi
    case $T in   # committed seeds; the data-driven test cases are seeds too
    asm|asm_roundtrip) seeds=("$HERE/corpus/asm" "$ROOT/tests/asm/cases") ;;
    results) seeds=("$HERE/corpus/results" "$ROOT/tests/bench/cases" "$ROOT/tests/report/cases") ;;
    *) seeds=("$HERE/corpus/$T") ;;
    esac
    maxlen=65536   # a large kernel; images list and reassemble every word, so shorter
    [ "$T" = image ] && maxlen=8192
    work=$FZ/corpus/$T
    mkdir -p "$work" "$FZ/artifacts/$T"
    "$BIN" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 -max_len="${KC_FUZZ_MAX_LEN:-$maxlen}" -print_final_stats=1 \
           -artifact_prefix="$FZ/artifacts/$T/" "$work" "${seeds[@]}" > "$FZ/$T.fuzz.log" 2>&1
    rc=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$FZ/$T.fuzz.log" | grep -o '[0-9]*$')
    echo "$T: ${runs:-?} executions in $SECS s, corpus $(ls "$work" | wc -l) files"
    if [ $rc != 0 ]; then
        grep -B 5 -A 40 -m 1 -E 'ERROR: |fuzz property failed|runtime error' "$FZ/$T.fuzz.log" >&2 || tail -n 40 "$FZ/$T.fuzz.log" >&2
        echo "FAIL: fuzz_$T found an input that fails; it is in $FZ/artifacts/$T/" >&2
        exit 1
    fi
    ;;
*)
    echo "usage: run_fuzz.sh build ROOT FUZZDIR | run ROOT FUZZDIR TARGET SECONDS" >&2
    exit 2
    ;;
esac
