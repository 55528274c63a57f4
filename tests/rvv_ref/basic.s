# A hand-checked program: scalar integer, fp, vector integer/fp/mask/reduction,
# stores into DTCM and DRAM. Expected values: rvv_ref_test.c (basic).
    .text
    .globl kernel
kernel:
    li t0, 7
    li t1, -3
    mul t2, t0, t1            # t2 = -21
    la s0, data
    flw ft0, 0(s0)            # 1.5
    flw ft1, 4(s0)            # 2.25
    fmul.s ft2, ft0, ft1      # 3.375
    fsw ft2, 8(s0)
    vsetivli t3, 4, e32, m1, ta, ma
    vle32.v v1, (s0)
    vfadd.vv v2, v1, v1       # 3.0 4.5 6.75 ...
    vmv.v.i v3, 0
    vid.v v4
    vadd.vi v5, v4, 10        # 10 11 12 13
    vse32.v v5, (a0)          # DRAM
    vmv.s.x v6, zero
    vredsum.vs v7, v5, v6     # 46
    vmv.x.s s1, v7
    sw s1, 12(s0)
    sw t2, 16(a0)
    ret
    .data
data:
    .float 1.5, 2.25, 0.0, 0.0
