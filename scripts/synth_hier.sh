#!/usr/bin/env bash
# synth_hier.sh — gate-level synthesis of a whole accelerator top with yosys,
# keeping the hierarchy, and its figures (scripts/synth_levels.py): cells,
# flip-flops, memory bits and the longest path in gate levels, per module and
# for the top across module boundaries.
#
#   synth_hier.sh -t TOP [-I DIR]... [-p 'HIERARCHY ARGS'] [-c 'YOSYS CMDS']
#                 [-r ROWS] [-o NETLIST.json] FILE...
#
#   -t TOP    the top module
#   -I DIR    include directory (repeatable)
#   -p ARGS   extra `hierarchy` arguments, e.g. '-chparam VLEN 16'
#   -c CMDS   yosys commands run on the final netlist (structural assertions,
#             e.g. that an SRAM is still a memory: `select -assert-count ...`)
#   -b MOD    keep module MOD (every parameter set of it) as a black box, a
#             macro whose outputs start paths and whose inputs end them
#             (repeatable; for measuring the rest of a design without it)
#   -r ROWS   memories with fewer rows are register files: mapped to
#             flip-flops and counted as such (default 128); larger ones stay
#             memories ($mem_v2, an SRAM macro's place) and are counted in bits
#   -m BITS   fail unless at least BITS bits (all instances) are in memories
#   -o FILE   keep the netlist (JSON)
#   -l FILE   keep yosys' log (time-stamped: where the time goes, pass by pass)
#
# Hierarchical: yosys synthesizes each distinct module (each parameter set)
# once, however many times it is instantiated, and `stat -top` / the report
# multiply its figures out, so a design of many identical lanes or processing
# elements costs one lane's synthesis. The flow is `synth` up to the gate
# mapping (no `share`: its SAT-based sharing takes minutes on fp datapaths and
# shares nothing the RTL has not shared already), then techmap and `abc -fast`
# (straight after techmap: synth's `opt -fast` in between takes most of the
# time on a netlist of wide multipliers and abc does its work anyway; same
# levels, 1.8% more cells, a third of the CPU on kc_sfu_lane) to yosys'
# generic gate library (AND/OR/XOR/MUX/... of two or three inputs, one gate a
# level). Fails (exit 1) on any error, on a latch (before and after
# mapping), on a failed `check` (combinational loop, multiple drivers,
# undriven net) and on a failed assertion of -c. Prints yosys' CPU time, the
# wall time of each step and the most expensive passes (docs/synthesis.md).
set -euo pipefail
# (a function, so bash has read all of it before it runs: editing the file
# during a long run does not change what the run executes)
main() {
top=""; incs=""; hier=""; cmds=""; rows=128; out=""; log=""; bb=""; minbits=0
while getopts "t:I:p:c:r:o:l:b:m:" o; do
  case $o in
    t) top=$OPTARG ;;
    I) incs="$incs -I$OPTARG" ;;
    p) hier="$hier $OPTARG" ;;
    c) cmds="$cmds
$OPTARG" ;;
    r) rows=$OPTARG ;;
    o) out=$OPTARG ;;
    l) log=$OPTARG ;;
    b) bb="$bb *$OPTARG*" ;;
    m) minbits=$OPTARG ;;
    *) echo "usage: see the head of $0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ -n "$top" ] && [ $# -gt 0 ] || { echo "usage: see the head of $0" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
json=${out:-$tmp/netlist.json}
log=${log:-$tmp/log}
latches='t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_* t:$_DLATCHSR_* t:$_SR_*'

start=$(date +%s)
if ! yosys -q -d -t -l "$log" -p "read_verilog -sv -defer $incs $*
    hierarchy -check -top $top $hier
    ${bb:+blackbox $bb}
    proc
    select -assert-none $latches
    synth -top $top -run coarse:fine -noshare
    memory_map t:\$mem_v2 r:SIZE<$rows %i
    opt -fast -full
    techmap
    abc -fast
    opt -fast
    check -assert
    select -assert-none $latches
    $cmds
    tee -o $tmp/stat.txt stat -top $top
    write_json $json" >/dev/null; then
  grep -iE "error|assert|latch|loop|driver" "$log" | grep -v "No latch inferred" | tail -20
  echo "synthesis of $top: FAILED"
  exit 1
fi
secs=$(( $(date +%s) - start ))
${PYTHON:-python3} "$here/synth_levels.py" "$json" "$top" "$minbits" || {
  echo "synthesis of $top: FAILED"; exit 1; }
echo
# yosys' own count of the whole top (every instance), as a cross-check
awk '/design hierarchy/ { h = 1 } h && /Number of cells:/ { print "yosys stat -top: cells", $NF; exit }' \
    "$tmp/stat.txt"
grep -E "CPU: user" "$log" | sed 's/.*\(CPU: user\)/yosys \1/'
echo "wall time ${secs} s; per step (s):"
# the top-level commands of the script above, from the time stamps (-t)
awk '/^\[[0-9.]+\] [0-9]+\. Executing / { t = substr($1, 2) + 0; if (name != "") d[name] += t - t0
                                           name = $4; t0 = t; if (!(name in seen)) { seen[name] = 1; o[++n] = name } }
     /^\[[0-9.]+\]/ { last = substr($1, 2) + 0 }
     END { d[name] += last - t0; for (i = 1; i <= n; i++) if (d[o[i]] >= 1) printf "  %s %.0f", o[i], d[o[i]]; print "" }' "$log"
echo "the most expensive passes (CPU, yosys -d):"
awk '/^ *[0-9]+% +[0-9]+ calls/ { print; n++ } n == 8 { exit }' "$log" | sed 's/^ */  /'
echo "synthesis of $top: ok, no latches"
}
main "$@"
