#!/bin/bash
# test_asm_cli.sh KC SCRATCH SCENARIO — hostile inputs and option values through
# the kc command: every one must end in a clear error (never a hang, an
# unbounded read, a crash, or a wrapped-around number).
set -u
KC=$1
D=$2/$3
SCEN=$3
rm -rf "$D" && mkdir -p "$D" || exit 2
fail() { echo "FAIL: $*" >&2; exit 1; }
# expect RC PATTERN CMD...: the command exits with RC within 20 s and stderr matches PATTERN
expect() {
    local want=$1 pat=$2
    shift 2
    timeout 20 "$@" > "$D/out" 2> "$D/err" < /dev/null
    local rc=$?
    [ $rc = "$want" ] || fail "$* exited $rc, expected $want: $(head -c 400 "$D/err")"
    [ -z "$pat" ] || grep -q -- "$pat" "$D/err" || fail "$*: stderr lacks '$pat': $(head -c 400 "$D/err")"
}

case $SCEN in
inputs)
    printf 'halt\n' > "$D/ok.s"
    # a NUL and garbage after a correct kernel: refused where the NUL is
    { printf 'nop\nhalt\n  '; printf '\0'; printf 'garbage\n'; } > "$D/nul.s"
    expect 1 "nul.s:3:3: error: NUL byte" "$KC" asm "$D/nul.s"
    { printf '\0halt\n'; } > "$D/nulfirst.s"
    expect 1 "nulfirst.s:1:1: error: NUL byte" "$KC" asm "$D/nulfirst.s"
    # empty, CR-only: "empty program", not a trap at pc 0
    : > "$D/empty.s"
    expect 1 "empty.s:1:1: error: empty program" "$KC" asm "$D/empty.s" --listing
    printf '\r' > "$D/cr.s"
    expect 1 "empty program" "$KC" asm "$D/cr.s"
    # not regular files: no unbounded read, no waiting for a writer
    expect 1 "not a regular file" "$KC" asm /dev/zero
    mkfifo "$D/fifo.s" || exit 2
    expect 1 "not a regular file" "$KC" asm "$D/fifo.s"
    expect 1 "not a regular file" "$KC" asm "$D"
    expect 1 "not a regular file" "$KC" disasm "$D/fifo.s"
    # standard input is read, but not without bound
    head -c $((65 << 20)) /dev/zero | timeout 20 "$KC" asm - > /dev/null 2> "$D/err"
    grep -q "larger than 64 MiB" "$D/err" || fail "65 MiB on stdin: $(cat "$D/err")"
    printf 'halt\n' | "$KC" asm - > "$D/out" 2>&1 || fail "kernel on stdin: $(cat "$D/out")"
    # hex images: columns count from the start of the line
    printf '04000000\n  0400000g\n' > "$D/bad.hex"
    expect 1 "bad.hex:2:3: error" "$KC" disasm "$D/bad.hex"
    # images the listing could not reassemble
    : > "$D/empty.bin"
    expect 1 "empty program" "$KC" disasm "$D/empty.bin"
    head -c $((4 * 70000)) /dev/zero > "$D/big.bin"
    expect 1 "larger than the instruction memory" "$KC" disasm "$D/big.bin"
    "$KC" asm "$D/ok.s" -o "$D/ok.bin" || fail "kc asm ok.s"
    "$KC" disasm "$D/ok.bin" > "$D/ok.lst" || fail "kc disasm ok.bin"
    grep -q "halt" "$D/ok.lst" || fail "listing: $(cat "$D/ok.lst")"
    ;;
eval-inputs)
    "$KC" compile --platform npu --task relu --config 1 -o "$D/k.s" || exit 2
    { cat "$D/k.s"; printf '\0this is not assembly\n'; } > "$D/knul.s"
    lines=$(wc -l < "$D/k.s")
    expect 2 "knul.s:$((lines + 1)):1: error: NUL byte" "$KC" eval --task relu --config 1 "$D/knul.s"
    expect 2 "not a regular file" "$KC" eval --task relu --config 1 /dev/zero
    : > "$D/empty.s"
    expect 1 "" "$KC" eval --task relu --config 1 "$D/empty.s"
    grep -q "empty.s:1:1: error: empty program" "$D/out" || fail "eval of an empty kernel: $(cat "$D/out")"
    # a sweep names why a kernel it found cannot be read, not "no kernel"
    mkdir -p "$D/kdir" && cp "$D/knul.s" "$D/kdir/relu_c1.s"
    expect 0 "relu_c1.s:$((lines + 1)):1: error: NUL byte" "$KC" bench --kernels "$D/kdir" --tasks relu --configs 1 \
        --jobs 1 --out "$D/kdir.jsonl"
    ;;
options)
    expect 2 "--count takes a whole number in 1\.\." "$KC" cosim --random --count -1
    expect 2 "--count takes a whole number" "$KC" cosim --random --count 18446744073709551616
    expect 2 "--seed takes a whole number" "$KC" cosim --random --seed -5
    expect 2 "--seed takes a whole number" "$KC" cosim --random --seed " 5"
    expect 2 "--latency takes a whole number in 1..99999" "$KC" cosim --random --latency 0
    expect 2 "--cycle-limit takes a whole number" "$KC" eval --task relu --config 1 --baseline --cycle-limit -1
    expect 2 "--cycle-limit takes a whole number" "$KC" eval --task relu --config 1 --baseline --cycle-limit 0
    expect 2 "--config takes a whole number in 1..5" "$KC" eval --task relu --config -1 --baseline
    expect 2 "--depth takes a whole number in 0..1000" "$KC" eval --task relu --config 1 --baseline --depth -1
    expect 2 "--seed takes a whole number" "$KC" eval --task relu --config 1 --baseline --seed +1
    expect 2 "--jobs takes a whole number in 1..1024" "$KC" bench --jobs -1 --out "$D/r.jsonl"
    expect 2 "--cycle-limit takes a whole number" "$KC" bench --cycle-limit -1 --out "$D/r.jsonl"
    expect 2 "--seed takes a whole number" "$KC" run --seed -1
    expect 2 "--repeats takes a whole number in 1..1000" "$KC" perf --repeats -1
    expect 2 "--latency-config takes a whole number in 1..5" "$KC" perf --latency-config 9
    ;;
*)
    echo "unknown scenario $SCEN" >&2
    exit 2
    ;;
esac
echo PASS
