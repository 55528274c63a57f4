# RV32M division and remainder, including division by zero and the signed
# overflow case (results fixed by the spec, no trap).
.include "kc_check.inc"
_start:
    li s0, -100
    li s1, 7
    div s2, s0, s1
    CHECK 1, s2, -14
    rem s2, s0, s1
    CHECK 2, s2, -2
    divu s2, s0, s1
    CHECK 3, s2, 613566742
    remu s2, s0, s1
    CHECK 4, s2, 2
    div s2, s0, zero
    CHECK 5, s2, -1
    divu s2, s0, zero
    CHECK 6, s2, -1
    rem s2, s0, zero
    CHECK 7, s2, -100
    remu s2, s0, zero
    CHECK 8, s2, -100
    li s3, 0x80000000
    li s4, -1
    div s2, s3, s4
    CHECK 9, s2, 0x80000000
    rem s2, s3, s4
    CHECK 10, s2, 0
    div s5, s0, s1          # dependent chain through the iterative divider
    div s5, s5, s1
    CHECK 11, s5, -2
    PASS
