# Saturating add/subtract (vsaddu, vsadd, vssubu, vssub) in the .vv, .vx and .vi
# forms at SEW 32, 16 and 8: results clamp at the element width's range
# (clang -O2 emits vsaddu.vx for the conv tasks' index arithmetic).
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, a32
    vle32.v v1, (s0)
    la s0, b32
    vle32.v v2, (s0)
    vsadd.vv v3, v1, v2
    CHECKV 1, v3, 32, sadd32, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vssub.vv v3, v1, v2
    CHECKV 2, v3, 32, ssub32, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vsaddu.vv v3, v1, v2
    CHECKV 3, v3, 32, saddu32, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vssubu.vv v3, v1, v2
    CHECKV 4, v3, 32, ssubu32, 4
    vsetivli x0, 4, e32, m1, ta, ma
    li s1, 5
    vsaddu.vx v3, v1, s1
    CHECKV 5, v3, 32, saddux32, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vsaddu.vi v3, v1, -1          # the immediate is sign-extended: all ones
    CHECKV 6, v3, 32, saddui32, 4
    vsetivli x0, 8, e16, m1, ta, ma
    la s0, a16
    vle16.v v4, (s0)
    vsadd.vi v5, v4, 15
    CHECKV 7, v5, 16, saddi16, 8
    vsetivli x0, 16, e8, m1, ta, ma
    la s0, a8
    vle8.v v6, (s0)
    li s1, 3
    vssub.vx v7, v6, s1
    CHECKV 8, v7, 8, ssubx8, 16
    vsetivli x0, 16, e8, m1, ta, ma
    vssubu.vx v7, v6, s1
    CHECKV 9, v7, 8, ssubux8, 16
    PASS
.data
.balign 16
a32: .word 1, -1, 0x7fffffff, 0x80000000
b32: .word 2, 5, 1, 1
sadd32: .word 3, 4, 0x7fffffff, 0x80000001
ssub32: .word -1, -6, 0x7ffffffe, 0x80000000
saddu32: .word 3, 0xffffffff, 0x80000000, 0x80000001
ssubu32: .word 0, 0xfffffffa, 0x7ffffffe, 0x7fffffff
saddux32: .word 6, 0xffffffff, 0x80000004, 0x80000005
saddui32: .word 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff
a16: .half 0, 1, -1, 0x7fff, 0x8000, 0x7ff0, -100, 0x7ff1
saddi16: .half 15, 16, 14, 0x7fff, 0x800f, 0x7fff, -85, 0x7fff
a8: .byte 0,1,2,3,4,5,6,7,0x7d,0x7e,0x7f,0x80,0x81,0x82,0x83,0xff
ssubx8: .byte 0xfd,0xfe,0xff,0,1,2,3,4,0x7a,0x7b,0x7c,0x80,0x80,0x80,0x80,0xfc
ssubux8: .byte 0,0,0,0,1,2,3,4,0x7a,0x7b,0x7c,0x7d,0x7e,0x7f,0x80,0xfc
