# Integer reductions: vd[0] = op(vs1[0], vs2[*]) over vl elements (masked too).
.include "kc_check.inc"
_start:
    vsetivli x0, 8, e32, m2, ta, ma
    la s0, a
    vle32.v v2, (s0)
    vsetivli x0, 1, e32, m1, ta, ma
    li s1, 1000
    vmv.s.x v1, s1
    vsetivli x0, 8, e32, m2, ta, ma
    vredsum.vs v4, v2, v1
    vmv.x.s s2, v4
    CHECK 1, s2, 1024                 # 1000 + 24
    vredmax.vs v4, v2, v1
    vmv.x.s s2, v4
    CHECK 2, s2, 1000
    vredmin.vs v4, v2, v1
    vmv.x.s s2, v4
    CHECK 3, s2, -9
    vredmaxu.vs v4, v2, v1
    vmv.x.s s2, v4
    CHECK 4, s2, -9
    vredand.vs v4, v2, v2             # scalar = a[0] = 7
    vmv.x.s s2, v4
    CHECK 5, s2, 0
    vredor.vs v4, v2, v2
    vmv.x.s s2, v4
    CHECK 6, s2, -1
    vredxor.vs v4, v2, v2
    vmv.x.s s2, v4
    CHECK 7, s2, -1
    vsetivli x0, 1, e8, m1, ta, ma
    li s3, 0x0f
    vmv.s.x v0, s3                    # elements 0..3
    vsetivli x0, 8, e32, m2, ta, ma
    vredsum.vs v4, v2, v1, v0.t
    vmv.x.s s2, v4
    CHECK 8, s2, 1016                 # 1000 + 7 + 1 + 2 + 6
    vsetivli x0, 4, e16, m1, ta, ma   # at SEW 16: the sum wraps at 16 bits
    la s0, h
    vle16.v v6, (s0)
    vredsum.vs v7, v6, v6
    vmv.x.s s2, v7
    CHECK 9, s2, 0xffff8000           # 0x7fff + (0x7fff + 0x7fff + 2 + 1) wraps to 0x8000; vmv.x.s sign-extends
    PASS
.data
.balign 16
a: .word 7, 1, 2, 6, -9, 3, 8, 6
h: .half 0x7fff, 0x7fff, 2, 1
