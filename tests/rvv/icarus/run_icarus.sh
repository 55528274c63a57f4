#!/bin/sh
# The Icarus equivalence check of the rvv (docs/platforms.md).
#   run_icarus.sh build IVERILOG ROOT WORK HERE
#       compiles rtl/rvv + rtl/sim/kc_dram_model.v + HERE/rvv_tb.v with iverilog
#       -g2012 -Wall into WORK/rvv_tb.vvp; fails on any warning not in
#       HERE/waivers.txt (one "file:line: text" pattern per line, '#' comments).
#   run_icarus.sh run VVP WORK TEST_RVV ELF LAT BW
#       test_rvv prep (load list, args, the Verilated run) -> vvp rvv_tb
#       -> test_rvv compare: result, cycles, counters and DRAM must be equal.
set -e
mode=$1; shift
case $mode in
build)
    iverilog=$1 root=$2 work=$3 here=$4
    mkdir -p "$work"
    "$iverilog" -g2012 -Wall -I"$root/rtl/rvv" -I"$root/rtl/common" -s rvv_tb \
        -o "$work/rvv_tb.vvp" "$root"/rtl/rvv/*.v "$root/rtl/sim/kc_dram_model.v" \
        "$here/rvv_tb.v" >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
    grep -v '^#' "$here/waivers.txt" | grep -v '^$' >"$work/waivers.pat" || true
    if [ -s "$work/waivers.pat" ]; then
        sed "s|$root/||" "$work/build.log" | grep -v -F -f "$work/waivers.pat" >"$work/unwaived.log" || true
    else
        sed "s|$root/||" "$work/build.log" >"$work/unwaived.log"
    fi
    if [ -s "$work/unwaived.log" ]; then
        echo "iverilog -Wall warnings not in $here/waivers.txt:"; cat "$work/unwaived.log"; exit 1
    fi
    echo "iverilog -g2012 -Wall: no unwaived warnings ($(wc -l <"$work/build.log") lines of output)"
    ;;
run)
    vvp_exe=$1 work=$2 ref=$3 elf=$4 lat=$5 bw=$6
    dir="$work/$(basename "$elf" .elf)_lat$lat"
    rm -rf "$dir"; mkdir -p "$dir"
    t0=$(date +%s.%N)
    "$ref" prep rvv "$elf" "$dir" "$lat" "$bw"
    t1=$(date +%s.%N)
    # shellcheck disable=SC2046
    "$vvp_exe" -n "$work/rvv_tb.vvp" +load="$dir/load.hex" +args="$dir/args.hex" \
        $(cat "$dir/plusargs") +out="$dir/icarus.txt" +out_dram="$dir/icarus_dram.hex" \
        >"$dir/vvp.log" 2>&1 || { cat "$dir/vvp.log"; exit 1; }
    t2=$(date +%s.%N)
    grep -v 'VCD\|\$finish' "$dir/vvp.log" || true
    "$ref" compare "$dir"
    awk -v a="$t0" -v b="$t1" -v c="$t2" -v n="$(basename "$elf") (DRAM latency $lat, $bw B/cycle)" \
        'BEGIN { printf "%s: prep + Verilated run %.2f s, Icarus run %.2f s\n", n, b - a, c - b }'
    grep '^cycles' "$dir/icarus.txt"
    ;;
*)
    echo "usage: run_icarus.sh build|run ..." >&2; exit 2 ;;
esac
