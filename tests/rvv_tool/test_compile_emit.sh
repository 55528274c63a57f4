#!/bin/sh
# kc compile --emit: kernel (default) is the baseline kernel text; c is the C the
# baseline is compiled from (rvv), refused on a platform whose baseline is not C.
KC=$1
fail() { echo "FAIL: $*"; exit 1; }
a=$("$KC" compile --platform npu --task relu --config 1) || fail "compile"
b=$("$KC" compile --platform npu --task relu --config 1 --emit kernel) || fail "--emit kernel"
[ -n "$a" ] && [ "$a" = "$b" ] || fail "--emit kernel differs from the default"
msg=$("$KC" compile --platform npu --task relu --config 1 --emit c 2>&1); rc=$?
[ $rc -eq 2 ] || fail "--emit c on npu: exit $rc"
echo "$msg" | grep -q "not compiled from C" || fail "--emit c on npu: $msg"
msg=$("$KC" compile --platform npu --task relu --config 1 --emit asm 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$msg" | grep -q "kernel or c" || fail "--emit asm: exit $rc: $msg"
if "$KC" --help 2>&1 | grep -q "platforms.* rvv"; then
  c=$("$KC" compile --platform rvv --task relu --config 1 --emit c) || fail "rvv --emit c"
  echo "$c" | grep -q "^#define " || fail "rvv --emit c has no shape #define"
  s=$("$KC" compile --platform rvv --task relu --config 1) || fail "rvv compile"
  echo "$s" | grep -q "^kernel:" || fail "rvv baseline assembly has no kernel label"
else
  echo "no rvv platform in this build: rvv part skipped"
fi
echo ok
