/* tb.h — assembler macros of the rvv_core test programs (tests/rvv_core).
 * TB_START clears every register, sets sp and t6 (x31, the result pointer);
 * PUT/PUTF append a register to the result block; TB_END stores the block's
 * size and does write(1, block, size) then exit: QEMU prints the block, the
 * core halts at that first ecall with it in its DTCM (tb_rvv_core reads it). */
#define VLEN_BYTES 16

.macro TB_START
    .section .text.start, "ax"
    .globl _start
_start:
    .irp r, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
    li x\r, 0
    .endr
    .irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    fmv.w.x f\r, x0
    .endr
    la sp, _tb_stack_top
    la t6, _tb_res
.endm

.macro PUT r
    sw \r, 0(t6)
    addi t6, t6, 4
.endm

.macro PUTF r
    fsw \r, 0(t6)
    addi t6, t6, 4
.endm

/* every x register but t6, every f register */
.macro PUTALL
    .irp r, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
    PUT x\r
    .endr
    .irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    PUTF f\r
    .endr
.endm

.macro TB_END
    la a1, _tb_res
    sub a2, t6, a1
    la t0, _tb_res_n
    sw a2, 0(t0)
    li a0, 1
    li a7, 64
    ecall
    li a0, 0
    li a7, 93
    ecall
    .section .tbres, "aw"
_tb_res_n: .word 0
_tb_res:   .space 4096
    .section .bss
    .balign 16
    .space 4096
_tb_stack_top:
    .text
.endm
