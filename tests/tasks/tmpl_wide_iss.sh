#!/bin/sh
# Correctness of the npu baselines at a second size on the ISS built at that size
# (tests/tasks/tmpl_wide_iss.c). Needs a built tree (cmake --build build).
#   tests/tasks/tmpl_wide_iss.sh [BUILD_DIR] [TASK...]
# Default sizes: VLEN=32 MLEN=8 VROWS=4096 (npu_wide); override with the
# environment (VLEN=... MLEN=... VROWS=...). Default tasks: every task.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$src/build}
[ $# -gt 0 ] && shift
tasks=${*:-"relu silu gelu softmax layernorm rmsnorm gemv gemm bmm linear swiglu rope sdpa flash_attn mha gqa mqa ffn llama_block t5_block conv2d dwconv convblock"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the ISS and its header beside a npu.def at the other size ("#include "npu.def""
# finds the copy next to them first)
sed -e "s/^NPU_PARAM(VLEN, *[0-9]*,/NPU_PARAM(VLEN, ${VLEN:-32},/" \
    -e "s/^NPU_PARAM(VROWS, *[0-9]*,/NPU_PARAM(VROWS, ${VROWS:-4096},/" \
    -e "s/^NPU_PARAM(MLEN, *[0-9]*,/NPU_PARAM(MLEN, ${MLEN:-8},/" "$src/isa/npu.def" > "$tmp/npu.def"
cp "$src/isa/kc_iss.c" "$src/isa/kc_iss.h" "$tmp/"
inc="-I$tmp -I$src/isa -I$src/harness -I$src/tasks"
cc -O2 -std=gnu11 $inc -c "$tmp/kc_iss.c" -o "$tmp/kc_iss.o"
cc -O2 -std=gnu11 $inc -c "$src/tests/tasks/tmpl_wide_iss.c" -o "$tmp/tmpl_wide_iss.o"
cc -o "$tmp/tmpl_wide_iss" "$tmp/tmpl_wide_iss.o" "$tmp/kc_iss.o" "$build/tasks/libkc_tasks.a" \
    "$build/isa/libkc_isa.a" "$build/harness/libkc_harness.a" $(pkg-config --libs jansson) -lm
# shellcheck disable=SC2086
"$tmp/tmpl_wide_iss" $tasks
