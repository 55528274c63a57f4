# Widening add/multiply (e16 -> e32), narrowing shift (e32 -> e16), and
# zero/sign extension.
.include "kc_check.inc"
_start:
    vsetivli x0, 4, e16, mf2, ta, ma
    la s0, a16
    vle16.v v1, (s0)
    la s0, b16
    vle16.v v2, (s0)
    vwadd.vv v4, v1, v2               # e32 result in v4 (LMUL 1)
    CHECKV 1, v4, 32, wadd, 4
    vsetivli x0, 4, e16, mf2, ta, ma
    vwmulu.vv v4, v1, v2
    CHECKV 2, v4, 32, wmulu, 4
    vsetivli x0, 4, e16, mf2, ta, ma
    vnsrl.wi v6, v4, 8                # narrow the e32 products >> 8
    CHECKV 3, v6, 16, nsrl, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vsext.vf2 v7, v1
    CHECKV 4, v7, 32, sext, 4
    vsetivli x0, 4, e32, m1, ta, ma
    vzext.vf2 v7, v1
    CHECKV 5, v7, 32, zext, 4
    PASS
.data
.balign 16
a16: .half 1, -2, 0x7fff, 300
b16: .half 2, -3, 0x7fff, 0x100
wadd: .word 3, -5, 0xfffe, 556
wmulu: .word 2, 0xfffb0006, 0x3fff0001, 76800
nsrl: .half 0, 0xfb00, 0xff00, 0x12c
sext: .word 1, -2, 0x7fff, 300
zext: .word 1, 0xfffe, 0x7fff, 300
