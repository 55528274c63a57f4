#!/bin/sh
# yosys_nolatch.sh YOSYS INCDIRS TOP FILE... — synthesizes TOP with yosys and
# fails (exit 1) on any error, on a failed `check`, or on any latch. INCDIRS:
# include directories separated by ':'.
# `synth -noabc` keeps the big multipliers of exp/recip/rsqrt to a few
# seconds; latches are created (proc_dlatch) and mapped before abc, so the
# check is the same as with abc.
yosys=$1
inc=$(echo "$2" | sed 's/:/ -I/g')
top=$3
shift 3
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT
latches='t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_* t:$_DLATCHSR_* t:$_SR_*'
if "$yosys" -q -l "$log" -p "read_verilog -sv -I$inc $*; synth -noabc -top $top; check -assert; \
        select -assert-none $latches" >/dev/null 2>&1; then
    echo "ok: $top synthesizes with no latches"
    exit 0
fi
if grep -q "Assertion failed: selection is not empty" "$log"; then
    echo "FAIL: latches in $top:"
    "$yosys" -q -p "read_verilog -sv -I$inc $*; synth -noabc -top $top; tee -o /dev/stdout select -list $latches" 2>&1 | head -20
else
    echo "FAIL: yosys could not synthesize $top:"
    grep -i -B2 -A2 "error\|warning" "$log" | head -40
fi
exit 1
