#!/bin/sh
# Builds tests/isa/isa_vh_legal_tb.v with Verilator and checks the generated
# npu_isa_legal() against the assembler's decoder on seeded random words.
#   isa_vh_legal.sh VECTORS_BIN VERILATOR RTL_INCLUDE_DIR TB.v WORKDIR
set -e
vectors_bin=$1 verilator=$2 inc=$3 tb=$4 work=$5
n=200000
mkdir -p "$work"
"$vectors_bin" npu $n "$work/vectors.hex"
"$verilator" --binary -Wall -I"$inc" "$tb" --top-module isa_vh_legal_tb \
    --Mdir "$work/obj" -o isa_vh_legal_tb >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
"$work/obj/isa_vh_legal_tb" +vectors="$work/vectors.hex" +n=$n
