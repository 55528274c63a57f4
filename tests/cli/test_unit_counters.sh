#!/bin/bash
# test_unit_counters.sh KC — kc eval's per-core counters on vliw (one core per tile):
# each tile's bundles and stall cycles by reason (the RTL's stall_ev port, counted by
# the shim) add up to the array's counters, which the RTL sums over the tiles itself;
# the tiles differ (each its own work); and kc eval prints a line per core.
set -u
KC=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
rec=$("$KC" eval --platform vliw --task sdpa --config 2 --baseline --json) || fail "kc eval exit $?"
txt=$("$KC" eval --platform vliw --task sdpa --config 2 --baseline) || fail "kc eval (text) exit $?"
for c in bundles stall_lock stall_dma_wait stall_bank; do
    total=$(grep -o "\"$c\":[0-9]*" <<< "$rec" | head -1 | cut -d: -f2)
    per=$(grep -o "\"$c\":\[[0-9,]*\]" <<< "$rec" | sed 's/.*\[//; s/\]//')
    [ -n "$total" ] && [ -n "$per" ] || fail "$c: no total or no per-core list: $rec"
    [ "$(tr , '\n' <<< "$per" | wc -l)" = 4 ] || fail "$c: not 4 cores: $per"
    sum=$(tr , '\n' <<< "$per" | awk '{s += $1} END {print s}')
    [ "$sum" = "$total" ] || fail "$c: per-core $per sums to $sum, the array counted $total"
    echo "$c: $per (sum $sum)"
done
lock=$(grep -o '"stall_lock":\[[0-9,]*\]' <<< "$rec" | sed 's/.*\[//; s/\]//')
[ "$(tr , '\n' <<< "$lock" | sort -u | wc -l)" -gt 1 ] || fail "every tile waited alike on locks: $lock"
for u in 0 1 2 3; do
    grep -q "^  unit $u  *bundles=[0-9]* stall_lock=[0-9]* stall_dma_wait=[0-9]* stall_bank=[0-9]*" <<< "$txt" \
        || fail "kc eval prints no line for unit $u: $txt"
done
echo ok
