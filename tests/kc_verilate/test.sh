#!/bin/sh
# kc_verilate: an RTL change that alters the set of C++ files Verilator writes
# (top2.v adds a module of its own: new generated files, others gone) must build
# and link at the first `cmake --build` after it. With plain verilate() the build
# compiled the configure-time file list and failed to link once
# (cmake/kc_verilate.cmake says why).
#   test.sh KC_ROOT WORK
set -e
root=$1 work=$2 here=$(dirname "$0")
rm -rf "$work"; mkdir -p "$work"
cp "$here/project/top1.v" "$work/top.v"
touch -d '-10 seconds' "$work/top.v"
cmake -S "$here/project" -B "$work/b" -DKC_ROOT="$root" -DRTL="$work/top.v" >"$work/log" 2>&1 ||
    { cat "$work/log"; exit 1; }
cmake --build "$work/b" >>"$work/log" 2>&1 || { cat "$work/log"; exit 1; }
out=$("$work/b/demo"); echo "top1: $out"
[ "$out" = "q=1" ] || { echo "FAIL: top1 gave $out, expected q=1"; exit 1; }
cp "$here/project/top2.v" "$work/top.v"   # newer than the file list
if ! cmake --build "$work/b" >"$work/log2" 2>&1; then
    echo "FAIL: the first build after the RTL change did not link:"; grep -i -m5 "error\|undefined" "$work/log2"
    exit 1
fi
out=$("$work/b/demo"); echo "top2: $out"
[ "$out" = "q=$((0x5a5a5a5a))" ] || { echo "FAIL: top2 gave $out"; exit 1; }
echo "the build after a file-set change linked and runs the new RTL"
