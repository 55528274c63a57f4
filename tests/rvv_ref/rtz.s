# The vector RTZ conversions (QEMU 7.2 aborts on them; the reference runs their
# dynamic-rounding twins with frm = RTZ): expected values in rvv_ref_test.c (rtz).
    .text
    .globl kernel
kernel:
    la t0, vals
    vsetivli zero, 4, e32, m1, ta, ma
    vle32.v v16, (t0)
    vfcvt.rtz.x.f.v v8, v16
    vmv.x.s a0, v8
    vslidedown.vi v10, v8, 1
    vmv.x.s a1, v10
    vsetivli zero, 4, e16, mf2, ta, ma
    vfncvt.rtz.x.f.w v12, v16
    vslidedown.vi v13, v12, 3
    vmv.x.s a3, v13
    frrm a4
    ret
    .data
vals: .float 2.75, -2.75, 1.5, 70000.0
