# Icarus equivalence kernel: a strip-mined axpy over DRAM (y = 3 x + y on the
# bits of fp32 values, integer vmacc: vector fp is not in the RTL yet;
# 40 elements at a0 + 0 and a0 + 256), a scalar checksum loop with a
# multiply, a divide and fp ops, and the result written back to DRAM — the
# scalar pipeline, the vector queue, the VLSU and the DRAM port in one run.
    .globl _start
    .text
_start:
    mv s0, a0                         # x
    addi s1, a0, 256                  # y
    li t0, 40                         # fill x[i] = i, y[i] = 1.0 (scalar stores)
    li t1, 0
    li t2, 0x3f800000
1:  fcvt.s.w ft0, t1
    slli t3, t1, 2
    add t4, s0, t3
    fsw ft0, 0(t4)
    add t4, s1, t3
    sw t2, 0(t4)
    addi t1, t1, 1
    blt t1, t0, 1b
    li a5, 3
    li a2, 40
    mv a3, s0
    mv a4, s1
2:  vsetvli t0, a2, e32, m2, ta, ma
    nop                               # (vset hazard: insn/vset/back2back.s)
    vle32.v v0, (a3)
    vle32.v v4, (a4)
    vmacc.vx v4, a5, v0
    vse32.v v4, (a4)
    slli t1, t0, 2
    add a3, a3, t1
    add a4, a4, t1
    sub a2, a2, t0
    bnez a2, 2b
    li t0, 40                         # checksum of y's bits: mul, div, xor
    mv t1, s1
    li t2, 7
3:  lw t3, 0(t1)
    mul t4, t3, t2
    xor t2, t2, t4
    divu t5, t3, t0
    add t2, t2, t5
    addi t1, t1, 4
    addi t0, t0, -1
    bnez t0, 3b
    sw t2, 512(s0)
    vsetivli x0, 8, e32, m2, ta, ma   # a reduction of y[0..7] to DRAM
    nop
    vle32.v v8, (s1)
    vmv.s.x v12, zero
    vredsum.vs v12, v8, v12
    vmv.x.s t3, v12
    sw t3, 516(s0)
    li a7, 93
    ecall
