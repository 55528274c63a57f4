/* timing.S — the pipeline's documented timing (docs/rvv_core.md), measured
 * with mcycle around 8 repetitions of each pattern (RTL only, run with
 * --ready; hand-checked expectation expected/timing.hex). Result words:
 * the empty measurement (4: a CSR read serialises), then per pattern its
 * cycles minus the empty one: dependent ALU 8 (0 bubbles), load->use 24
 * (1 bubble), mul->use 24 (1), dependent fadd 23 (RVV_FPU_LAT = 3 apart, the
 * first overlaps the csrr), taken jump 24 (2 bubbles), not-taken branch 8,
 * independent loads 8, one div and its use 37 (34 cycles of division),
 * vsetvli + vector op 16 (0 bubbles), vsetvl + vector op 24 (1 bubble: the
 * vector op waits in ID until the vsetvl leaves EX). */
#include "tb.h"
.macro MEASURE body
    csrr a0, mcycle
    \body
    csrr a1, mcycle
    sub a1, a1, a0
    sub a1, a1, s1
    PUT a1
.endm
.macro ALU8
    .rept 8
    addi t0, t0, 1
    .endr
.endm
.macro LOADUSE8
    .rept 8
    lw t0, 0(s0)
    addi t1, t0, 1
    .endr
.endm
.macro MULUSE8
    .rept 8
    mul t0, t1, t2
    addi t3, t0, 1
    .endr
.endm
.macro FADD8
    .rept 8
    fadd.s f1, f1, f2
    .endr
.endm
.macro JUMP8
    .rept 8
    j 1f
1:
    .endr
.endm
.macro NOTTAKEN8
    .rept 8
    bnez zero, 2f
2:
    .endr
.endm
.macro LOADS8
    .rept 8
    lw t0, 0(s0)
    .endr
.endm
.macro VSETI8
    .rept 8
    vsetvli t4, a2, e32, m1, ta, ma
    vadd.vv v1, v2, v3
    .endr
.endm
.macro VSETR8
    .rept 8
    vsetvl t4, a2, a3
    vadd.vv v1, v2, v3
    .endr
.endm
.macro DIV1
    div t0, t1, t2
    addi t3, t0, 1
.endm
    TB_START
    la s0, word
    li t1, 1000
    li t2, 7
    li a2, 3
    li a3, 0xd0
    csrr a0, mcycle
    csrr a1, mcycle
    sub s1, a1, a0
    PUT s1
    MEASURE ALU8
    MEASURE LOADUSE8
    MEASURE MULUSE8
    MEASURE FADD8
    MEASURE JUMP8
    MEASURE NOTTAKEN8
    MEASURE LOADS8
    MEASURE DIV1
    MEASURE VSETI8
    MEASURE VSETR8
    TB_END
    .data
word: .word 5
