/* branch.S — every branch taken and not taken on signed/unsigned edges, jal/jalr
 * links, jalr with an odd target (bit 0 cleared), a call/return chain. */
#include "tb.h"
    TB_START
    la s0, pairs
    li s1, 7
1:  lw a0, 0(s0)
    lw a1, 4(s0)
    li t0, 0
    beq a0, a1, 2f
    ori t0, t0, 1
2:  bne a0, a1, 3f
    ori t0, t0, 2
3:  blt a0, a1, 4f
    ori t0, t0, 4
4:  bge a0, a1, 5f
    ori t0, t0, 8
5:  bltu a0, a1, 6f
    ori t0, t0, 16
6:  bgeu a0, a1, 7f
    ori t0, t0, 32
7:  PUT t0
    addi s0, s0, 8
    addi s1, s1, -1
    bnez s1, 1b
    /* jal/jalr links (relative to their own labels: same on both sides) */
    jal ra, 8f
8:  la t1, 8b
    sub t0, ra, t1
    PUT t0
    la t1, 9f
    addi t1, t1, 1            /* odd target: bit 0 is cleared */
    jalr s2, 0(t1)
    li t0, 99                 /* skipped */
9:  la t1, 9b
    sub t0, s2, t1
    PUT t0
    /* calls: count down recursion depth 10 */
    li a0, 10
    li a1, 0
    call rec
    PUT a1
    /* a loop whose branch alternates taken/not taken */
    li t0, 0
    li t1, 20
10: andi t2, t1, 1
    beqz t2, 11f
    addi t0, t0, 3
11: addi t1, t1, -1
    bnez t1, 10b
    PUT t0
    /* branch on a value produced just before (bypass into the compare) */
    li t0, 5
    addi t1, t0, -5
    beqz t1, 12f
    li t0, 77
12: PUT t0
    PUTALL
    TB_END

rec:
    addi sp, sp, -16
    sw ra, 12(sp)
    sw a0, 8(sp)
    add a1, a1, a0
    addi a0, a0, -1
    beqz a0, 1f
    call rec
1:  lw ra, 12(sp)
    lw a0, 8(sp)
    addi sp, sp, 16
    ret

    .data
pairs:
    .word 0, 0
    .word 1, 2
    .word 2, 1
    .word -1, 1
    .word 1, -1
    .word 0x80000000, 0x7fffffff
    .word -5, -5
