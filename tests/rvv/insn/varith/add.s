# Integer add/subtract in the .vv, .vx and .vi forms, vrsub, at SEW 32, 16 and 8
# (wrap-around at the element width).
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, a32
    vle32.v v1, (s0)
    la s0, b32
    vle32.v v2, (s0)
    vadd.vv v3, v1, v2
    CHECKV 1, v3, 32, add32, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vsub.vv v3, v1, v2
    CHECKV 2, v3, 32, sub32, 4
    vsetivli x0, 4, e32, m1, ta, ma
    li s1, -3
    vadd.vx v3, v1, s1
    CHECKV 3, v3, 32, addx32, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vadd.vi v3, v1, -16
    CHECKV 4, v3, 32, addi32, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vrsub.vx v3, v1, s1
    CHECKV 5, v3, 32, rsub32, 4
    vsetivli x0, 8, e16, m1, ta, ma
    la s0, a16
    vle16.v v4, (s0)
    vadd.vi v5, v4, 15
    CHECKV 6, v5, 16, addi16, 8
    vsetivli x0, 16, e8, m1, ta, ma
    la s0, a8
    vle8.v v6, (s0)
    vsub.vx v7, v6, s1
    CHECKV 7, v7, 8, subx8, 16
    vsetivli x0, 4, e32, m1, ta, ma   # chained: v3 = (v1 + v2) + v1
    vadd.vv v3, v1, v2
    vadd.vv v3, v3, v1
    CHECKV 8, v3, 32, chain32, 4
    PASS
.data
.balign 16
a32: .word 1, -1, 0x7fffffff, 100
b32: .word 2, 5, 1, -300
add32: .word 3, 4, 0x80000000, -200
sub32: .word -1, -6, 0x7ffffffe, 400
addx32: .word -2, -4, 0x7ffffffc, 97
addi32: .word -15, -17, 0x7fffffef, 84
rsub32: .word -4, -2, 0x7ffffffe, -103
chain32: .word 4, 3, -1, -100
a16: .half 0, 1, -1, 0x7fff, 0x8000, 100, -100, 7
addi16: .half 15, 16, 14, 0x800e, 0x800f, 115, -85, 22
a8: .byte 0,1,2,3,4,5,6,7,0x7d,0x7e,0x7f,0x80,0xfd,0xfe,0xff,9
subx8: .byte 3,4,5,6,7,8,9,10,0x80,0x81,0x82,0x83,0,1,2,12
