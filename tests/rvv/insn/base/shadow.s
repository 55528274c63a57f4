# The instructions right behind a taken branch or jump are squashed: a jump, an
# ecall or a register write in the branch's shadow must not take effect.
# (An ecall there halts the RTL with a0 = 5: "check 5 failed".)
.include "kc_check.inc"
_start:
    li s0, 3
    li s1, 0
1:  addi s1, s1, 1
    addi s0, s0, -1
    bnez s0, 1b
    li s1, 100                        # falls through once: 3 + 97
    addi s1, s1, -97
    CHECK 1, s1, 3
    li a0, 5
    li s2, 2
2:  addi s2, s2, -1
    beq zero, zero, 3f
    ecall                             # shadow of a taken branch
3:  bnez s2, 2b
    li s3, 0
    beq zero, zero, 4f
    j shadow_jump                     # shadow of a taken branch
4:  li s3, 5
    jal ra, 5f
    li s3, 6                          # jal's shadow: runs only after the return
    CHECK 3, s3, 6
    j 6f
5:  CHECK 2, s3, 5
    ret
6:  jal zero, 7f
    li s4, 1                          # shadow of a jump: squashed
7:  CHECK 6, s4, 0
    PASS
shadow_jump:
    li a0, 4
    j kc_fail
