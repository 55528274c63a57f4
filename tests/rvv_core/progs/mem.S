/* mem.S — byte/half/word loads (sign and zero extension) and stores at every
 * offset, in the DTCM and in DRAM (slower, back-to-back, store then load of
 * the same word, load-use), and the stack. */
#include "tb.h"
    TB_START
    .irp base, dsrc, dram_src
    la s0, \base
    lb t0, 0(s0);  PUT t0
    lb t0, 1(s0);  PUT t0
    lb t0, 2(s0);  PUT t0
    lb t0, 3(s0);  PUT t0
    lbu t0, 0(s0); PUT t0
    lbu t0, 3(s0); PUT t0
    lh t0, 0(s0);  PUT t0
    lh t0, 2(s0);  PUT t0
    lhu t0, 0(s0); PUT t0
    lhu t0, 2(s0); PUT t0
    lw t0, 0(s0);  PUT t0
    lw t0, 4(s0);  PUT t0
    lw t0, -4(s0); PUT t0
    .endr
    .irp base, dbuf, dram_buf
    la s0, \base
    li t1, 0x11223344
    sw t1, 0(s0)
    li t1, 0xa5
    sb t1, 1(s0)
    li t1, 0xbeef
    sh t1, 2(s0)
    lw t0, 0(s0);  PUT t0     /* store then load, same word */
    sb t1, 4(s0)
    sb t1, 5(s0)
    sh t1, 6(s0)
    lw t0, 4(s0);  PUT t0
    lw t2, 0(s0)
    addi t2, t2, 1            /* load-use */
    sw t2, 8(s0)
    lw t3, 8(s0)
    add t3, t3, t3
    PUT t3
    .endr
    /* copy 16 words DRAM -> DTCM and sum them back */
    la s0, dram_src
    la s1, dbuf
    li s2, 16
    li s3, 0
1:  lw t0, 0(s0)
    sw t0, 0(s1)
    lw t1, 0(s1)
    add s3, s3, t1
    addi s0, s0, 4
    addi s1, s1, 4
    addi s2, s2, -1
    bnez s2, 1b
    PUT s3
    /* stack push/pop */
    addi sp, sp, -8
    li t0, 0x5555aaaa
    sw t0, 4(sp)
    lw t1, 4(sp)
    addi sp, sp, 8
    PUT t1
    /* a byte table written one byte at a time, read back as words */
    la s0, dbuf
    li t0, 0
2:  add t1, s0, t0
    sb t0, 0(t1)
    addi t0, t0, 1
    li t2, 16
    bne t0, t2, 2b
    lw t0, 0(s0);  PUT t0
    lw t0, 12(s0); PUT t0
    lhu t0, 6(s0); PUT t0
    PUTALL
    TB_END

    .data
    .word 0xcafef00d
dsrc:
    .word 0x8091a2f3, 0x01020304
dbuf:
    .space 64
    .section .dram, "aw"
    .word 0x0badc0de
dram_src:
    .word 0xf00f7ff7, 0x7f80ff01, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
dram_buf:
    .space 64
