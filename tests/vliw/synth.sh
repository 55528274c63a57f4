#!/usr/bin/env bash
# synth.sh ROOT TOP [-chparam N V]... — yosys synthesis of one rtl/vliw module
# (memories shrunk by the caller's -chparam: their size does not change what is
# synthesizable). Fails on an error, a latch, a failed `check` (combinational
# loop, undriven or multiply driven net). Prints cells, flip-flops and the
# longest logic path (ltp, in gate levels after abc).
set -euo pipefail
root=$1; top=$2; shift 2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
latches='t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_* t:$_DLATCHSR_*'
if ! yosys -q -l "$log" -p "read_verilog -sv -defer -I$root/rtl/vliw -I$root/rtl/common $root/rtl/vliw/*.v $root/rtl/common/*.v
    hierarchy -check -top $top $*
    proc
    select -assert-none $latches
    synth -top $top -flatten
    check -assert
    select -assert-none $latches
    stat
    ltp -noff" >/dev/null; then
  grep -iE "error|assert|latch" "$log" | grep -v "No latch inferred" | tail -20
  echo "vliw synthesis ($top): FAILED"
  exit 1
fi
cells=$(grep -E 'Number of cells' "$log" | tail -1 | tr -s ' ' | sed 's/.*: *//; s/^ *//')
ffs=$(grep -E '\$_(S)?DFF' "$log" | awk '{s+=$2} END {print s+0}')
ltp=$(grep -E 'Longest topological path' "$log" | tail -1 | sed 's/.*length=\([0-9]*\).*/\1/')
echo "vliw synthesis ($top): ok, no latches, cells $cells, flip-flops $ffs, longest path $ltp"
