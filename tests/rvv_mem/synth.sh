#!/usr/bin/env bash
# Synthesis check of rvv_mem and rvv_vlsu with yosys. Fails on a latch, a
# combinational loop, an undriven or multiply-driven net, or any error.
#
#   synth.sh ROOT
#
# Each module is elaborated with its memories shrunk (DTCM, load queue: their
# size does not change what is synthesizable), then process synthesis and
# yosys' netlist checks, then gates.
set -euo pipefail
root=$1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
read="read_verilog -sv -defer $root/rtl/rvv/rvv_mem.v $root/rtl/rvv/rvv_vlsu.v"

run() {   # run NAME SCRIPT
  if ! yosys -q -l "$log" -p "$2" >/dev/null; then
    grep -iE "error|assert|latch|warning" "$log" | grep -v "No latch inferred" | tail -20
    echo "rvv synthesis ($1): FAILED"
    exit 1
  fi
  echo "rvv synthesis ($1): ok, $(grep -E 'Number of cells' "$log" | tail -1 | tr -s ' ')"
}

for spec in "rvv_mem -chparam DTCM_BYTES 1024 -chparam DRAM_RD_MAX 16" \
            "rvv_vlsu -chparam LQ_BEATS 4"; do
  set -- $spec
  top=$1; shift
  run "$top, gates" "$read
    hierarchy -check -top $top $*
    proc
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
    synth -top $top
    check -assert
    select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*
    stat"
done
