#!/usr/bin/env bash
# Synthesis check of the npu RTL with yosys. Fails on a latch, a combinational
# loop, an undriven or multiply-driven net, or any error.
#
#   synth.sh ROOT [VLEN VROWS IMEM_WORDS MLEN MROWS [SFU_LANES]]          (the ctest)
#   synth.sh --full ROOT [VLEN VROWS IMEM_WORDS MLEN MROWS [SFU_LANES]]   (gate level, slow)
#
# The ctest elaborates the whole npu_top (memories and datapath shrunk: their size
# does not change what is synthesizable), runs process synthesis (where latches
# and multiple drivers appear) and yosys' netlist checks, checks that the
# instruction memory is inferred as a synchronous single-read-port memory, then
# synthesizes the DMA engines and instruction memory to gates. Gate-level synthesis of the whole
# top (--full) is not in the ctest: the fp datapaths (fma, exp, recip, rsqrt, per
# lane and per PE) take yosys tens of minutes even shrunk; each fp block gets a
# full gate-level synthesis of its own in tests/fp.
set -euo pipefail
full=0
if [ "${1:-}" = "--full" ]; then full=1; shift; fi
root=$1; vlen=${2:-2}; vrows=${3:-32}; imem=${4:-32}; mlen=${5:-1}; mrows=${6:-16}
sfu=${7:-$(( vlen < 4 ? vlen : 4 ))}   # SFU_LANES must divide VLEN
files="$(echo "$root"/rtl/npu/*.v) $root/rtl/common/kc_sfu_lane.v"
params="-chparam VLEN $vlen -chparam VROWS $vrows -chparam IMEM_WORDS $imem -chparam MLEN $mlen -chparam MROWS $mrows -chparam SFU_LANES $sfu"
read="read_verilog -sv -defer -I$root/rtl/npu -I$root/rtl/common $files"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

run() {   # run NAME SCRIPT
  if ! yosys -q -l "$log" -p "$2" >/dev/null; then
    grep -iE "error|assert|latch|warning" "$log" | grep -v "No latch inferred" | tail -20
    echo "npu synthesis ($1): FAILED"
    exit 1
  fi
  echo "npu synthesis ($1): ok, $(grep -E 'Number of cells' "$log" | tail -1 | tr -s ' ')"
}

if [ $full = 1 ]; then
  run "npu_top, gates" "$read
    hierarchy -check -top npu_top $params
    proc
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
    synth -top npu_top
    check -assert
    select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*
    stat"
  exit 0
fi

run "npu_top, processes and netlist checks, VLEN=$vlen MLEN=$mlen" "$read
    hierarchy -check -top npu_top $params
    proc
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
    opt_clean
    check -assert
    stat"
# The instruction memory must be what an SRAM macro is: yosys infers one memory
# with one read port whose read is clocked (a registered read), one write port.
run "npu_imem, a synchronous SRAM" "$read
    hierarchy -check -top npu_imem -chparam WORDS $imem
    proc
    opt
    memory -nomap
    select -assert-count 1 t:\$mem_v2 r:RD_PORTS=1 %i r:WR_PORTS=1 %i r:RD_CLK_ENABLE=1'1 %i
    stat"
for spec in "npu_dma VLEN $vlen" "npu_imem WORDS $imem"; do
  set -- $spec
  run "$1, gates" "$read
    hierarchy -check -top $1 -chparam $2 $3
    proc
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
    synth -top $1
    check -assert
    select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_*
    stat"
done
