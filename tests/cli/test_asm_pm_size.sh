#!/bin/bash
# test_asm_pm_size.sh KC SCRATCH — `kc asm` checks a program against the program
# memory of the build it names: 1100 bundles fit vliw's 2048-bundle PM, not
# vliw_small's 1024 (SPMD or one tile's own program); 1024 fit both.
set -u
KC=$1
D=$2
mkdir -p "$D" || exit 2
fail() { echo "FAIL: $*" >&2; exit 1; }
prog() {   # prog FILE BUNDLES [HEADER]: BUNDLES bundles (the last a halt) after HEADER
    { [ -n "${3:-}" ] && echo "$3"; for _ in $(seq $(($2 - 1))); do echo "    nop"; done; echo "    halt"; } > "$1"
}
prog "$D/big.s" 1100
prog "$D/tile.s" 1100 ".tile 1"
prog "$D/full.s" 1024
for k in big tile full; do
    "$KC" asm --platform vliw "$D/$k.s" > "$D/out" 2>&1 || fail "vliw refused $k.s: $(cat "$D/out")"
done
for k in big tile; do
    "$KC" asm --platform vliw_small "$D/$k.s" > "$D/out" 2>&1
    rc=$?
    [ $rc = 1 ] || fail "vliw_small: $k.s exit $rc, expected 1: $(cat "$D/out")"
    grep -q "program of 1100 bundles does not fit the 1024-bundle PM" "$D/out" || fail "vliw_small $k.s: $(cat "$D/out")"
done
"$KC" asm --platform vliw_small "$D/full.s" > "$D/out" 2>&1 || fail "vliw_small refused 1024 bundles: $(cat "$D/out")"
echo "ok"
