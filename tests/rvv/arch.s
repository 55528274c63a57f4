# arch.s — leaves known values in every architectural file (test_rvv arch checks
# them): x[i] = 0x1000*i + i, f[i] = 0x3f800000 + i, v[i] lane k (e32) =
# 0x01000000*i + k, vl 3 / vtype e16 m2 tu mu, frm RTZ with DZ set, the word
# 0xdeadbeef at the DTCM address in a0, 0x5a in the DTCM's last byte (64 KiB).
    .globl _start
    .text
_start:
    li t0, 0xdeadbeef
    sw t0, 0(a0)
    li t0, 0x5a
    li t1, 0x0020ffff
    sb t0, 0(t1)
    csrwi frm, 1
    li t0, 0x3f800000
    fmv.w.x f1, t0
    fmv.w.x f2, zero
    fdiv.s f3, f1, f2                 # 1/0: DZ only
    vsetvli t0, x0, e32, m1, ta, ma   # VLMAX
    nop                               # (a vset right before its user: insn/vset/back2back.s)
    vid.v v1
    .irp i, 0,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    li t1, 0x01000000 * \i
    vadd.vx v\i, v1, t1
    .endr
    li t1, 0x01000000
    vadd.vx v1, v1, t1
    vsetivli x0, 3, e16, m2, tu, mu
    nop
    .irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    li t1, 0x3f800000 + \i
    fmv.w.x f\i, t1
    .endr
    .irp i, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    li x\i, 0x1000 * \i + \i
    .endr
    ecall                             # halts the core (a7 is not 93 here: RTL only)
