#!/usr/bin/env bash
# Synthesizes npu_top with yosys (generic cells) and fails on a latch, a
# combinational loop, an undriven or multiply-driven net, or any error.
# Usage: synth.sh ROOT [VLEN VROWS IMEM_WORDS MLEN MROWS]
# The memories and the datapath width are shrunk (their size does not change what
# is synthesizable) to keep the check fast; abc's gate-level optimisation is
# skipped for the same reason (latches are caught before it runs; the fp blocks get
# a full abc synthesis in tests/fp).
set -euo pipefail
root=$1; vlen=${2:-16}; vrows=${3:-64}; imem=${4:-64}; mlen=${5:-4}; mrows=${6:-32}
files=$(echo "$root"/rtl/npu/*.v)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! yosys -q -l "$log" -p "
    read_verilog -sv -defer -I$root/rtl/npu -I$root/rtl/common $files
    hierarchy -check -top npu_top -chparam VLEN $vlen -chparam VROWS $vrows -chparam IMEM_WORDS $imem -chparam MLEN $mlen -chparam MROWS $mrows
    proc
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
    synth -top npu_top -noabc
    check -assert
    select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*
    stat" >/dev/null; then
  grep -iE "error|assert|latch|warning" "$log" | grep -v "No latch inferred" | tail -20
  echo "npu synthesis: FAILED"
  exit 1
fi
grep -E "Number of cells" "$log" | tail -1
echo "npu synthesis: ok (VLEN=$vlen VROWS=$vrows IMEM_WORDS=$imem MLEN=$mlen MROWS=$mrows, no latches)"
