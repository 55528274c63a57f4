# A 10-iteration countdown loop: 9 taken branches (2 cycles lost each, ISSUE12
# "taken branch = 2-cycle bubble") and a last one not taken.
    .globl _start
    .text
_start:
    li t0, 10
1:  addi t0, t0, -1
    bnez t0, 1b
    ecall
