# vrgather (.vv, .vx, .vi; indices past VLMAX give 0), vcompress, vmv.x.s,
# vmv.s.x, vfmv.f.s, vfmv.s.f, vmv1r.
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, a
    vle32.v v1, (s0)
    la s0, idx
    vle32.v v2, (s0)
    vrgather.vv v3, v1, v2
    CHECKV 1, v3, 32, g, 4
    vsetivli x0, 4, e32, m1, ta, ma
    li s1, 2
    vrgather.vx v3, v1, s1
    CHECKV 2, v3, 32, gx, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vrgather.vi v3, v1, 3
    CHECKV 3, v3, 32, gi, 4
    vsetivli x0, 1, e8, m1, ta, ma
    li s2, 0xa                        # elements 1, 3
    vmv.s.x v0, s2
    vsetivli x0, 4, e32, m1, ta, ma
    vmv.v.i v4, 0
    vcompress.vm v4, v1, v0
    CHECKV 4, v4, 32, comp, 2
    vsetivli x0, 4, e32, m1, ta, ma
    vmv.x.s s3, v1
    CHECK 5, s3, 11
    li s4, -5
    vmv.s.x v5, s4
    vmv.x.s s3, v5
    CHECK 6, s3, -5
    li s5, 0x40400000
    fmv.w.x fs5, s5
    vfmv.s.f v6, fs5
    vfmv.f.s ft0, v6
    CHECKF 7, ft0, 0x40400000
    vmv1r.v v7, v1
    CHECKV 8, v7, 32, a, 4
    PASS
.data
.balign 16
a: .word 11, 12, 13, 14
idx: .word 3, 0, 100, 1
g: .word 14, 11, 0, 12
gx: .word 13, 13, 13, 13
gi: .word 14, 14, 14, 14
comp: .word 12, 14
