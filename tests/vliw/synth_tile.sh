#!/usr/bin/env bash
# synth_tile.sh ROOT [TOP [-chparam N V]...] — yosys synthesis of the vliw tile
# (default TOP vliw_tile) keeping the hierarchy: every unit (core, MAC lane,
# SFU lane, ALU lane, DM crossbar, locks, ...) is synthesised once however
# many times it is instantiated, which is what lets the tile finish in
# minutes. The SRAMs (vliw_pm, vliw_dm_bank) are black boxes: memory macros,
# listed with their shapes; tests/vliw/synth.sh checks them on their own.
# Fails on an error, a latch, a failed `check` (combinational loop, undriven
# or multiply driven net). Prints per module: instances in the tile, cells,
# flip-flops and the longest path (gate levels after abc, flip-flops cut
# paths, a module's inputs and outputs are its ends); then the totals.
# KC_SYNTH_BLACKBOX="mod ...": more black boxes (the ctest leaves out
# kc_sfu_lane: its ~20 wide multipliers take ~25 minutes on a loaded
# 2-core machine; its figures are in rtl/vliw/vliw_core.md, run it alone as
# `synth_tile.sh ROOT kc_sfu_lane`).
# KC_SYNTH_FAST=1: `abc -fast` (the ctest). No `share` (its SAT-based
# resource sharing takes minutes on the fp datapaths and shares nothing here).
set -euo pipefail
root=$1; shift
top=${1:-vliw_tile}; [ $# -gt 0 ] && shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
latches='t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_* t:$_DLATCHSR_*'
bb=""; for m in ${KC_SYNTH_BLACKBOX:-}; do bb="$bb *$m*"; done
abc="abc"; [ "${KC_SYNTH_FAST:-0}" = 1 ] && abc="abc -fast"
if ! yosys -q -l "$log" -p "read_verilog -sv -defer -I$root/rtl/vliw -I$root/rtl/common $root/rtl/vliw/*.v $root/rtl/common/kc_sfu_lane.v
    hierarchy -check -top $top $*
    blackbox *vliw_pm* *vliw_dm_bank* $bb
    proc
    select -assert-none $latches
    synth -top $top -noabc -noshare
    $abc
    opt -fast
    check -assert
    select -assert-none $latches
    tee -o /dev/stdout stat
    tee -o /dev/stdout ltp -noff" >/dev/null; then
  grep -iE "error|assert|latch" "$log" | grep -v "No latch inferred" | tail -20
  echo "vliw synthesis ($top, hierarchical): FAILED"
  exit 1
fi
# per module: name, cells, flip-flops (from stat), longest path (from ltp)
awk '
  /^=== .* ===$/ { mod = $2; sub(/^\$paramod\\?/, "", mod); sub(/\\.*/, "", mod); order[++n] = mod }
  /Number of cells:/ && mod != "" && !(mod in cells) { cells[mod] = $NF }
  /\$_(S)?DFF/ && mod != "" { ff[mod] += $2 }
  /Longest topological path in/ { m = $5; sub(/^\$paramod\\?/, "", m); sub(/\\.*/, "", m);
                                  l = $0; sub(/.*length=/, "", l); sub(/\).*/, "", l); ltp[m] = l }
  /design hierarchy/ { hier = 1 }
  hier && /^ +[^ ]+ +[0-9]+$/ { nm = $1; sub(/^\$paramod\\?/, "", nm); sub(/\\.*/, "", nm); inst[nm] = $2 }
  hier && /Number of cells:/ { tcells = $NF }
  hier && /\$_(S)?DFF/ { tff += $2 }
  END {
    printf "%-16s %6s %9s %9s %8s\n", "module", "inst", "cells", "flops", "levels"
    for (i = 1; i <= n; i++) { m = order[i]; if (seen[m]++) continue
      printf "%-16s %6s %9s %9s %8s\n", m, (m in inst) ? inst[m] : 1, cells[m], ff[m] + 0, (m in ltp) ? ltp[m] : "-" }
    printf "total (flattened): cells %s, flip-flops %d\n", tcells, tff
  }' "$log"
echo "vliw synthesis ($top, hierarchical): ok, no latches"
