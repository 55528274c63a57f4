/* counters.S — machine-mode CSRs QEMU user mode cannot read (so the expectation
 * is written by hand, expected/counters.hex): misa, mhartid, minstret over a
 * straight line of 10 instructions (= 11: the first csrr retires too),
 * mcycle >= that, instret alias = minstret, the high halves (0), and an
 * hpm counter past NCOUNTERS (0). */
#include "tb.h"
    TB_START
    csrr t0, misa;    PUT t0
    csrr t0, mhartid; PUT t0
    csrr a0, minstret
    csrr a2, mcycle
    .rept 10
    nop
    .endr
    csrr a1, minstret
    csrr a3, mcycle
    sub t0, a1, a0;   PUT t0
    sub t1, a3, a2
    sltu t1, t1, t0   /* 0: mcycle advanced at least as much */
    PUT t1
    csrr a0, instret
    csrr a1, minstret
    sub t0, a1, a0;   PUT t0   /* 1 */
    csrr t0, mcycleh;  PUT t0
    csrr t0, instreth; PUT t0
    csrr t0, hpmcounter31; PUT t0
    csrw mcycle, x0            /* machine-mode counter writes are ignored: no trap */
    TB_END
