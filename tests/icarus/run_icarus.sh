#!/bin/sh
# The Icarus equivalence check of the npu (docs/platforms.md).
#   run_icarus.sh build  IVERILOG ROOT WORK WAIVERS
#       compiles rtl/npu + rtl/sim/{kc_dram_model,npu_tb}.v with iverilog -g2012
#       -Wall into WORK/npu_tb.vvp; fails on any warning not in WAIVERS (one
#       "file:line: text" pattern per line, '#' comments; each says why).
#   run_icarus.sh run    VVP NPU_TB_VVP ICARUS_REF WORK TASK CONFIG SEED LAT BW [KERNEL.s]
#       icarus_ref prep (program: the baseline, or KERNEL.s on the task's layout;
#       DRAM image; Verilated reference) -> vvp npu_tb
#       -> icarus_ref compare: cycles, counters and final DRAM must be equal.
set -e
mode=$1; shift
case $mode in
build)
    iverilog=$1 root=$2 work=$3 waivers=$4
    mkdir -p "$work"
    "$iverilog" -g2012 -Wall -I"$root/rtl/npu" -I"$root/rtl/common" -s npu_tb \
        -o "$work/npu_tb.vvp" "$root"/rtl/npu/*.v "$root/rtl/sim/kc_dram_model.v" \
        "$root/rtl/sim/npu_tb.v" >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
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
    vvp_exe=$1 vvp=$2 ref=$3 work=$4 task=$5 config=$6 seed=$7 lat=$8 bw=$9 kernel=${10}
    dir="$work/${task}_c$config${kernel:+_$(basename "$kernel" .s)}"
    rm -rf "$dir"; mkdir -p "$dir"
    t0=$(date +%s.%N)
    "$ref" prep "$task" "$config" "$seed" "$lat" "$bw" "$dir" $kernel
    t1=$(date +%s.%N)
    # shellcheck disable=SC2046
    "$vvp_exe" -n "$vvp" +prog="$dir/prog.hex" +args="$dir/args.hex" +dram="$dir/dram.hex" \
        $(cat "$dir/plusargs") +out="$dir/icarus.txt" +out_dram="$dir/icarus_dram.hex" \
        >"$dir/vvp.log" 2>&1 || { cat "$dir/vvp.log"; exit 1; }
    t2=$(date +%s.%N)
    grep -v 'VCD\|\$finish' "$dir/vvp.log" || true
    "$ref" compare "$task" "$config" "$seed" "$dir"
    awk -v a="$t0" -v b="$t1" -v c="$t2" -v n="$task C$config (DRAM latency $lat, $bw B/cycle)" \
        'BEGIN { printf "%s: prep + Verilated run %.2f s, Icarus run %.2f s\n", n, b - a, c - b }'
    ;;
*)
    echo "usage: run_icarus.sh build|run ..." >&2; exit 2 ;;
esac
