#!/bin/sh
# test_itrace.sh KC — instruction traces (kc eval --trace-insn, kc trace) on every
# platform built, checked against the run's own counters:
#  - one line per issued instruction: lines = instret (npu, rvv), = bundles (vliw,
#    over all tiles);
#  - npu issues one instruction per cycle unless it stalls: lines + stalls = cycles,
#    and the stall cycles charged to each reason = that stall counter;
#  - the lines are in cycle order per unit, every pc disassembles, every line
#    names its source line (vliw: on every tile, each running its own program);
#  - it lines up with the waveform: a line of cycle c names the pc kc wave shows
#    at u_core.pc (the issue stage) in row c (the cycle the instruction was at
#    issue), npu;
#  - kc trace: a window and a unit select exactly those lines; --top ranks sites;
#  - a file that is not a trace is refused.
set -u
KC=$1
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad() { echo "FAIL: $*"; fail=1; }

counter() {   # counter NAME JSON-FILE
    python3 -c "import json,sys; print(json.load(open(sys.argv[2]))['counters'].get(sys.argv[1], -1))" "$1" "$2"
}

run() {   # run PLATFORM TASK CONFIG [eval options] -> $tmp/P.trace, $tmp/P.json
    p=$1 task=$2 cfg=$3
    shift 3
    "$KC" eval --platform "$p" --task "$task" --config "$cfg" --baseline --json --trace-insn "$tmp/$p.trace" "$@" \
        > "$tmp/$p.json" || { bad "$p $task C$cfg did not run correctly"; return 1; }
}

# npu: the exact accounting
if run npu softmax 1 --vcd "$tmp/npu.vcd" --window 60:140; then
    t=$tmp/npu.trace j=$tmp/npu.json
    lines=$(grep -vc '^#' "$t")
    [ "$lines" = "$(counter instret "$j")" ] || bad "npu: $lines lines, instret $(counter instret "$j")"
    stalls=$(awk '!/^#/ {s += $4} END {print s}' "$t")
    cycles=$(python3 -c "import json; print(json.load(open('$j'))['cycles'])")
    [ $((lines + stalls)) = "$cycles" ] || bad "npu: $lines lines + $stalls stall cycles != $cycles cycles"
    for r in stall_dma stall_vector stall_drain; do
        got=$(awk -v r=$r '!/^#/ && $5 == r {s += $4} END {print s + 0}' "$t")
        [ "$got" = "$(counter $r "$j")" ] || bad "npu: $got cycles charged to $r, counter $(counter $r "$j")"
    done
    awk '!/^#/ { if ($1 <= last && NR > 4) exit 1; last = $1 }' "$t" || bad "npu: cycles not increasing"
    grep -v '^#' "$t" | awk '$7 == "?"' | grep -q . && bad "npu: a pc without disassembly"
    grep -q '^ *[0-9]* *- *[0-9a-f]* *0 - *baseline-npu-softmax-c1:[0-9]* *csrwi' "$t" || bad "npu: no source line"
    # the waveform's time axis: u_core.pc in row c = the pc of the trace's line at c
    "$KC" wave "$tmp/npu.vcd" --signals u_core.pc --window 60:140 > "$tmp/wave.txt" || bad "kc wave failed"
    python3 - "$t" "$tmp/wave.txt" <<'PY' || bad "the trace and the waveform disagree"
import sys
wave = {}
for line in open(sys.argv[2]).read().splitlines()[1:]:
    c, pc = line.split()
    wave[int(c)] = int(pc, 16)
n = 0
for line in open(sys.argv[1]):
    if line.startswith('#'):
        continue
    f = line.split()
    c, pc = int(f[0]), int(f[2], 16)
    if 60 <= c < 140:
        n += 1
        if wave.get(c) != pc:
            sys.exit("cycle %d: trace pc %x, waveform u_core.pc %s" % (c, pc, wave.get(c)))
if n == 0:
    sys.exit("no trace line in 60:140")
PY
    # kc trace: the window [100, 200) and the hottest site
    "$KC" trace "$t" --window 100:200 > "$tmp/w.txt" || bad "kc trace --window failed"
    want=$(awk '!/^#/ && $1 >= 100 && $1 < 200' "$t" | wc -l)
    got=$(grep -vc '^#' "$tmp/w.txt")
    [ "$want" -gt 0 ] && [ "$got" = "$want" ] || bad "kc trace --window 100:200: $got lines, want $want"
    "$KC" trace "$t" --top 1 > "$tmp/top.txt" || bad "kc trace --top failed"
    top_cycles=$(awk 'NR == 2 {print $4}' "$tmp/top.txt")
    max=$(awk '!/^#/ && $4 > m {m = $4} END {print m}' "$t")
    [ "$top_cycles" = "$max" ] || bad "kc trace --top 1: $top_cycles cycles, the longest single wait is $max"
fi

# rvv (if built): a line per retired instruction
if "$KC" --help | grep '^platforms' | grep -qw rvv; then
    if run rvv relu 1; then
        lines=$(grep -vc '^#' "$tmp/rvv.trace")
        [ "$lines" = "$(counter instret "$tmp/rvv.json")" ] || bad "rvv: $lines lines, instret $(counter instret "$tmp/rvv.json")"
    fi
fi

# vliw (if built): a line per bundle per tile; per tile in cycle order; --unit
if "$KC" --help | grep '^platforms' | grep -qw vliw; then
    if run vliw relu 1; then
        t=$tmp/vliw.trace
        lines=$(grep -vc '^#' "$t")
        [ "$lines" = "$(counter bundles "$tmp/vliw.json")" ] || bad "vliw: $lines lines, bundles $(counter bundles "$tmp/vliw.json")"
        units=$(awk '!/^#/ {print $2}' "$t" | sort -u | tr '\n' ' ')
        [ "$units" = "0 1 2 3 " ] || bad "vliw: units '$units'"
        awk '!/^#/ { if (($2 in last) && $1 <= last[$2]) exit 1; last[$2] = $1 }' "$t" || bad "vliw: a tile's cycles not increasing"
        got=$("$KC" trace "$t" --unit 2 | grep -vc '^#')
        want=$(awk '!/^#/ && $2 == 2' "$t" | wc -l)
        [ "$got" = "$want" ] || bad "kc trace --unit 2: $got lines, want $want"
        grep -q 'stall_lock' "$t" || bad "vliw relu C1: no lock stall in the trace"
        # every tile runs its own program (.tile N): each bundle names its source line
        nosrc=$(awk '!/^#/ && $6 !~ /^baseline-vliw-relu-c1:[0-9]+$/ {print $2}' "$t" | sort -u | tr '\n' ' ')
        [ -z "$nosrc" ] || bad "vliw: bundles without a source line on tile(s) $nosrc"
    fi
fi

# not a trace
printf 'hello world\n' > "$tmp/junk"
"$KC" trace "$tmp/junk" > /dev/null 2> "$tmp/err.txt" && bad "kc trace accepted a file that is not a trace"
grep -q 'not an instruction trace line' "$tmp/err.txt" || bad "no clear error for a file that is not a trace"

[ $fail = 0 ] && echo "instruction traces: ok"
exit $fail
