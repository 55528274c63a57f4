#!/bin/sh
# The Icarus equivalence check of any accelerator (docs/platforms.md): the
# generic testbench rtl/sim/kc_tb.v with the accelerator's port mapping
# rtl/sim/ACC_tb.vh must give the Verilated run's result, cycles, counters and
# final DRAM exactly.
#   run_icarus.sh build ACC IVERILOG ROOT WORK WAIVERS
#       compiles rtl/ACC + rtl/sim/{kc_dram_model,kc_tb}.v with iverilog -g2012
#       -Wall into WORK/ACC_tb.vvp; fails on any warning not in WAIVERS (one
#       "file:line: text" pattern per line, '#' comments; each says why).
#   run_icarus.sh run VVP TB_VVP DIR LABEL PREP COMPARE
#       PREP (a command line; @DIR@ stands for DIR) writes DIR/load.hex,
#       DIR/args.hex, DIR/plusargs, optionally DIR/dram.hex, and runs the
#       Verilated reference -> vvp TB_VVP -> COMPARE (a command line, @DIR@ too)
#       compares DIR/icarus.txt and DIR/icarus_dram.hex with the reference's.
set -e
mode=$1; shift
case $mode in
build)
    acc=$1 iverilog=$2 root=$3 work=$4 waivers=$5
    mkdir -p "$work"
    "$iverilog" -g2012 -Wall -I"$root/rtl/$acc" -I"$root/rtl/common" -y"$root/rtl/common" -I"$root/rtl/sim" \
        "-DKC_TB_ACC=\"${acc}_tb.vh\"" -s kc_tb -o "$work/${acc}_tb.vvp" "$root/rtl/$acc"/*.v \
        "$root/rtl/sim/kc_dram_model.v" "$root/rtl/sim/kc_tb.v" >"$work/build.log" 2>&1 ||
        { cat "$work/build.log"; exit 1; }
    # paths relative to the root, so waivers do not depend on the checkout
    grep -v '^#' "$waivers" | grep -v '^$' >"$work/waivers.pat" || true
    if [ -s "$work/waivers.pat" ]; then
        sed "s|$root/||" "$work/build.log" | grep -v -F -f "$work/waivers.pat" >"$work/unwaived.log" || true
    else
        sed "s|$root/||" "$work/build.log" >"$work/unwaived.log"
    fi
    if [ -s "$work/unwaived.log" ]; then
        echo "iverilog -Wall warnings not in $waivers:"; cat "$work/unwaived.log"; exit 1
    fi
    echo "iverilog -g2012 -Wall: no unwaived warnings ($(wc -l <"$work/build.log") lines of output)"
    ;;
run)
    vvp_exe=$1 vvp=$2 dir=$3 label=$4
    prep=$(printf '%s' "$5" | sed "s|@DIR@|$dir|g")
    cmp=$(printf '%s' "$6" | sed "s|@DIR@|$dir|g")
    rm -rf "$dir"; mkdir -p "$dir"
    t0=$(date +%s.%N)
    $prep
    t1=$(date +%s.%N)
    dram=
    [ -f "$dir/dram.hex" ] && dram="+dram=$dir/dram.hex"
    # shellcheck disable=SC2046,SC2086
    "$vvp_exe" -n "$vvp" +load="$dir/load.hex" +args="$dir/args.hex" $dram \
        $(cat "$dir/plusargs") +out="$dir/icarus.txt" +out_dram="$dir/icarus_dram.hex" \
        >"$dir/vvp.log" 2>&1 || { cat "$dir/vvp.log"; exit 1; }
    t2=$(date +%s.%N)
    grep -v 'VCD\|\$finish' "$dir/vvp.log" || true
    $cmp
    awk -v a="$t0" -v b="$t1" -v c="$t2" -v n="$label" \
        'BEGIN { printf "%s: prep + Verilated run %.2f s, Icarus run %.2f s\n", n, b - a, c - b }'
    grep '^cycles' "$dir/icarus.txt"
    ;;
*)
    echo "usage: run_icarus.sh build|run ..." >&2; exit 2 ;;
esac
