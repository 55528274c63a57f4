# Integer compares into a mask register, vmerge, vmin/vmax (signed/unsigned),
# vmv.v.x / vmv.v.i.
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, a
    vle32.v v1, (s0)
    la s0, b
    vle32.v v2, (s0)
    vmslt.vv v0, v1, v2               # a < b: elements 1, 3 -> 0b1010
    vmv.x.s s1, v0
    andi s1, s1, 0xf
    CHECK 1, s1, 0xa
    vmsltu.vv v4, v1, v2              # unsigned: -1 is huge -> elements 1 and 3 of a < b fail: only 3
    vmv.x.s s1, v4
    andi s1, s1, 0xf
    CHECK 2, s1, 0x8
    vmseq.vi v4, v1, 5
    vmv.x.s s1, v4
    andi s1, s1, 0xf
    CHECK 3, s1, 0x1
    li s2, 0
    vmsgt.vx v4, v1, s2
    vmv.x.s s1, v4
    andi s1, s1, 0xf
    CHECK 4, s1, 0xd
    vmerge.vvm v5, v2, v1, v0         # v0 set: a, else b
    CHECKV 5, v5, 32, merge, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vmin.vv v5, v1, v2
    CHECKV 6, v5, 32, min, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vmaxu.vv v5, v1, v2
    CHECKV 7, v5, 32, maxu, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vmv.v.i v6, -2
    CHECKV 8, v6, 32, m2, 4
    vsetivli x0, 4, e32, m1, ta, ma
    li s3, 77
    vmv.v.x v6, s3
    CHECKV 9, v6, 32, s77, 4
    PASS
.data
.balign 16
a: .word 5, -1, 9, 2
b: .word 3, 4, 9, 8
merge: .word 3, -1, 9, 2
min: .word 3, -1, 9, 2
maxu: .word 5, -1, 9, 8
m2: .word -2, -2, -2, -2
s77: .word 77, 77, 77, 77
