# Strided loads and stores (positive, negative and zero stride).
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, src
    li s1, 8
    vlse32.v v1, (s0), s1
    CHECKV 1, v1, 32, want1, 4
    addi s2, s0, 28
    li s1, -4
    vlse32.v v2, (s2), s1
    CHECKV 2, v2, 32, want2, 4
    vlse32.v v3, (s0), zero
    CHECKV 3, v3, 32, want3, 4
    vsetivli x0, 4, e32, m1, ta, ma
    la s3, dst
    li s1, 12
    vsse32.v v1, (s3), s1
    CHECKMEM 4, dst, want4, 48
    vsetivli x0, 4, e16, m1, ta, ma
    li s1, 4
    vlse16.v v4, (s0), s1
    CHECKV 5, v4, 16, want5, 4
    PASS
.data
.balign 16
src: .word 1,2,3,4,5,6,7,8
want1: .word 1,3,5,7
want2: .word 8,7,6,5
want3: .word 1,1,1,1
want4: .word 1,0,0,3,0,0,5,0,0,7,0,0
want5: .half 1,2,3,4
.bss
.balign 16
dst: .space 48
