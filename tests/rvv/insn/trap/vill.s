# kc-rtl-only: a trap stops the core (QEMU user mode would raise SIGILL)
# kc-expect: trapped illegal-instruction pc=0x00100008 info=0x022081d7
# vsetvli with SEW 64 (no ELEN 64 in Zve32f) sets vill; the next vector
# arithmetic instruction (vadd.vv v3, v2, v1 = 0x022081d7) is illegal.
.include "kc_check.inc"
_start:
    li t0, 4
    vsetvli t1, t0, e64, m1, ta, ma
    vadd.vv v3, v2, v1
    PASS
