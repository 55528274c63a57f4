# Indexed loads (unordered and ordered) and stores with 32- and 8-bit indices.
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, idx
    vle32.v v8, (s0)
    la s1, src
    vluxei32.v v1, (s1), v8
    CHECKV 1, v1, 32, want1, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vloxei32.v v2, (s1), v8
    CHECKV 2, v2, 32, want1, 4
    vsetivli x0, 4, e32, m1, ta, ma
    la s2, dst
    vsuxei32.v v1, (s2), v8
    CHECKMEM 3, dst, want3, 32
    vsetivli x0, 4, e8, m1, ta, ma
    la s0, idx8
    vle8.v v9, (s0)
    vsetivli x0, 4, e32, m1, ta, ma
    vloxei8.v v3, (s1), v9
    CHECKV 4, v3, 32, want4, 4
    PASS
.data
.balign 16
src: .word 10,11,12,13,14,15,16,17
idx: .word 12,0,28,4
idx8: .byte 4,4,8,0
want1: .word 13,10,17,11
want3: .word 10,11,0,13,0,0,0,17
want4: .word 11,11,12,10
.bss
.balign 16
dst: .space 32
