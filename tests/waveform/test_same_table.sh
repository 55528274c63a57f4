#!/bin/bash
# test_same_table.sh KC TEST_AGENT PLATFORM DIR — one baseline run of relu C1 on
# PLATFORM traced over a window to .vcd and to .fst (kc eval --vcd, the format
# by the extension), then the same signals over the same window three ways:
# kc wave on the VCD, kc wave on the FST, and the agent's view_waveform tool
# (run by test_agent --tool on the same kernel); and GTKWave's fst2vcd of the
# FST, read by kc wave. All the tables must be the same text; an unknown name
# must list the near names.
set -u
KC=$1 TA=$2 PLATFORM=$3 DIR=$4
fail() { echo "FAIL ($PLATFORM): $*" >&2; exit 1; }
rm -rf "$DIR" && mkdir -p "$DIR/workspace" || fail "cannot make $DIR"
A=100 B=140
case $PLATFORM in   # plain suffixes and a glob; vliw has no single retire port (one per tile)
vliw) SIGNALS="clk,mem_req_valid,mem_req_addr,*u_pm.ren" ;;
*) SIGNALS="clk,retire_valid,retire_pc,*req_valid" ;;
esac
"$KC" compile --platform "$PLATFORM" --task relu --config 1 -o "$DIR/workspace/kernel.s" || fail "kc compile"
for ext in vcd fst; do
    "$KC" eval --platform "$PLATFORM" --task relu --config 1 "$DIR/workspace/kernel.s" \
        --vcd "$DIR/run.$ext" --window $A:$B > "$DIR/eval_$ext.txt" || fail "kc eval --vcd run.$ext"
    "$KC" wave "$DIR/run.$ext" --signals "$SIGNALS" --window $A:$B > "$DIR/wave_$ext.txt" 2> "$DIR/wave_$ext.err" \
        || fail "kc wave run.$ext: $(cat "$DIR/wave_$ext.err")"
done
head -c 4 "$DIR/run.vcd" | grep -q '^\$' || fail "run.vcd is not VCD text"
head -c 4 "$DIR/run.fst" | grep -q '^\$' && fail "run.fst is VCD text, not FST"
rows=$(($(wc -l < "$DIR/wave_vcd.txt") - 1))
[ "$rows" = $((B - A)) ] || fail "kc wave printed $rows rows for the window $A:$B"
grep -q "^ *$A " "$DIR/wave_vcd.txt" && grep -q "^ *$((B - 1)) " "$DIR/wave_vcd.txt" || fail "rows not labelled $A..$((B - 1))"
cmp -s "$DIR/wave_vcd.txt" "$DIR/wave_fst.txt" || { diff "$DIR/wave_vcd.txt" "$DIR/wave_fst.txt" | head; fail "VCD and FST tables differ"; }
# GTKWave reads the FST the same way: its own fst2vcd, then kc wave on that VCD
fst2vcd "$DIR/run.fst" > "$DIR/gtkwave.vcd" 2> "$DIR/fst2vcd.err" || fail "fst2vcd: $(head -3 "$DIR/fst2vcd.err")"
"$KC" wave "$DIR/gtkwave.vcd" --signals "$SIGNALS" --window $A:$B > "$DIR/wave_gtkwave.txt" || fail "kc wave gtkwave.vcd"
cmp -s "$DIR/wave_vcd.txt" "$DIR/wave_gtkwave.txt" || fail "fst2vcd (GTKWave) reads the FST differently"
# the agent's tool: its reply is a header line, then the very table
sigs_json=$(echo "$SIGNALS" | sed 's/\([^,]*\)/"\1"/g')
"$TA" --tool "$DIR/workspace" "$PLATFORM" relu 1 view_waveform \
    "{\"path\": \"kernel.s\", \"signals\": [$sigs_json], \"start\": $A, \"end\": $B}" > "$DIR/tool.txt" \
    || fail "view_waveform failed: $(cat "$DIR/tool.txt")"
tail -n +2 "$DIR/tool.txt" > "$DIR/tool_table.txt"
cmp -s "$DIR/wave_vcd.txt" "$DIR/tool_table.txt" || { diff "$DIR/wave_vcd.txt" "$DIR/tool_table.txt" | head; fail "view_waveform's table differs from kc wave's"; }
# an unknown (misspelt) name: exit 1 and the near names, from both
"$KC" wave "$DIR/run.fst" --signals clk,mem_req_vald > /dev/null 2> "$DIR/unknown.err"
[ $? = 1 ] || fail "kc wave with an unknown signal did not exit 1"
grep -q "no signal named 'mem_req_vald'" "$DIR/unknown.err" && grep -q "Signals like it: .*mem_req_valid" "$DIR/unknown.err" \
    || fail "no near names: $(cat "$DIR/unknown.err")"
echo "ok: $PLATFORM: $((B - A)) rows, VCD $(stat -c %s "$DIR/run.vcd") B, FST $(stat -c %s "$DIR/run.fst") B; same table from kc wave (VCD, FST) and view_waveform"
