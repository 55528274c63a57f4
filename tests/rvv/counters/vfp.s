# A vector fp multiply-add at LMUL 4: the fp pipes are busy, the integer ones not.
    .globl _start
    .text
_start:
    li t0, 1000
    vsetvli t1, t0, e32, m4, ta, ma
    nop                               # (vset hazard: insn/vset/back2back.s)
    vmv.v.i v8, 0
    vfadd.vv v12, v8, v8
    vfmacc.vv v12, v8, v8
    vsetivli x0, 1, e32, m1, ta, ma
    nop                               # (vset hazard: insn/vset/back2back.s)
    vfmv.f.s ft0, v12
    ecall
