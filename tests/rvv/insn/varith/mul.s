# Vector multiply (low/high), multiply-add forms and division/remainder.
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, a
    vle32.v v1, (s0)
    la s0, b
    vle32.v v2, (s0)
    vmul.vv v3, v1, v2
    CHECKV 1, v3, 32, mul, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vmulh.vv v3, v1, v2
    CHECKV 2, v3, 32, mulh, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vmulhu.vv v3, v1, v2
    CHECKV 3, v3, 32, mulhu, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vmv.v.v v4, v1
    vmacc.vv v4, v1, v2               # v4 = v1 + v1*v2
    CHECKV 4, v4, 32, macc, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vmv.v.v v4, v1
    li s1, 3
    vnmsac.vx v4, s1, v2              # v4 = v1 - 3*v2
    CHECKV 5, v4, 32, nmsac, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vmv.v.v v4, v1
    vmadd.vv v4, v2, v1               # v4 = v4*v2 + v1
    CHECKV 6, v4, 32, macc, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vdiv.vv v3, v1, v2
    CHECKV 7, v3, 32, div, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vremu.vv v3, v1, v2
    CHECKV 8, v3, 32, remu, 4
    PASS
.data
.balign 16
a: .word 7, -7, 0x10000, 100
b: .word 3, 3, 0x10000, 0
mul: .word 21, -21, 0, 0
mulh: .word 0, -1, 1, 0
mulhu: .word 0, 2, 1, 0
macc: .word 28, -28, 0x10000, 100
nmsac: .word -2, -16, 0xfffe0000, 100
div: .word 2, -2, 1, -1
remu: .word 1, 0, 0, 100
