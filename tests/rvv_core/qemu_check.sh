#!/bin/sh
# qemu_check.sh QEMU ELF HEX [--write] — the result bytes QEMU user mode prints
# for ELF must equal the committed expectation HEX (the data tb_rvv_core compares
# the RTL against). --write regenerates HEX instead.
set -e
qemu=$1 elf=$2 hex=$3
got=$("$qemu" -cpu rv32,v=true,vlen=128,elen=32,vext_spec=v1.0 "$elf" | od -An -v -tx1 | tr -d ' \n' | fold -w 32)
if [ "$4" = "--write" ]; then
  printf '%s\n' "$got" > "$hex"
  exit 0
fi
want=$(tr -d ' \n' < "$hex" | fold -w 32)
if [ "$got" = "$want" ]; then
  echo "PASS: QEMU agrees with $hex"
else
  echo "FAIL: QEMU's result bytes differ from $hex"
  printf '%s\n' "$got" > "${hex##*/}.qemu"
  exit 1
fi
