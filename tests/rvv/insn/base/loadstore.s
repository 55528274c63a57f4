# RV32I loads and stores of every width on the DTCM (sign/zero extension,
# byte lanes of a word, offsets either side).
.include "kc_check.inc"
_start:
    la s0, buf
    li s1, 0x8081f2f3
    sw s1, 4(s0)
    lw s2, 4(s0)
    CHECK 1, s2, 0x8081f2f3
    lb s2, 4(s0)
    CHECK 2, s2, 0xfffffff3
    lbu s2, 7(s0)
    CHECK 3, s2, 0x80
    lh s2, 6(s0)
    CHECK 4, s2, 0xffff8081
    lhu s2, 4(s0)
    CHECK 5, s2, 0xf2f3
    addi s3, s0, 8
    sb s1, -3(s3)           # byte 5 = 0xf3
    lw s2, 4(s0)
    CHECK 6, s2, 0x8081f3f3
    sh s1, 8(s0)
    sb s1, 11(s0)
    lw s2, 8(s0)
    CHECK 7, s2, 0xf300f2f3
    lw s2, 0(s0)            # .data initial value
    CHECK 8, s2, 0x12345678
    lw s2, zero_word        # .bss starts zero
    CHECK 9, s2, 0
    PASS
.data
.balign 4
buf: .word 0x12345678, 0, 0, 0
.bss
.balign 4
zero_word: .space 4
