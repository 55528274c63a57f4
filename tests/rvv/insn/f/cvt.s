# F conversions to/from integers (rounding, saturation), moves, flw/fsw.
.include "kc_check.inc"
_start:
    li s0, 0x40200000       # 2.5
    fmv.w.x fs0, s0
    fcvt.w.s t0, fs0        # dynamic rm = RNE (frm 0): ties to even
    CHECK 1, t0, 2
    fcvt.w.s t0, fs0, rtz
    CHECK 2, t0, 2
    li s1, 0xc0600000       # -3.5
    fmv.w.x fs1, s1
    fcvt.w.s t0, fs1, rne
    CHECK 3, t0, -4
    fcvt.w.s t0, fs1, rtz
    CHECK 4, t0, -3
    fcvt.wu.s t0, fs1, rtz  # negative to unsigned saturates to 0
    CHECK 5, t0, 0
    li s2, 0x5f000000       # 2^63
    fmv.w.x fs2, s2
    fcvt.w.s t0, fs2, rtz
    CHECK 6, t0, 0x7fffffff
    fcvt.wu.s t0, fs2, rtz
    CHECK 7, t0, 0xffffffff
    li s3, -7
    fcvt.s.w ft0, s3
    CHECKF 8, ft0, 0xc0e00000
    fcvt.s.wu ft0, s3       # 4294967289 -> 2^32 at RNE
    CHECKF 9, ft0, 0x4f800000
    li s4, 16777217         # 2^24 + 1 -> 2^24 (RNE), rtz too
    fcvt.s.w ft0, s4
    CHECKF 10, ft0, 0x4b800000
    la s5, fbuf
    fsw fs1, 4(s5)
    flw ft1, 4(s5)
    CHECKF 11, ft1, 0xc0600000
    flw ft2, 0(s5)
    CHECKF 12, ft2, 0x3fc00000
    fmv.x.w t0, ft2
    CHECK 13, t0, 0x3fc00000
    PASS
.data
.balign 4
fbuf: .word 0x3fc00000, 0
