# Vector conversions: vfcvt.x.f (RNE via frm), vfcvt.f.x,
# vfcvt.xu.f saturation, vfncvt.x.f.w (e32 fp -> int16, saturating),
# vfwcvt.f.x.v (int16 -> fp32).
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, f
    vle32.v v1, (s0)
    vfcvt.x.f.v v2, v1
    CHECKV 1, v2, 32, rne, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vfcvt.xu.f.v v2, v1
    CHECKV 3, v2, 32, rneu, 4
    vsetivli x0, 4, e32, m1, ta, ma
    la s0, i
    vle32.v v3, (s0)
    vfcvt.f.x.v v4, v3
    CHECKV 4, v4, 32, fi, 4
    vsetivli x0, 4, e16, mf2, ta, ma
    vfncvt.x.f.w v5, v1               # e32 fp (v1) -> int16
    CHECKV 5, v5, 16, n16, 4
    vsetivli x0, 4, e16, mf2, ta, ma
    la s0, h
    vle16.v v6, (s0)
    vfwcvt.f.x.v v7, v6               # int16 -> fp32
    CHECKV 6, v7, 32, w32, 4
    PASS
.data
.balign 16
f: .float 2.5, -3.5, 1e10, 0.75
rne: .word 2, -4, 0x7fffffff, 1
rneu: .word 2, 0, 0xffffffff, 1
i: .word 3, -7, 16777217, 0
fi: .float 3.0, -7.0, 16777216.0, 0.0
n16: .half 2, -4, 0x7fff, 1
h: .half -32768, 5, 0, 32767
w32: .float -32768.0, 5.0, 0.0, 32767.0
