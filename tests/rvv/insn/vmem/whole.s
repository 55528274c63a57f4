# Whole-register loads/stores (vl1re32, vl2re32, vs1r, vs2r: independent of vl)
# and mask loads/stores (vlm, vsm: ceil(vl/8) bytes).
.include "kc_check.inc"
_start:
    vsetivli x0, 1, e32, m1, ta, ma   # vl = 1 must not limit whole-register moves
    la s0, src
    vl1re32.v v1, (s0)
    vl2re32.v v2, (s0)
    la s1, dst
    vs1r.v v1, (s1)
    CHECKMEM 1, dst, src, 16
    vsetivli x0, 1, e32, m1, ta, ma
    la s1, dst2
    vs2r.v v2, (s1)
    CHECKMEM 2, dst2, src, 32
    vsetivli x0, 16, e8, m1, ta, ma
    la s2, mbytes
    vlm.v v4, (s2)
    la s3, mdst
    vsm.v v4, (s3)                    # 2 bytes
    CHECKMEM 3, mdst, mwant, 4
    PASS
.data
.balign 16
src: .word 1,2,3,4,5,6,7,8
mbytes: .byte 0xa5, 0x3c, 0xff, 0xff
mwant: .byte 0xa5, 0x3c, 0, 0
.bss
.balign 16
dst: .space 16
dst2: .space 32
mdst: .space 4
