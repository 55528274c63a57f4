# Conditional branches (taken and not taken), jal and jalr (link = pc + 4).
# A taken branch that falls through fails with its own number (11..16); a
# not-taken one that jumps fails with 1.
.include "kc_check.inc"
_start:
    li s0, -1
    li s1, 1
    li s2, 0                # count of taken branches that should be taken
    beq s0, s0, 1f
    li a0, 11
    j kc_fail
1:  bne s0, s1, 1f
    li a0, 12
    j kc_fail
1:  blt s0, s1, 1f
    li a0, 13
    j kc_fail
1:  bge s1, s0, 1f
    li a0, 14
    j kc_fail
1:  bltu s1, s0, 1f
    li a0, 15
    j kc_fail
1:  bgeu s0, s1, 1f
    li a0, 16
    j kc_fail
1:  beq s0, s1, bad         # not taken
    bne s0, s0, bad
    blt s1, s0, bad
    bge s0, s1, bad
    bltu s0, s1, bad
    bgeu s1, s0, bad
    jal ra, 2f
back:
    CHECK 2, s3, 1
    la s4, target
    jalr s5, 4(s4)          # lands on target + 4
after:
    la s6, after
    sub s6, s5, s6
    CHECK 3, s6, 0
    CHECK 4, s7, 0
    PASS
2:  la s3, back
    sub s3, ra, s3
    seqz s3, s3
    ret
target:
    li s7, 1                # skipped
    li s7, 0
    jr s5
bad:
    li a0, 1
    j kc_fail
