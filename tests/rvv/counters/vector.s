# 12 dependent vadd.vv at LMUL 8 (8 cycles each in the arithmetic unit at one
# register a cycle): the queue (VQ_DEPTH 8) fills, each waits for the previous
# result (scoreboard), then vmv.x.s makes the core wait for the vector unit.
    .globl _start
    .text
_start:
    li t0, 1000
    vsetvli t1, t0, e32, m8, ta, ma
    nop                               # (vset hazard: insn/vset/back2back.s)
    vmv.v.i v8, 1
    .rept 12
    vadd.vv v8, v8, v8
    .endr
    vsetivli x0, 1, e32, m1, ta, ma
    nop                               # (vset hazard: insn/vset/back2back.s)
    vmv.x.s t2, v8
    ecall
