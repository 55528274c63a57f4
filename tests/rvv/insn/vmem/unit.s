# Unit-stride vector loads and stores at SEW 8, 16 and 32, and at LMUL 2.
.include "kc_check.inc"
_start:
    vsetivli x0, 16, e8, m1, ta, ma
    la s0, bytes
    vle8.v v1, (s0)
    la s1, out
    vse8.v v1, (s1)
    CHECKMEM 1, out, bytes, 16
    vsetivli x0, 8, e16, m1, ta, ma
    vle16.v v2, (s0)
    la s1, out2
    vse16.v v2, (s1)
    CHECKMEM 2, out2, bytes, 16
    vsetivli x0, 3, e32, m1, ta, ma   # a partial vector: only 3 words written
    addi s2, s0, 4
    vle32.v v3, (s2)
    la s1, out3
    vse32.v v3, (s1)
    CHECKMEM 3, out3, want3, 16
    vsetivli x0, 8, e32, m2, ta, ma   # v4, v5 as one group
    la s3, words
    vle32.v v4, (s3)
    CHECKV 4, v4, 32, words, 4
    CHECKV 5, v5, 32, words + 16, 4
    PASS
.data
.balign 16
bytes: .byte 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16
want3: .byte 5,6,7,8,9,10,11,12,13,14,15,16,0,0,0,0
words: .word 11,12,13,14,15,16,17,18
.bss
.balign 16
out: .space 16
out2: .space 16
out3: .space 16
