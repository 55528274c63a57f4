# vsetvli / vsetivli / vsetvl: vl = min(AVL, VLMAX), vtype encoding, the vl and
# vtype CSRs, x0 forms. Needs VLEN >= 128 (VLMAX e32 m1 >= 4).
.include "kc_check.inc"
_start:
    li s0, 3
    vsetvli s1, s0, e32, m1, ta, ma
    CHECK 1, s1, 3
    csrr t0, vl
    CHECK 2, t0, 3
    csrr t0, vtype
    CHECK 3, t0, 0xd0       # vma 1, vta 1, vsew 2 (e32), vlmul 0
    vsetivli s1, 2, e8, mf2, tu, mu
    CHECK 4, s1, 2
    csrr t0, vtype
    CHECK 5, t0, 0x07       # vlmul 7 (1/2), e8
    li s0, 1000             # AVL past VLMAX: vl = VLMAX = VLEN/32 * 8 at e32 m8
    vsetvli s1, s0, e32, m8, ta, ma
    csrr s2, vlenb
    srli s2, s2, 2
    slli s2, s2, 3
    sub s3, s1, s2
    CHECKZ 6, s3
    vsetvli s1, x0, e16, m8, ta, ma   # rd != x0, rs1 = x0: vl = VLMAX
    csrr s2, vlenb
    srli s2, s2, 1
    slli s2, s2, 3
    sub s3, s1, s2
    CHECKZ 7, s3
    li s0, 4
    vsetvli x0, s0, e32, m1, ta, ma
    vsetvli x0, x0, e32, m1, tu, mu   # rd = rs1 = x0: keep vl
    csrr t0, vl
    CHECK 8, t0, 4
    li s4, 0x10             # vsew 2 (e32), vlmul 0, tu mu
    li s0, 2
    vsetvl s1, s0, s4
    CHECK 9, s1, 2
    csrr t0, vtype
    CHECK 10, t0, 0x10
    PASS
