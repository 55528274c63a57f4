#!/bin/sh
# test_gtkw.sh KC PLATFORM — the generated GTKWave save file of a full-depth trace
# (kc eval --vcd F --gtkw) names every key signal of the platform's list (none
# missing), and Debian's GTKWave, run headless under Xvfb, loads the trace with
# it and displays every signal the file names (a Tcl script asks it), with no
# error or warning.
set -u
KC=$1
P=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v gtkwave > /dev/null && command -v xvfb-run > /dev/null ||
    fail "gtkwave and xvfb-run are needed (make deps installs gtkwave and xvfb)"

"$KC" eval --platform "$P" --task relu --config 1 --baseline --vcd "$tmp/t.vcd" --window 0:200 --gtkw \
    > "$tmp/eval.txt" 2> "$tmp/eval.err" || fail "kc eval --gtkw: $(cat "$tmp/eval.err")"
[ -s "$tmp/t.gtkw" ] || fail "no save file t.gtkw next to t.vcd"
grep -q "leaves out" "$tmp/eval.err" && fail "key signals missing from a full-depth trace: $(cat "$tmp/eval.err")"
listed=$(grep -c '^TOP\.' "$tmp/t.gtkw")
[ "$listed" -ge 20 ] || fail "the save file lists only $listed signals"

cat > "$tmp/check.tcl" <<'TCL'
puts "displayed [llength [gtkwave::getDisplayedSignals]]"
foreach s [gtkwave::getDisplayedSignals] { puts "shown $s" }
gtkwave::/File/Quit
TCL
# GTKWave reads ~/.gtkwaverc; a private HOME keeps a user's settings out of the test
HOME=$tmp timeout 60 xvfb-run -a gtkwave -S "$tmp/check.tcl" "$tmp/t.vcd" "$tmp/t.gtkw" > "$tmp/gtk.out" 2>&1 ||
    fail "gtkwave exited $?: $(tail -5 "$tmp/gtk.out")"
shown=$(sed -n 's/^displayed \([0-9]*\)$/\1/p' "$tmp/gtk.out")
[ -n "$shown" ] || fail "GTKWave did not run the script: $(tail -5 "$tmp/gtk.out")"
# a name GTKWave cannot find in the trace is dropped silently: the count shows it
[ "$shown" -eq "$listed" ] || fail "GTKWave displays $shown signals, the file names $listed"
grep -v '^shown \|^displayed \|^GTKWave Analyzer\|^\[[0-9]*\] \|^Exiting\|^$' "$tmp/gtk.out" | grep -i 'error\|warning\|not found\|cannot' &&
    fail "GTKWave complained"
echo "$P: $listed key signals, GTKWave displays them all"
