# RV32M multiplications (low and high words, signed/unsigned mixes).
.include "kc_check.inc"
_start:
    li s0, 0x12345678
    li s1, -3
    mul s2, s0, s1
    CHECK 1, s2, 0xc962fc98
    mulh s2, s0, s1
    CHECK 2, s2, -1
    mulhu s2, s0, s1
    CHECK 3, s2, 0x12345677
    mulhsu s2, s1, s0       # signed -3 x unsigned 0x12345678
    CHECK 4, s2, -1
    li s3, 0x80000000
    mulh s2, s3, s3
    CHECK 5, s2, 0x40000000
    mul s4, s0, s0          # back to back: the second uses the first's result
    mul s4, s4, s1
    CHECK 6, s4, 0xa6217740
    PASS
