#!/usr/bin/env bash
# Synthesizes npu_top with yosys (generic cells) and fails on a latch, a
# combinational loop, an undriven or multiply-driven net, or any error.
# Usage: synth.sh ROOT [VLEN VROWS IMEM_WORDS]
# The memories are shrunk (their size does not change what is synthesizable) to
# keep the check fast; VLEN can be reduced the same way.
set -euo pipefail
root=$1; vlen=${2:-16}; vrows=${3:-64}; imem=${4:-64}
files=$(ls "$root"/rtl/npu/*.v)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! yosys -q -l "$log" -p "
    read_verilog -sv -I$root/rtl/npu -I$root/rtl/common $files
    hierarchy -check -top npu_top -chparam VLEN $vlen -chparam VROWS $vrows -chparam IMEM_WORDS $imem
    proc
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
    synth -top npu_top
    check -assert
    select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*
    stat" >/dev/null; then
  grep -iE "error|assert|latch|warning" "$log" | grep -v "No latch inferred" | tail -20
  echo "npu synthesis: FAILED"
  exit 1
fi
grep -E "Number of cells|Chip area" "$log" | tail -1
echo "npu synthesis: ok (VLEN=$vlen VROWS=$vrows IMEM_WORDS=$imem, no latches)"
