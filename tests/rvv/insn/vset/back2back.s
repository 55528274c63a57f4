# A vector instruction right behind the vset that sets its vtype/vl (no
# instruction between them): it must see the new vtype and vl.
.include "kc_check.inc"
_start:
    la s0, src
    vsetivli x0, 2, e32, m1, ta, ma
    vle32.v v1, (s0)
    vsetivli x0, 4, e32, m1, ta, ma
    vadd.vv v2, v1, v1                # elements 2, 3 of v1 are 0 (reset, tail of vl 2)
    li t0, 3
    vsetvli t1, t0, e32, m1, ta, ma
    vmv.v.i v3, 7
    CHECKV 1, v2, 32, want2, 2
    vsetivli x0, 4, e32, m1, ta, ma
    vmv.v.i v4, 0
    li t0, 3
    vsetvli t1, t0, e32, m1, ta, ma
    vmv.v.i v4, 7                     # 3 elements
    CHECKV 2, v4, 32, want4, 4
    PASS
.data
.balign 16
src: .word 5, 6, 7, 8
want2: .word 10, 12
want4: .word 7, 7, 7, 0
