/* csr.S — fcsr/frm/fflags through every csr* form, vxrm/vxsat/vcsr, vstart,
 * vlenb, and vsetvli/vsetivli/vsetvl: AVL rules (x0 forms), VLMAX at every
 * legal SEW/LMUL (fractional too), vill for reserved vtypes; vl/vtype reads. */
#include "tb.h"
    TB_START
    csrrwi t0, frm, 1;   PUT t0
    csrrsi t0, fflags, 0x15; PUT t0
    csrr t0, fcsr;       PUT t0
    csrrci t0, fcsr, 0x4; PUT t0
    li t1, 0xfff
    csrrw t0, fcsr, t1;  PUT t0
    csrr t0, fcsr;       PUT t0
    csrr t0, frm;        PUT t0
    csrr t0, fflags;     PUT t0
    li t1, 0x3
    csrrc t0, fflags, t1; PUT t0
    csrrs t0, frm, x0;   PUT t0
    csrwi fcsr, 0
    csrr t0, fcsr;       PUT t0
    csrwi vxrm, 2
    csrwi vxsat, 1
    csrr t0, vcsr;       PUT t0
    csrwi vcsr, 3
    csrr t0, vxrm;       PUT t0
    csrr t0, vxsat;      PUT t0
    csrr t0, vstart;     PUT t0
    csrr t0, vlenb;      PUT t0
    /* vsetvli over AVLs and vtypes */
    .irp avl, 0, 1, 3, 4, 8, 15, 16, 17, 33, 200
    li a0, \avl
    vsetvli t0, a0, e8, m1, ta, ma;   PUT t0
    vsetvli t0, a0, e16, m2, tu, mu;  PUT t0
    vsetvli t0, a0, e32, m8, ta, mu;  PUT t0
    vsetvli t0, a0, e8, mf4, tu, ma;  PUT t0
    vsetvli t0, a0, e16, mf2, ta, ma; PUT t0
    .endr
    csrr t0, vl;    PUT t0
    csrr t0, vtype; PUT t0
    li a0, 5
    vsetvli t0, a0, e32, mf2, ta, ma;  PUT t0    /* reserved: vill */
    csrr t0, vl;    PUT t0
    csrr t0, vtype; PUT t0
    vsetvli t0, a0, e8, mf8, ta, ma;   PUT t0    /* reserved at ELEN 32 */
    csrr t0, vtype; PUT t0
    vsetvli t0, x0, e16, m4, ta, ma;   PUT t0    /* rs1 = x0: VLMAX */
    li a0, 7
    vsetvli t0, a0, e8, m1, ta, ma
    vsetvli x0, x0, e16, m2, ta, ma              /* keep vl */
    csrr t0, vl;    PUT t0
    csrr t0, vtype; PUT t0
    vsetivli t0, 31, e32, m1, ta, ma;  PUT t0
    vsetivli t0, 2, e8, m8, tu, mu;    PUT t0
    csrr t0, vtype; PUT t0
    li a1, 0x0d                                   /* e16 m2... via register */
    li a0, 100
    vsetvl t0, a0, a1;  PUT t0
    csrr t0, vtype; PUT t0
    li a1, 0x100                                  /* reserved bit 8 */
    vsetvl t0, a0, a1;  PUT t0
    csrr t0, vtype; PUT t0
    li a1, 0x80000000                             /* vill requested */
    vsetvl t0, a0, a1;  PUT t0
    li a1, 0xd1
    vsetvl t0, x0, a1;  PUT t0
    csrr t0, vtype; PUT t0
    vsetvli t0, a0, e64, m1, ta, ma;   PUT t0    /* SEW > ELEN */
    PUTALL
    TB_END
