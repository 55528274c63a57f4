# 8 independent ALU instructions and ecall: no stall, no vector, no fp, no jump.
    .globl _start
    .text
_start:
    addi t0, zero, 1
    addi t1, zero, 2
    addi t2, zero, 3
    addi t3, zero, 4
    addi t4, zero, 5
    addi t5, zero, 6
    addi t6, zero, 7
    addi s1, zero, 8
    ecall
