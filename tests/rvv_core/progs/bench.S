/* bench.S — a loop for figures (cycles per instruction, simulation speed):
 * 20000 iterations of a 10-instruction body (load, multiply-accumulate, store,
 * pointer/counter updates, a taken backward branch) over a 64-word DTCM array. */
#include "tb.h"
    TB_START
    la s0, arr
    li t0, 0
1:  sw t0, 0(s0)
    addi s0, s0, 4
    addi t0, t0, 1
    li t1, 64
    bne t0, t1, 1b
    li s2, 20000
    li s3, 0
    li s4, 0
2:  la s0, arr
    andi t0, s2, 63
    slli t0, t0, 2
    add s0, s0, t0
    lw t1, 0(s0)
    mul t2, t1, s2
    add s3, s3, t2
    xor s4, s4, s3
    sw s4, 0(s0)
    addi s2, s2, -1
    bnez s2, 2b
    PUT s3
    PUT s4
    TB_END
    .data
arr: .space 256
