# Slides: vslideup/vslidedown (.vi/.vx; up keeps the low elements of vd),
# vslide1up/vslide1down, vfslide1down.
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e32, m1, tu, mu
    la s0, a
    vle32.v v1, (s0)
    la s0, b
    vle32.v v2, (s0)
    vmv.v.v v3, v2
    vslideup.vi v3, v1, 1
    CHECKV 1, v3, 32, up1, 4
    vsetivli x0, 4, e32, m1, tu, mu
    li s1, 2
    vslidedown.vx v3, v1, s1          # elements past vl read 0 at VLEN 128 (VLMAX 4)
    CHECKV 2, v3, 32, down2, 2
    vsetivli x0, 4, e32, m1, tu, mu
    li s2, 99
    vslide1up.vx v3, v1, s2
    CHECKV 3, v3, 32, s1up, 4
    vsetivli x0, 4, e32, m1, tu, mu
    vslide1down.vx v3, v1, s2
    CHECKV 4, v3, 32, s1down, 4
    vsetivli x0, 4, e32, m1, tu, mu
    li s3, 0x3f800000
    fmv.w.x fs3, s3
    vfslide1down.vf v3, v1, fs3
    CHECKV 5, v3, 32, fs1down, 4
    PASS
.data
.balign 16
a: .word 1, 2, 3, 4
b: .word 10, 20, 30, 40
up1: .word 10, 1, 2, 3
down2: .word 3, 4
s1up: .word 99, 1, 2, 3
s1down: .word 2, 3, 4, 99
fs1down: .word 2, 3, 4, 0x3f800000
