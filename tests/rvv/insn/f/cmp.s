# F compares, min/max (signed zeros, NaN), classify, sign injection.
.include "kc_check.inc"
_start:
    li s0, 0x3f800000       # 1.0
    li s1, 0xbf800000       # -1.0
    li s2, 0x7fc00000       # canonical qNaN
    li s3, 0x80000000       # -0
    fmv.w.x fs0, s0
    fmv.w.x fs1, s1
    fmv.w.x fs2, s2
    fmv.w.x fs3, s3
    fmv.w.x fs4, zero       # +0
    feq.s t0, fs0, fs0
    CHECK 1, t0, 1
    flt.s t0, fs1, fs0
    CHECK 2, t0, 1
    fle.s t0, fs0, fs1
    CHECK 3, t0, 0
    feq.s t0, fs2, fs2      # NaN is unequal to itself
    CHECK 4, t0, 0
    feq.s t0, fs3, fs4      # -0 == +0
    CHECK 5, t0, 1
    fmin.s ft0, fs3, fs4
    CHECKF 6, ft0, 0x80000000
    fmax.s ft0, fs3, fs4
    CHECKF 7, ft0, 0x00000000
    fmin.s ft0, fs2, fs1    # one NaN: the other operand
    CHECKF 8, ft0, 0xbf800000
    fmax.s ft0, fs2, fs2
    CHECKF 9, ft0, 0x7fc00000
    fclass.s t0, fs1
    CHECK 10, t0, 0x002     # negative normal
    fclass.s t0, fs4
    CHECK 11, t0, 0x010     # +0
    fclass.s t0, fs2
    CHECK 12, t0, 0x200     # quiet NaN
    fsgnj.s ft0, fs0, fs1
    CHECKF 13, ft0, 0xbf800000
    fsgnjn.s ft0, fs1, fs1
    CHECKF 14, ft0, 0x3f800000
    fsgnjx.s ft0, fs1, fs1
    CHECKF 15, ft0, 0x3f800000
    PASS
