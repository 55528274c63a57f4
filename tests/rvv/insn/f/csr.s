# fcsr, frm and fflags: dynamic rounding through frm (RTZ), NV and DZ flags.
.include "kc_check.inc"
_start:
    csrr t0, fcsr
    CHECK 1, t0, 0
    li s0, 0x3f800000       # 1.0
    fmv.w.x fs0, s0
    fmv.w.x fs1, zero
    fdiv.s ft0, fs0, fs1    # 1/0: DZ, +inf
    CHECKF 2, ft0, 0x7f800000
    csrr t0, fflags
    CHECK 3, t0, 0x08
    csrw fflags, zero
    li s1, 0xbf800000
    fmv.w.x fs2, s1
    fsqrt.s ft0, fs2        # sqrt(-1): NV, canonical NaN
    CHECKF 4, ft0, 0x7fc00000
    csrr t0, fflags
    CHECK 5, t0, 0x10
    csrrwi t0, frm, 1       # RTZ; old frm 0
    CHECK 6, t0, 0
    li s2, 0x40200000       # 2.5 -> 2 under RTZ, 3 would be RUP
    fmv.w.x fs3, s2
    fcvt.w.s t0, fs3        # dynamic: RTZ
    CHECK 7, t0, 2
    csrr t0, fcsr
    andi t0, t0, 0xf8       # frm, NV, DZ (NX is best effort: not checked)
    CHECK 8, t0, 0x30       # frm 1 << 5 | NV
    fsflags t1, zero        # swap: returns the old flags
    andi t1, t1, 0x18
    CHECK 9, t1, 0x10
    csrr t0, fcsr
    CHECK 10, t0, 0x20
    csrwi frm, 0
    csrr t0, frm
    CHECK 11, t0, 0
    PASS
