# Vector fp compares into masks, vfmin/vfmax (signed zeros, NaN), sign
# injection, vfclass, vfmerge and vfmv.v.f.
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, a
    vle32.v v1, (s0)
    la s0, b
    vle32.v v2, (s0)
    vmflt.vv v4, v1, v2
    vmv.x.s s1, v4
    andi s1, s1, 0xf
    CHECK 1, s1, 0x1
    vmfeq.vv v4, v1, v2               # NaN unequal; -0 == +0
    vmv.x.s s1, v4
    andi s1, s1, 0xf
    CHECK 2, s1, 0x4
    vmfle.vv v4, v1, v2
    vmv.x.s s1, v4
    andi s1, s1, 0xf
    CHECK 3, s1, 0x5
    vfmin.vv v3, v1, v2
    CHECKV 4, v3, 32, min, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vfmax.vv v3, v1, v2
    CHECKV 5, v3, 32, max, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vfsgnjn.vv v3, v1, v2
    CHECKV 6, v3, 32, sgnjn, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vfclass.v v3, v1
    CHECKV 7, v3, 32, class, 4
    vsetivli x0, 4, e32, m1, ta, ma
    li s2, 0x40490fdb                 # pi
    fmv.w.x fs2, s2
    vfmv.v.f v5, fs2
    CHECKV 8, v5, 32, pis, 4
    vsetivli x0, 1, e8, m1, ta, ma
    li s3, 0x6
    vmv.s.x v0, s3
    vsetivli x0, 4, e32, m1, ta, ma
    vfmerge.vfm v5, v1, fs2, v0       # elements 1, 2 = pi
    CHECKV 9, v5, 32, merged, 4
    PASS
.data
.balign 16
a: .word 0x3f800000, 0x7fc00000, 0x80000000, 0x40000000    # 1, NaN, -0, 2
b: .word 0x40000000, 0x3f800000, 0x00000000, 0xbf800000    # 2, 1, +0, -1
min: .word 0x3f800000, 0x3f800000, 0x80000000, 0xbf800000
max: .word 0x40000000, 0x3f800000, 0x00000000, 0x40000000
sgnjn: .word 0xbf800000, 0xffc00000, 0x80000000, 0x40000000
class: .word 0x40, 0x200, 0x08, 0x40
pis: .word 0x40490fdb, 0x40490fdb, 0x40490fdb, 0x40490fdb
merged: .word 0x3f800000, 0x40490fdb, 0x40490fdb, 0x40000000
