/* fp.S — the F extension on normal operands: arithmetic (RNE and RTZ, static and
 * dynamic), fused multiply-add forms, div/sqrt, min/max with -0/+0 and NaN,
 * sign injection, compares with NaN, fclass, conversions with saturation,
 * fmv, flw/fsw; fflags NV and DZ (the exact ones) after each group. */
#include "tb.h"
    TB_START
    la s0, vals
    li s1, 6
1:  flw f1, 0(s0)
    flw f2, 4(s0)
    flw f3, 8(s0)
    fadd.s f4, f1, f2;          PUTF f4
    fsub.s f4, f1, f2;          PUTF f4
    fmul.s f4, f1, f2;          PUTF f4
    fadd.s f4, f1, f2, rtz;     PUTF f4
    fmul.s f4, f1, f2, rtz;     PUTF f4
    fmadd.s f4, f1, f2, f3;     PUTF f4
    fmsub.s f4, f1, f2, f3;     PUTF f4
    fnmsub.s f4, f1, f2, f3;    PUTF f4
    fnmadd.s f4, f1, f2, f3;    PUTF f4
    fmadd.s f4, f1, f2, f3, rtz; PUTF f4
    fdiv.s f4, f1, f2;          PUTF f4
    fdiv.s f4, f1, f2, rtz;     PUTF f4
    fabs.s f5, f1
    fsqrt.s f4, f5;             PUTF f4
    fmin.s f4, f1, f2;          PUTF f4
    fmax.s f4, f1, f2;          PUTF f4
    fsgnj.s f4, f1, f2;         PUTF f4
    fsgnjn.s f4, f1, f2;        PUTF f4
    fsgnjx.s f4, f1, f2;        PUTF f4
    feq.s t0, f1, f2;           PUT t0
    flt.s t0, f1, f2;           PUT t0
    fle.s t0, f1, f2;           PUT t0
    fclass.s t0, f1;            PUT t0
    fcvt.w.s t0, f1;            PUT t0
    fcvt.w.s t0, f1, rtz;       PUT t0
    fcvt.wu.s t0, f1, rtz;      PUT t0
    fmv.x.w t0, f1;             PUT t0
    addi s0, s0, 4
    addi s1, s1, -1
    bnez s1, 1b
    csrr t0, fflags
    andi t0, t0, 0x18;          PUT t0
    /* dynamic rounding through frm */
    la s0, vals
    flw f1, 0(s0)
    flw f2, 4(s0)
    fsrmi 1
    fadd.s f4, f1, f2;          PUTF f4
    fcvt.w.s t0, f2;            PUT t0
    fsrmi 0
    fadd.s f4, f1, f2;          PUTF f4
    fsrmi 3                     /* RUP: a dynamic-rm op now would be illegal, */
    fsrmi 1                     /* but the next one sees RTZ */
    fadd.s f4, f1, f2;          PUTF f4
    /* specials */
    la s0, spec
    flw f1, 0(s0)               /* +0 */
    flw f2, 4(s0)               /* -0 */
    flw f3, 8(s0)               /* qNaN */
    flw f6, 12(s0)              /* +inf */
    flw f7, 16(s0)              /* sNaN */
    flw f8, 20(s0)              /* 3e9 */
    flw f9, 24(s0)              /* -1.5 */
    fmin.s f4, f1, f2;          PUTF f4
    fmax.s f4, f1, f2;          PUTF f4
    fmin.s f4, f2, f1;          PUTF f4
    fmax.s f4, f3, f9;          PUTF f4
    fmin.s f4, f3, f3;          PUTF f4
    csrwi fflags, 0
    fmin.s f4, f7, f9;          PUTF f4
    csrr t0, fflags;            PUT t0
    csrwi fflags, 0
    feq.s t0, f3, f3;           PUT t0
    csrr t0, fflags;            PUT t0
    flt.s t0, f3, f9;           PUT t0
    csrr t0, fflags;            PUT t0
    csrwi fflags, 0
    fdiv.s f4, f9, f1;          PUTF f4
    csrr t0, fflags;            PUT t0
    csrwi fflags, 0
    fsqrt.s f4, f9;             PUTF f4
    csrr t0, fflags;            PUT t0
    csrwi fflags, 0
    fsub.s f4, f6, f6;          PUTF f4
    fadd.s f4, f6, f9;          PUTF f4
    fmul.s f4, f6, f1;          PUTF f4
    csrr t0, fflags;            PUT t0
    csrwi fflags, 0
    .irp r, f1, f2, f3, f6, f7, f9
    fclass.s t0, \r;            PUT t0
    .endr
    fcvt.w.s t0, f8, rtz;       PUT t0
    fcvt.wu.s t0, f8, rtz;      PUT t0
    fcvt.w.s t0, f3, rtz;       PUT t0
    fcvt.wu.s t0, f9, rtz;      PUT t0
    fcvt.w.s t0, f6, rtz;       PUT t0
    fneg.s f4, f6
    fcvt.w.s t0, f4, rtz;       PUT t0
    fcvt.wu.s t0, f6, rtz;      PUT t0
    fcvt.w.s t0, f9;            PUT t0
    csrr t0, fflags; andi t0, t0, 0x18; PUT t0
    /* int -> float */
    la s0, ints
    .irp k, 0, 4, 8, 12, 16
    lw t1, \k(s0)
    fcvt.s.w f4, t1;            PUTF f4
    fcvt.s.w f4, t1, rtz;       PUTF f4
    fcvt.s.wu f4, t1;           PUTF f4
    fcvt.s.wu f4, t1, rtz;      PUTF f4
    .endr
    li t1, 0x40490fdb
    fmv.w.x f10, t1
    fsw f10, 28(s0)
    lw t2, 28(s0);              PUT t2
    /* a dependent chain and independent ops back to back */
    la s0, vals
    flw f1, 0(s0)
    flw f2, 4(s0)
    fmul.s f3, f1, f2
    fadd.s f3, f3, f1
    fmadd.s f3, f3, f2, f1
    fadd.s f11, f1, f2
    fadd.s f12, f1, f1
    fadd.s f13, f2, f2
    fmul.s f14, f11, f12
    fdiv.s f15, f14, f13
    fadd.s f15, f15, f15
    PUTALL
    TB_END

    .data
vals:
    .float 1.5, -2.25, 3.0e3, 0.1, 7.0, -1.0e-3, 12345.678, 0.333333
spec:
    .word 0x00000000, 0x80000000, 0x7fc00000, 0x7f800000, 0x7f800001, 0x4f32d05e, 0xbfc00000
ints:
    .word 0, -1, 16777217, 0x7fffffff, 0x80000001, 0, 0, 0
