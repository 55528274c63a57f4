# Interlocks: a load-use pair, a divide whose result is used at once (~34
# cycles, iterative), and a chain of 4 dependent fp adds (FPU latency each).
    .globl _start
    .text
_start:
    lui s0, 0x200                     # DTCM
    li t0, 1000
    sw t0, 0(s0)
    lw t1, 0(s0)
    addi t1, t1, 1                    # load-use
    li t2, 7
    div t3, t1, t2
    addi t3, t3, 1                    # waits for the divider
    fcvt.s.w ft0, t3
    fadd.s ft1, ft0, ft0
    fadd.s ft1, ft1, ft0
    fadd.s ft1, ft1, ft0
    fadd.s ft1, ft1, ft0
    fmv.x.w t4, ft1
    ecall
