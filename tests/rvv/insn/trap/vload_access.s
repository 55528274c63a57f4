# kc-rtl-only: a trap stops the core
# kc-expect: trapped load-access-fault pc=0x0010000c info=0x00300000
# A vector load outside every memory (reported when the VLSU executes it).
.include "kc_check.inc"
_start:
    li t0, 4
    vsetvli t1, t0, e32, m1, ta, ma
    lui s0, 0x300
    vle32.v v1, (s0)
    li s1, 5
    PASS
