# Masked loads and stores (v0.t): inactive elements stay undisturbed / unwritten.
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, tu, mu
    la s0, ones
    vle32.v v1, (s0)
    la s1, mask
    vsetivli x0, 1, e8, m1, tu, mu
    vle8.v v0, (s1)                   # elements 0 and 2 active
    vsetivli x0, 4, e32, m1, tu, mu
    la s2, src
    vle32.v v1, (s2), v0.t
    CHECKV 1, v1, 32, want1, 4
    vsetivli x0, 4, e32, m1, tu, mu
    la s3, dst
    vse32.v v1, (s3), v0.t
    CHECKMEM 2, dst, want2, 16
    PASS
.data
.balign 16
ones: .word -1,-1,-1,-1
mask: .byte 0x5
.balign 16
src: .word 5,6,7,8
want1: .word 5,-1,7,-1
want2: .word 5,0,7,0
.bss
.balign 16
dst: .space 16
