# LMUL 2 and 4 register groups: an add over 8 and 16 elements at e32 (VLEN 128:
# 2 and 4 registers), masked (vm = 0) with mask-undisturbed elements.
.include "kc_check.inc"
_start:
    vsetivli x0, 16, e32, m4, tu, mu
    la s0, a
    vle32.v v8, (s0)
    vadd.vv v12, v8, v8
    CHECKV 1, v12, 32, dbl, 4
    CHECKV 2, v13, 32, dbl + 16, 4
    CHECKV 3, v14, 32, dbl + 32, 4
    CHECKV 4, v15, 32, dbl + 48, 4
    vsetivli x0, 1, e16, m1, ta, ma
    li s1, 0x5555
    vmv.s.x v0, s1                    # mask: even elements
    vsetivli x0, 8, e32, m2, tu, mu
    vadd.vi v12, v8, 1, v0.t          # odd elements keep 2a
    CHECKV 5, v12, 32, madd, 4
    CHECKV 6, v13, 32, madd + 16, 4
    PASS
.data
.balign 16
a: .word 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
dbl: .word 0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30
madd: .word 1,2,3,6,5,10,7,14
