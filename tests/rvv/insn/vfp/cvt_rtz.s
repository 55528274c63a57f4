# kc-rtl-only: qemu-riscv32 7.2 aborts on vfcvt.rtz.* (translate.c decode_save_opc assertion)
# vfcvt.rtz.x.f.v / vfcvt.rtz.xu.f.v: truncation whatever frm holds.
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, f
    vle32.v v1, (s0)
    vfcvt.rtz.x.f.v v2, v1
    CHECKV 1, v2, 32, rtz, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vfcvt.rtz.xu.f.v v2, v1
    CHECKV 2, v2, 32, rtzu, 4
    PASS
.data
.balign 16
f: .float 2.5, -3.5, 1e10, 0.75
rtz: .word 2, -3, 0x7fffffff, 0
rtzu: .word 2, 0, 0xffffffff, 0
