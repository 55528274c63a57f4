/* muldiv.S — the M extension on corner operands: zero, one, -1, INT_MIN,
 * INT_MAX, division by zero, the signed overflow, mixed signs; dependent
 * chains (mul -> mul, div -> use). */
#include "tb.h"
    TB_START
    la s0, ops
    li s1, 13
1:  lw a0, 0(s0)
    lw a1, 4(s0)
    mul t0, a0, a1;    PUT t0
    mulh t0, a0, a1;   PUT t0
    mulhsu t0, a0, a1; PUT t0
    mulhu t0, a0, a1;  PUT t0
    div t0, a0, a1;    PUT t0
    divu t0, a0, a1;   PUT t0
    rem t0, a0, a1;    PUT t0
    remu t0, a0, a1;   PUT t0
    addi s0, s0, 8
    addi s1, s1, -1
    bnez s1, 1b
    /* chains */
    li t0, 3
    mul t0, t0, t0
    mul t0, t0, t0
    mul t0, t0, t0
    mulh t1, t0, t0
    PUT t0
    PUT t1
    li t0, 1000000
    li t1, 7
    div t2, t0, t1
    rem t3, t0, t1
    mul t4, t2, t1
    add t4, t4, t3
    PUT t2
    PUT t4
    /* back-to-back independent multiplies */
    li a0, 0x12345
    li a1, 0x6789
    mul a2, a0, a1
    mul a3, a1, a1
    mul a4, a0, a0
    mulhu a5, a0, a1
    add a6, a2, a3
    add a6, a6, a4
    PUT a6
    PUT a5
    PUTALL
    TB_END

    .data
ops:
    .word 0, 0
    .word 1, 0
    .word -1, 0
    .word 0x80000000, -1
    .word 0x80000000, 1
    .word 0x7fffffff, 0x7fffffff
    .word 0x80000000, 0x80000000
    .word -7, 2
    .word 7, -2
    .word -7, -2
    .word 0x12345678, 0x9abcdef0
    .word 0xffffffff, 0xffffffff
    .word 100, 7
