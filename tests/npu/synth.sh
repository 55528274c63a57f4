#!/usr/bin/env bash
# Synthesis checks of the npu RTL with yosys. Fail on a latch, a combinational
# loop, an undriven or multiply-driven net, or any error.
#
#   synth.sh ROOT [VLEN VROWS IMEM_WORDS MLEN MROWS [SFU_LANES]]   (ctest npu_synth)
#   synth.sh --full ROOT [synth_hier.sh options, e.g. -b npu_vector] (ctest npu_synth_full)
#
# npu_synth elaborates the whole npu_top (memories and datapath shrunk: their
# size does not change what is synthesizable), runs process synthesis (where
# latches and multiple drivers appear) and yosys' netlist checks, checks that
# the instruction memory is inferred as a synchronous single-read-port memory,
# then synthesizes the DMA engines and instruction memory to gates.
#
# --full is the gate-level synthesis of the whole npu_top at the default size
# (isa/npu.def) with scripts/synth_hier.sh: hierarchical (each distinct module
# synthesized once), memories kept as memories, and the figures printed: cells,
# flip-flops, memory bits, logic levels per module and the top's longest path
# (docs/synthesis.md). It also fails unless the SRAMs are memories with the
# ports a macro has: the instruction memory one IMEM_WORDS x 32 memory, at
# least the vector, matrix and instruction SRAMs' bits in memories, and no
# memory with more than one read or one write port.
set -euo pipefail
full=0
if [ "${1:-}" = "--full" ]; then full=1; shift; fi
root=$1
files="$(echo "$root"/rtl/npu/*.v) $root/rtl/common/kc_sfu_lane.v"
if [ $full = 1 ]; then
  # the default size, from the one place it is defined
  param() { sed -n "s/^NPU_PARAM($1, *\([0-9]*\),.*/\1/p" "$root/isa/npu.def"; }
  vlen=$(param VLEN); vrows=$(param VROWS); imem=$(param IMEM_WORDS); mrows=$(param MROWS)
  shift
  # A black-boxed npu_vector / npu_matrix (-b, for measuring the rest without
  # it) holds its SRAM; the special-function unit, inside npu_vector, is then
  # synthesized on its own.
  sfu=0
  case " $* " in *" -b npu_vector "*) vrows=0; sfu=1 ;; esac
  case " $* " in *" -b npu_matrix "*) mrows=0 ;; esac
  "$root/scripts/synth_hier.sh" -t npu_top -I "$root/rtl/npu" -I "$root/rtl/common" \
      -c "select -assert-count 1 t:\$mem_v2 r:SIZE=$imem %i r:WIDTH=32 %i; select -assert-none t:\$mem_v2 r:RD_PORTS>1 %i; select -assert-none t:\$mem_v2 r:WR_PORTS>1 %i" \
      -m $(( (vrows + mrows) * vlen * 16 + imem * 32 )) "$@" $files
  if [ $sfu = 1 ]; then
    roww=0; while [ $(( 1 << roww )) -lt "$(param VROWS)" ]; do roww=$((roww + 1)); done
    echo
    "$root/scripts/synth_hier.sh" -t npu_sfu -I "$root/rtl/npu" -I "$root/rtl/common" \
        -p "-chparam VLEN $vlen -chparam SFU_LANES $(param SFU_LANES) -chparam ROWW $roww" $files
  fi
  exit 0
fi
vlen=${2:-2}; vrows=${3:-32}; imem=${4:-32}; mlen=${5:-1}; mrows=${6:-16}
sfu=${7:-$(( vlen < 4 ? vlen : 4 ))}   # SFU_LANES must divide VLEN
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
