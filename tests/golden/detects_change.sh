#!/bin/sh
# golden_cycles --check must fail, and say what changed, on a golden file that
# differs from the RTL: relu C1's cycles and instret one more than measured
# (columns 4 and 6), relu C2's row missing, no platform in the header, a row
# outside the file's '# configs:'; and must pass a file of C1 only that says so.
# usage: detects_change.sh GOLDEN_CYCLES NPU_TSV WORKDIR
set -u
bin=$1 golden=$2 dir=$3
fail() { echo "detects_change: $*"; exit 1; }

cycles=$(awk -F'\t' '$1 == "relu" && $2 == "1" { print $4 }' "$golden")
instret=$(awk -F'\t' '$1 == "relu" && $2 == "1" { print $6 }' "$golden")
[ -n "$cycles" ] && [ -n "$instret" ] || fail "no relu C1 row in $golden"

awk 'BEGIN { FS = OFS = "\t" } $1 == "relu" && $2 == "1" { $4 += 1; $6 += 1 } 1' "$golden" >"$dir/off_by_one.tsv"
out=$("$bin" --check "$dir/off_by_one.tsv" --tasks relu)
rc=$?
echo "$out"
[ $rc -eq 1 ] || fail "changed cell: exit $rc, want 1"
want="relu C1: cycles $((cycles + 1)) -> $cycles (instret $((instret + 1)) -> $instret)"
echo "$out" | grep -qxF "$want" || fail "no line '$want'"
echo "$out" | grep -q "1 of 5 cells differ.*make golden" || fail "no summary naming make golden"

awk -F'\t' '!($1 == "relu" && $2 == "2")' "$golden" >"$dir/missing.tsv"
out=$("$bin" --check "$dir/missing.tsv" --tasks relu)
rc=$?
echo "$out"
[ $rc -eq 1 ] || fail "missing cell: exit $rc, want 1"
echo "$out" | grep -q "^relu C2: not in" || fail "the missing cell is not named"
echo "$out" | grep -q "make golden" || fail "no hint to run make golden"

grep -v '^# platform:' "$golden" >"$dir/no_platform.tsv"
"$bin" --check "$dir/no_platform.tsv" --tasks relu
rc=$?
[ $rc -eq 2 ] || fail "no platform: exit $rc, want 2"
{ sed -n '/^# platform:/p; /^# seed:/p' "$golden"; echo "# configs: 1"
  awk -F'\t' '$1 == "task" || ($1 == "relu" && $2 == "1")' "$golden"; } >"$dir/c1.tsv"
out=$("$bin" --check "$dir/c1.tsv" --tasks relu)
rc=$?
echo "$out"
[ $rc -eq 0 ] || fail "a file of C1 only: exit $rc, want 0"
echo "$out" | grep -q "golden: 1 cells" || fail "a file of C1 only: not one cell checked"

awk -F'\t' '$1 == "relu" && $2 == "2"' "$golden" >>"$dir/c1.tsv"
out=$("$bin" --check "$dir/c1.tsv" --tasks relu)
rc=$?
echo "$out"
[ $rc -eq 1 ] || fail "a row outside '# configs:': exit $rc, want 1"
echo "$out" | grep -q "relu C2 is outside" || fail "the row outside '# configs:' is not named"
echo "detects_change: all passed"
