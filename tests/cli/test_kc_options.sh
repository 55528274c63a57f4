#!/bin/bash
# test_kc_options.sh KC — every subcommand of kc parses its options with the one
# parser: --help lists each option and exits 0, an unknown option exits 2 with
# the subcommand named and a hint, --x=y equals --x y, and kc --help lists the
# platforms of the platform table.
set -u
KC=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
subs="run bench merge report eval compile asm disasm isa-doc perf cosim agent wave trace"
for s in $subs; do
    "$KC" $s --help > /tmp/kc_opts_help.$$ 2>&1 || fail "kc $s --help exited $?"
    grep -q "^usage: kc $s " /tmp/kc_opts_help.$$ || fail "kc $s --help: no usage line"
    grep -q "^  -h, --help " /tmp/kc_opts_help.$$ || fail "kc $s --help: no option list"
    err=$("$KC" $s --no-such-option 2>&1 > /dev/null)
    rc=$?
    [ $rc = 2 ] || fail "kc $s --no-such-option exited $rc, expected 2"
    [ "$err" = "kc $s: unknown option '--no-such-option' (see kc $s --help)" ] || fail "kc $s: '$err'"
done
rm -f /tmp/kc_opts_help.$$
err=$("$KC" eval --task relu --confg 1 --baseline 2>&1 > /dev/null)
[ $? = 2 ] && [ "$err" = "kc eval: unknown option '--confg' (did you mean --config?)" ] || fail "eval hint: '$err'"
err=$("$KC" bench --jobs 2>&1 > /dev/null)
[ $? = 2 ] && [ "$err" = "kc bench: --jobs needs a value" ] || fail "bench missing value: '$err'"
err=$("$KC" cosim --random --count=0 2>&1 > /dev/null)
[ $? = 2 ] && [ "$err" = "kc cosim: --count takes a whole number in 1..100000000, got '0'" ] || fail "cosim range: '$err'"
# every --platform is checked against the platform table, in one message form
for s in run bench eval compile asm disasm isa-doc perf cosim agent; do
    err=$("$KC" $s --platform=nosuch 2>&1 > /dev/null)
    [ $? = 2 ] && echo "$err" | grep -q "^kc $s: --platform takes one of: .*, got 'nosuch'$" || fail "kc $s platform: '$err'"
done
# the = form gives the same result as the separate value
a=$("$KC" compile --task=relu --config=1 --platform=npu) || fail "compile with ="
b=$("$KC" compile --task relu --config 1) || fail "compile without ="
[ "$a" = "$b" ] && [ -n "$a" ] || fail "compile --x=y differs from --x y"
# kc --help lists every platform the table has (the first is the default)
"$KC" --help | grep -q "^platforms (--platform; the first is the default): npu" || fail "kc --help lacks platforms"
echo PASS
