/* hazard.S — bypass and interlock paths: ALU->ALU at distance 1, 2, 3, load->use,
 * load->store data, mul->use, div->use, CSR->use, x0 never forwarded, f
 * register forwarding through flw/fsw/fmv. */
#include "tb.h"
    TB_START
    li t0, 1
    addi t0, t0, 1
    addi t0, t0, 1
    add t1, t0, t0          /* distance 1 */
    nop
    add t2, t0, t1          /* distance 2, 1 */
    nop
    nop
    add t3, t2, t0          /* distance 3 */
    PUT t1; PUT t2; PUT t3
    la s0, word
    lw t0, 0(s0)
    addi t0, t0, 1          /* load-use */
    lw t1, 0(s0)
    nop
    addi t1, t1, 2          /* load-use at distance 2 */
    lw t2, 0(s0)
    sw t2, 4(s0)            /* load -> store data */
    lw t3, 4(s0)
    PUT t0; PUT t1; PUT t3
    li a0, 12345
    mul a1, a0, a0
    addi a1, a1, 1          /* mul-use */
    mul a2, a0, a0
    nop
    addi a2, a2, 2
    li a3, 1000
    div a3, a1, a3
    addi a3, a3, 1          /* div-use */
    PUT a1; PUT a2; PUT a3
    li x0, 55
    add t0, x0, x0          /* x0 is never forwarded */
    PUT t0
    csrrw t0, fcsr, zero
    li t1, 0x21
    csrrw t2, fcsr, t1
    csrr t3, fcsr
    addi t3, t3, 1          /* CSR -> use */
    csrrs t4, fflags, t0
    PUT t2; PUT t3; PUT t4
    li t0, 0x3f800000
    fmv.w.x f1, t0
    fmv.x.w t1, f1          /* f forwarding */
    fsw f1, 8(s0)
    flw f2, 8(s0)
    fsw f2, 12(s0)          /* flw -> fsw data */
    lw t2, 12(s0)
    fmv.x.w t3, f2
    PUT t1; PUT t2; PUT t3
    /* a value overwritten twice in a row: the youngest writer wins */
    li t0, 1
    li t0, 2
    lw t0, 0(s0)
    li t0, 3
    add t1, t0, t0
    PUT t1
    PUTALL
    TB_END
    .data
word: .word 41, 0, 0, 0
