# fp -> int conversions of out-of-range, infinite and NaN inputs saturate
# (RISC-V: NaN and +large -> the maximum, -large -> the minimum, negative ->
# 0 for unsigned) and raise NV; scalar fcvt.w(u).s at static and dynamic
# rounding, and the vector vfcvt.x(u).f.v at frm RNE and RTZ. The random
# co-simulation reported fcvt.w(u).s of such inputs as 0 on the RTL.
.include "kc_check.inc"
_start:
    la s0, fin
    li s1, 0
    li s2, 8
1:  flw ft0, 0(s0)
    csrwi fflags, 0
    fcvt.w.s t0, ft0           # dynamic: frm = RNE
    la t1, want_w
    add t1, t1, s1
    lw t1, 0(t1)
    sub t0, t0, t1
    CHECKZ 1, t0
    fcvt.wu.s t0, ft0, rtz
    la t1, want_wu
    add t1, t1, s1
    lw t1, 0(t1)
    sub t0, t0, t1
    CHECKZ 2, t0
    csrr t0, fflags
    andi t0, t0, 0x10          # NV: every input here is invalid for one of the two
    CHECK 3, t0, 0x10
    addi s0, s0, 4
    addi s1, s1, 4
    addi s2, s2, -1
    bnez s2, 1b
    la s0, fin
    vsetivli zero, 4, e32, m1, ta, ma
    vle32.v v1, (s0)
    addi s0, s0, 16
    vle32.v v2, (s0)
    vfcvt.x.f.v v3, v1
    CHECKV 4, v3, 32, want_w, 4
    vfcvt.x.f.v v3, v2
    CHECKV 5, v3, 32, want_w + 16, 4
    vfcvt.xu.f.v v3, v1
    CHECKV 6, v3, 32, want_wu, 4
    vfcvt.xu.f.v v3, v2
    CHECKV 7, v3, 32, want_wu + 16, 4
    csrwi frm, 1               # RTZ by frm (vfcvt.rtz.* aborts qemu 7.2)
    vfcvt.x.f.v v3, v1
    CHECKV 8, v3, 32, want_w, 4
    csrwi frm, 0
    PASS
.data
.balign 16
#         +inf        -inf        qNaN        sNaN        3e9         -3e9        2^31        -1.5
fin:     .word 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0x4f32d05e, 0xcf32d05e, 0x4f000000, 0xbfc00000
want_w:  .word 0x7fffffff, 0x80000000, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x80000000, 0x7fffffff, 0xfffffffe
want_wu: .word 0xffffffff, 0,          0xffffffff, 0xffffffff, 0xb2d05e00, 0,          0x80000000, 0
