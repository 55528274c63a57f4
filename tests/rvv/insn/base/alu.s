# RV32I register-register and immediate arithmetic, lui, auipc.
.include "kc_check.inc"
_start:
    li s0, 100
    li s1, -7
    add s2, s0, s1
    CHECK 1, s2, 93
    sub s2, s1, s0
    CHECK 2, s2, -107
    and s2, s0, s1
    CHECK 3, s2, (100 & -7)
    or s2, s0, s1
    CHECK 4, s2, (100 | -7)
    xor s2, s0, s1
    CHECK 5, s2, (100 ^ -7)
    li s3, 35
    sll s2, s1, s3          # shift amount is rs2[4:0] = 3
    CHECK 6, s2, -56
    srl s2, s1, s3
    CHECK 7, s2, 0x1fffffff
    sra s2, s1, s3
    CHECK 8, s2, -1
    slt s2, s1, s0
    CHECK 9, s2, 1
    sltu s2, s1, s0
    CHECK 10, s2, 0
    addi s2, s0, -2048
    CHECK 11, s2, -1948
    andi s2, s1, 0x7f0
    CHECK 12, s2, 0x7f0
    ori s2, s0, -1
    CHECK 13, s2, -1
    xori s2, s1, -1
    CHECK 14, s2, 6
    slli s2, s0, 31
    CHECK 15, s2, 0
    srli s2, s1, 28
    CHECK 16, s2, 15
    srai s2, s1, 1
    CHECK 17, s2, -4
    slti s2, s0, 101
    CHECK 18, s2, 1
    sltiu s2, s0, -1        # -1 is 0xffffffff unsigned
    CHECK 19, s2, 1
    lui s2, 0xfffff
    CHECK 20, s2, 0xfffff000
1:  auipc s2, 1
    la s3, 1b
    sub s2, s2, s3
    CHECK 21, s2, 4096
    add x0, s0, s0          # x0 stays zero
    CHECK 22, x0, 0
    PASS
