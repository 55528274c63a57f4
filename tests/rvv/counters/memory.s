# Vector loads/stores of 8 registers (LMUL 8) from/to the DTCM, then a scalar
# load from DRAM (the harness's latency, 64 cycles by default), used at once.
    .globl _start
    .text
_start:
    mv s0, a0                         # DRAM base
    lui s1, 0x200                     # DTCM
    li t0, 1000
    vsetvli t1, t0, e32, m8, ta, ma
    nop                               # (vset hazard: insn/vset/back2back.s)
    vle32.v v8, (s1)
    vse32.v v8, (s1)
    lw t2, 0(s0)
    addi t2, t2, 1
    ecall
