/* vec.S — the core's side of the vector interface, against tb_rvv_core's
 * stand-in vector unit (--vec; RTL only, hand-written expectation): vl/vtype
 * travel with each instruction, x/f results of vector instructions come back
 * on vx_* (stand-in value (vl << 8 | vtype) + rs1 field) and dependent
 * instructions wait for them, a full queue stalls issue, scalar loads/stores
 * wait for queued vector memory instructions, fence and ecall wait for idle. */
#include "tb.h"
    TB_START
    la s0, buf
    li a0, 10
    vsetvli t0, a0, e32, m1, ta, ma      /* vl 4, vtype 0xd0 */
    vadd.vv v1, v2, v3                    /* right after: judged with the new vtype, not vill */
    PUT t0
    vmv.x.s a1, v1                        /* 0x4d0 */
    addi a2, a1, 1                        /* waits for it: 0x4d1 */
    PUT a2
    vse32.v v1, (s0)
    lw t1, 0(s0)                          /* waits while the store is queued */
    sw t1, 4(s0)
    .rept 8
    vadd.vv v4, v5, v6                    /* fills the queue */
    .endr
    vsetvli t0, a0, e32, m2, tu, mu       /* vl 8, vtype 0x11 */
    vfmv.f.s f1, v2                       /* 0x811 */
    fmv.x.w t2, f1
    PUT t2
    vcpop.m a3, v0                        /* 0x821 (rs1 field 16) */
    vcpop.m x0, v0                        /* no register: retires at hand-off */
    PUT a3
    vle32.v v8, (s0)
    sw a3, 8(s0)                          /* waits for the vector load */
    fence                                 /* waits until idle */
    lw t3, 8(s0)
    PUT t3
    vsetivli t0, 3, e8, mf2, ta, ma        /* vl 3, vtype 0xc7 */
    vmv.x.s a4, v9                        /* 0x3c7 */
    PUT a4
    vadd.vi v1, v1, 1
    TB_END
    .data
buf: .space 64
