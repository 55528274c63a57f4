# relu C1 (8 x 64 = 512 fp32) on rvv: y = max(x, 0), 32 elements per pass
# (e32, m8); a0 = x, a1 = y.
        .text
        .globl  kernel
kernel:
        li      a2, 512                 # elements left
        fmv.w.x fa5, zero               # 0.0f
1:      vsetvli t0, a2, e32, m8, ta, ma
        vle32.v v8, (a0)
        vfmax.vf v8, v8, fa5
        vse32.v v8, (a1)
        sub     a2, a2, t0
        slli    t0, t0, 2               # elements -> bytes
        add     a0, a0, t0
        add     a1, a1, t0
        bnez    a2, 1b
        ret
