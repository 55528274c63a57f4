/* alu.S — every OP / OP-IMM / LUI / AUIPC operation on a table of corner operands. */
#include "tb.h"
    TB_START
    la s0, ops
    li s1, 12                  /* pairs */
1:  lw a0, 0(s0)
    lw a1, 4(s0)
    add t0, a0, a1;  PUT t0
    sub t0, a0, a1;  PUT t0
    sll t0, a0, a1;  PUT t0
    slt t0, a0, a1;  PUT t0
    sltu t0, a0, a1; PUT t0
    xor t0, a0, a1;  PUT t0
    srl t0, a0, a1;  PUT t0
    sra t0, a0, a1;  PUT t0
    or t0, a0, a1;   PUT t0
    and t0, a0, a1;  PUT t0
    addi t0, a0, -2048; PUT t0
    addi t0, a0, 2047;  PUT t0
    slti t0, a0, -1;    PUT t0
    sltiu t0, a0, -1;   PUT t0
    slti t0, a0, 5;     PUT t0
    sltiu t0, a0, 5;    PUT t0
    xori t0, a0, -1;    PUT t0
    ori t0, a0, 0x555;  PUT t0
    andi t0, a0, -16;   PUT t0
    slli t0, a0, 31;    PUT t0
    srli t0, a0, 31;    PUT t0
    srai t0, a0, 31;    PUT t0
    slli t0, a0, 7;     PUT t0
    srli t0, a0, 13;    PUT t0
    srai t0, a0, 1;     PUT t0
    addi s0, s0, 8
    addi s1, s1, -1
    bnez s1, 1b
    lui t0, 0xfffff;    PUT t0
    lui t0, 0x80000;    PUT t0
    lui t0, 1;          PUT t0
2:  auipc t0, 0;        la t1, 2b; sub t0, t0, t1; PUT t0
    auipc t0, 0x12345;  PUT t0
    /* x0 as destination stays zero */
    addi x0, x0, 5
    lui x0, 0x1
    PUT x0
    PUTALL
    TB_END

    .data
ops:
    .word 0, 0
    .word 1, 1
    .word -1, 1
    .word 0x80000000, -1
    .word 0x7fffffff, 1
    .word 0x80000000, 31
    .word 0x12345678, 0x9abcdef0
    .word -7, 33
    .word 0xdeadbeef, 0x0000001f
    .word 5, -5
    .word 0xffff0000, 0x0000ffff
    .word 0x00000010, 0x80000001
