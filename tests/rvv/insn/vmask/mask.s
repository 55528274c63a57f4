# Mask-register logic, vcpop.m, vfirst.m, vmsbf/vmsif/vmsof, viota.m, vid.v.
.include "kc_check.inc"
_start:
    vsetivli x0, 16, e8, m1, ta, ma
    la s0, m
    vlm.v v1, (s0)                    # 0b0010_1100_0101_0000 (0x2c50)
    la s0, n
    vlm.v v2, (s0)                    # 0x0ff0
    vmand.mm v3, v1, v2
    vsetivli x0, 1, e16, m1, ta, ma
    vmv.x.s s1, v3
    CHECK 1, s1, 0x0c50
    vsetivli x0, 16, e8, m1, ta, ma
    vmxor.mm v3, v1, v2
    vsetivli x0, 1, e16, m1, ta, ma
    vmv.x.s s1, v3
    CHECK 2, s1, 0x23a0
    vsetivli x0, 16, e8, m1, ta, ma
    vmandn.mm v3, v1, v2
    vsetivli x0, 1, e16, m1, ta, ma
    vmv.x.s s1, v3
    CHECK 3, s1, 0x2000
    vsetivli x0, 16, e8, m1, ta, ma
    vcpop.m s2, v1
    CHECK 4, s2, 5
    vfirst.m s2, v1
    CHECK 5, s2, 4
    vmclr.m v4
    vfirst.m s2, v4
    CHECK 6, s2, -1
    vmsbf.m v3, v1
    vsetivli x0, 1, e16, m1, ta, ma
    vmv.x.s s1, v3
    CHECK 7, s1, 0x000f
    vsetivli x0, 16, e8, m1, ta, ma
    vmsif.m v3, v1
    vsetivli x0, 1, e16, m1, ta, ma
    vmv.x.s s1, v3
    CHECK 8, s1, 0x001f
    vsetivli x0, 16, e8, m1, ta, ma
    vmsof.m v3, v1
    vsetivli x0, 1, e16, m1, ta, ma
    vmv.x.s s1, v3
    CHECK 9, s1, 0x0010
    vsetivli x0, 8, e8, m1, ta, ma
    viota.m v5, v1
    CHECKV 10, v5, 8, iota, 8
    vsetivli x0, 4, e32, m1, ta, ma
    vid.v v6
    CHECKV 11, v6, 32, ids, 4
    PASS
.data
.balign 16
m: .half 0x2c50
n: .half 0x0ff0
.balign 4
iota: .byte 0, 0, 0, 0, 0, 1, 1, 2
ids: .word 0, 1, 2, 3
