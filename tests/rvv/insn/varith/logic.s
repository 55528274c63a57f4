# Bitwise and shift instructions (.vv/.vx/.vi), shift amounts masked to SEW.
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, a
    vle32.v v1, (s0)
    la s0, b
    vle32.v v2, (s0)
    vand.vv v3, v1, v2
    CHECKV 1, v3, 32, and_, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vor.vi v3, v1, 3
    CHECKV 2, v3, 32, ori, 4
    vsetivli x0, 4, e32, m1, ta, ma
    li s1, 0xff00ff00
    vxor.vx v3, v1, s1
    CHECKV 3, v3, 32, xorx, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vsll.vv v3, v1, v2                # amounts b & 31
    CHECKV 4, v3, 32, sll, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vsrl.vi v3, v1, 4
    CHECKV 5, v3, 32, srli, 4
    vsetivli x0, 4, e32, m1, ta, ma
    li s2, 36                         # 36 & 31 = 4
    vsra.vx v3, v1, s2
    CHECKV 6, v3, 32, srai, 4
    PASS
.data
.balign 16
a: .word 0x12345678, 0x80000001, -1, 0x0f0f0f0f
b: .word 0xff, 33, 31, 0
and_: .word 0x78, 1, 31, 0
ori: .word 0x1234567b, 0x80000003, -1, 0x0f0f0f0f
xorx: .word 0xed34a978, 0x7f00ff01, 0x00ff00ff, 0xf00ff00f
sll: .word 0, 2, 0x80000000, 0x0f0f0f0f
srli: .word 0x01234567, 0x08000000, 0x0fffffff, 0x00f0f0f0
srai: .word 0x01234567, 0xf8000000, -1, 0x00f0f0f0
