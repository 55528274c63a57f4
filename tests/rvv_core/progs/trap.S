/* trap.S — one precise trap, KIND = its cause number (built once per cause),
 * or 21.. for more illegal instructions (cause 2): 21 static rm RDN, 22 dynamic
 * rm with frm = RUP, 23 fence.i (not in isa/rvv.def), 24 a vector op while
 * vtype is vill (reset), 25 a vector fp op with frm = RDN.
 * Result words: 0 the pc that must trap, 1 the trap info it must report,
 * 2 written only by an instruction younger than the trap (must stay 0),
 * 3 written by an older store right before it (must be 0x77). */
#include "tb.h"
    TB_START
    la s0, _tb_res
    la t0, trap_here
#if KIND == 1
    li t0, 0x00400000          /* fetch outside the ITCM */
    li t1, 0x00400000
#elif KIND == 2
    li t1, 0xc0001073          /* csrw cycle, x0: cycle is read-only */
#elif KIND == 21
    li t1, 0x003120d3          /* fadd.s f1, f2, f3, rdn */
#elif KIND == 22
    li t1, 0x003170d3          /* fadd.s f1, f2, f3 (dyn) */
    fsrmi 3
#elif KIND == 23
    li t1, 0x0000100f          /* fence.i */
#elif KIND == 24
    li t1, 0x022180d7          /* vadd.vv v1, v2, v3 */
#elif KIND == 25
    li t1, 0x022190d7          /* vfadd.vv v1, v2, v3 */
    vsetvli x0, x0, e32, m1, ta, ma
    fsrmi 2
#elif KIND == 3
    mv t1, t0                  /* ebreak: info = pc */
#elif KIND == 4
    li s1, 0x00200002          /* lw misaligned */
    mv t1, s1
#elif KIND == 5
    li s1, 0x00300000          /* lw outside every memory */
    mv t1, s1
#elif KIND == 6
    li s1, 0x00200001          /* sh misaligned */
    mv t1, s1
#elif KIND == 7
    li s1, 0x00100000          /* sw to the ITCM */
    mv t1, s1
#endif
    sw t0, 0(s0)
    sw t1, 4(s0)
    li t2, 1000
    li t3, 7
    div t4, t2, t3             /* an older long-latency instruction drains */
    li t2, 0x77
#if KIND == 1
    sw t2, 12(s0)
    jr t0
#else
    sw t2, 12(s0)
trap_here:
#if KIND == 2
    .word 0xc0001073
#elif KIND == 21
    .word 0x003120d3
#elif KIND == 22
    .word 0x003170d3
#elif KIND == 23
    .word 0x0000100f
#elif KIND == 24
    .word 0x022180d7
#elif KIND == 25
    .word 0x022190d7
#elif KIND == 3
    ebreak
#elif KIND == 4 || KIND == 5
    lw t5, 0(s1)
#elif KIND == 6
    sh t2, 0(s1)
#elif KIND == 7
    sw t2, 0(s1)
#endif
#endif
    sw t2, 8(s0)               /* younger: must not happen */
    sw t2, 8(s0)
    TB_END
#if KIND == 1
trap_here:
#endif
