#!/bin/sh
# test_progress_tty.sh KC — long commands on a real terminal (a pty from
# util-linux's script) draw one progress bar in place; through a pipe they print
# one line per record as before. kc bench (progress on stderr) and kc cosim
# --random (on stdout).
set -u
KC=$1
unset KC_PROGRESS
export TERM=xterm COLUMNS=120
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bench="$KC bench --platform npu --kernels baseline --tasks relu --configs 1,2 --seed 1 --jobs 1"
script -qec "$bench" /dev/null > "$tmp/tty.txt" 2>&1 || { echo "FAIL: kc bench on a pty failed"; cat "$tmp/tty.txt"; exit 1; }
$bench > "$tmp/pipe.txt" 2>&1 || { echo "FAIL: kc bench through a pipe failed"; exit 1; }
# on the terminal: the bar, drawn with \r, reaching 2/2; no record lines
if ! tr '\r' '\n' < "$tmp/tty.txt" | grep -q '^kc bench \[#*\.*\] 2/2 '; then
    echo "FAIL: no progress bar reaching 2/2 on the terminal:"; cat -v "$tmp/tty.txt"; fail=1
fi
if grep -q '^\[1/2\]' "$tmp/tty.txt"; then echo "FAIL: record lines on the terminal"; fail=1; fi
# through a pipe: the line per record, no control characters
if ! grep -q '^\[1/2\] relu *C[12] seed 1 *correct' "$tmp/pipe.txt" || ! grep -q '^\[2/2\] ' "$tmp/pipe.txt"; then
    echo "FAIL: no line per record through a pipe:"; cat "$tmp/pipe.txt"; fail=1
fi
if grep -q "$(printf '\r')" "$tmp/pipe.txt"; then echo "FAIL: a \\r through a pipe"; fail=1; fi
# both give the same table
grep '^relu ' "$tmp/tty.txt" | tr -d '\r' > "$tmp/t1"; grep '^relu ' "$tmp/pipe.txt" > "$tmp/t2"
if [ ! -s "$tmp/t2" ] || ! cmp -s "$tmp/t1" "$tmp/t2"; then echo "FAIL: the tables differ"; fail=1; fi

cosim="$KC cosim --platform npu --random --count 3 --seed 1"
script -qec "$cosim" /dev/null > "$tmp/ctty.txt" 2>&1 || { echo "FAIL: kc cosim on a pty failed"; cat -v "$tmp/ctty.txt"; exit 1; }
if ! tr '\r' '\n' < "$tmp/ctty.txt" | grep -q '^kc cosim \[#*\] 3/3 '; then
    echo "FAIL: no cosim bar reaching 3/3:"; cat -v "$tmp/ctty.txt"; fail=1
fi
if grep -q '^seed 1: agree' "$tmp/ctty.txt"; then echo "FAIL: per-program lines on the terminal"; fail=1; fi
$cosim | grep -q '^seed 1: agree' || { echo "FAIL: no per-program line through a pipe"; fail=1; }
[ $fail = 0 ] && echo "progress on a terminal and through a pipe: ok"
exit $fail
