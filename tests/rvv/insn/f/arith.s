# F extension arithmetic at RNE (exact or correctly rounded results).
.include "kc_check.inc"
_start:
    li s0, 0x40400000       # 3.0
    li s1, 0x3f000000       # 0.5
    li s2, 0xc0a00000       # -5.0
    fmv.w.x fs0, s0
    fmv.w.x fs1, s1
    fmv.w.x fs2, s2
    fadd.s ft0, fs0, fs1
    CHECKF 1, ft0, 0x40600000   # 3.5
    fsub.s ft0, fs1, fs0
    CHECKF 2, ft0, 0xc0200000   # -2.5
    fmul.s ft0, fs0, fs2
    CHECKF 3, ft0, 0xc1700000   # -15
    fdiv.s ft0, fs1, fs0
    CHECKF 4, ft0, 0x3e2aaaab   # 1/6 rounded to nearest
    li s3, 0x41100000       # 9.0
    fmv.w.x fs3, s3
    fsqrt.s ft0, fs3
    CHECKF 5, ft0, 0x40400000
    fmadd.s ft0, fs0, fs1, fs2  # 3*0.5 - 5 = -3.5
    CHECKF 6, ft0, 0xc0600000
    fmsub.s ft0, fs0, fs1, fs2  # 1.5 + 5 = 6.5
    CHECKF 7, ft0, 0x40d00000
    fnmsub.s ft0, fs0, fs1, fs2 # -1.5 - 5 = -6.5
    CHECKF 8, ft0, 0xc0d00000
    fnmadd.s ft0, fs0, fs1, fs2 # -1.5 + 5 = 3.5
    CHECKF 9, ft0, 0x40600000
    fadd.s ft1, fs0, fs0        # dependent fp chain
    fmul.s ft1, ft1, ft1
    fadd.s ft1, ft1, fs2
    CHECKF 10, ft1, 0x41f80000  # 36 - 5 = 31
    fdiv.s ft0, fs2, fs1        # -10
    CHECKF 11, ft0, 0xc1200000
    PASS
