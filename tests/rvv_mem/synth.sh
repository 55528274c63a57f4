#!/usr/bin/env bash
# Synthesis checks of the rvv RTL with yosys. Fail on a latch, a combinational
# loop, an undriven or multiply-driven net, or any error.
#
#   synth.sh ROOT         rvv_mem and rvv_vlsu to gates (memories shrunk: their
#                         size does not change what is synthesizable)
#   synth.sh --top ROOT   the whole rvv_top (ITCM/DTCM shrunk): processes and
#                         yosys' netlist checks. Gates for the whole top are left
#                         out: the fp lanes alone take yosys a long time (the fp
#                         units have their own checks).
set -euo pipefail
top=0
if [ "${1:-}" = "--top" ]; then top=1; shift; fi
root=$1
log=$(mktemp)
trap 'rm -f "$log"' EXIT

run() {   # run NAME SCRIPT
  if ! yosys -q -l "$log" -p "$2" >/dev/null; then
    grep -iE "error|assert|latch|warning" "$log" | grep -v "No latch inferred" | tail -20
    echo "rvv synthesis ($1): FAILED"
    exit 1
  fi
  echo "rvv synthesis ($1): ok, $(grep -E 'Number of cells' "$log" | tail -1 | tr -s ' ')"
}
checks='proc
    select -assert-none t:$dlatch t:$adlatch t:$dlatchsr'

if [ $top = 1 ]; then
  files=$(echo "$root"/rtl/rvv/*.v)
  run "rvv_top, processes and netlist checks" "read_verilog -sv -defer -I$root/rtl/rvv -I$root/rtl/common $files
    hierarchy -check -top rvv_top -chparam ITCM_BYTES 256 -chparam DTCM_BYTES 1024
    $checks
    opt_clean
    check -assert
    stat"
  exit 0
fi

read="read_verilog -sv -defer $root/rtl/rvv/rvv_mem.v $root/rtl/rvv/rvv_vlsu.v"
for spec in "rvv_mem -chparam DTCM_BYTES 1024 -chparam DRAM_RD_MAX 16" \
            "rvv_vlsu -chparam LQ_BEATS 4"; do
  set -- $spec
  mod=$1; shift
  run "$mod, gates" "$read
    hierarchy -check -top $mod $*
    $checks
    synth -top $mod
    check -assert
    select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*
    stat"
done
