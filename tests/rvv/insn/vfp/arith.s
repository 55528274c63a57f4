# Vector fp32 arithmetic: vfadd/vfsub/vfmul/vfdiv (.vv and .vf), vfsqrt, the
# fused multiply-add forms, at RNE (results exact or correctly rounded).
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, a
    vle32.v v1, (s0)
    la s0, b
    vle32.v v2, (s0)
    vfadd.vv v3, v1, v2
    CHECKV 1, v3, 32, add, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vfsub.vv v3, v1, v2
    CHECKV 2, v3, 32, sub, 4
    vsetivli x0, 4, e32, m1, ta, ma
    li s1, 0x40000000                 # 2.0
    fmv.w.x fs1, s1
    vfmul.vf v3, v1, fs1
    CHECKV 3, v3, 32, mul2, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vfdiv.vv v3, v1, v2
    CHECKV 4, v3, 32, div, 4
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, sq
    vle32.v v4, (s0)
    vfsqrt.v v3, v4
    CHECKV 5, v3, 32, sqrt, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vmv.v.v v5, v2
    vfmacc.vv v5, v1, v1              # b + a*a
    CHECKV 6, v5, 32, macc, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vmv.v.v v5, v2
    vfnmsac.vf v5, fs1, v1            # b - 2a
    CHECKV 7, v5, 32, nmsac, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vfrsub.vf v3, v1, fs1             # 2 - a
    CHECKV 8, v3, 32, rsub, 4
    PASS
.data
.balign 16
a: .float 1.5, -2.0, 0.25, 100.0
b: .float 0.5, 4.0, -0.75, 3.0
add: .float 2.0, 2.0, -0.5, 103.0
sub: .float 1.0, -6.0, 1.0, 97.0
mul2: .float 3.0, -4.0, 0.5, 200.0
div: .float 3.0, -0.5, -0.33333334, 33.333332
sq: .float 4.0, 2.25, 0.0, 1e6
sqrt: .float 2.0, 1.5, 0.0, 1000.0
macc: .float 2.75, 8.0, -0.6875, 10003.0
nmsac: .float -2.5, 8.0, -1.25, -197.0
rsub: .float 0.5, 4.0, 1.75, -98.0
