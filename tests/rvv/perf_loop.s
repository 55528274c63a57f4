# perf_loop.s — the simulation-speed probe (test_rvv perf prints the figure, no
# test asserts it): a strip-mined vector loop over DTCM (y += 3 x, integer:
# 256 elements at LMUL 2), repeated, with the scalar bookkeeping around it;
# a few hundred thousand cycles.
    .globl _start
    .text
_start:
    li a5, 3
    li s2, 200                        # repetitions
    lui s0, 0x200                     # x at DTCM + 0
    addi s1, s0, 1024                 # y at DTCM + 1024
1:  li a2, 256
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
    addi s2, s2, -1
    bnez s2, 1b
    ecall
