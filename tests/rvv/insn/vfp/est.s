# vfrec7 and vfrsqrt7 (7-bit estimate tables of the V spec) and the fp
# reductions (vfredusum/vfredosum on exact sums, vfredmax/vfredmin).
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, x
    vle32.v v1, (s0)
    vfrec7.v v2, v1
    CHECKV 1, v2, 32, rec7, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vfrsqrt7.v v2, v1
    CHECKV 2, v2, 32, rsqrt7, 4
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, r
    vle32.v v3, (s0)
    fmv.w.x fa0, zero
    vfmv.s.f v4, fa0
    vfredosum.vs v5, v3, v4
    vfmv.f.s ft0, v5
    CHECKF 3, ft0, 0x41200000         # 1 + 2 + 3 + 4 = 10
    vfredusum.vs v5, v3, v4
    vfmv.f.s ft0, v5
    CHECKF 4, ft0, 0x41200000
    vfredmax.vs v5, v3, v4
    vfmv.f.s ft0, v5
    CHECKF 5, ft0, 0x40800000
    vfredmin.vs v5, v3, v3            # start = r[0] = 1
    vfmv.f.s ft0, v5
    CHECKF 6, ft0, 0x3f800000
    PASS
.data
.balign 16
x: .float 1.0, 4.0, 0.5, 3.0
rec7: .word 0x3f7f0000, 0x3e7f0000, 0x3fff0000, 0x3eaa0000
rsqrt7: .word 0x3f7f0000, 0x3eff0000, 0x3fb40000, 0x3f130000
r: .float 1.0, 2.0, 3.0, 4.0
