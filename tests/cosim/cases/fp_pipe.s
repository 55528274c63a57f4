# The scalar fp pipeline (npu_fpu: fadd fsub fmul ffma fcvtif, written FP_LAT
# cycles after issue) and the scalar special functions on the shared SFU
# (fexp frecip frsqrt, SFU_LAT): every reader and writer of an fp register with
# a write still to come must wait, since nothing is forwarded. Each pair is
# issued back to back; a missing interlock reads a stale register or lets a
# later write land first, which co-simulation reports (the ISS is untimed).
# cosim: args=0x1000,0x2000,0x3000,0x4000 dram-seed=11 dram-bytes=65536
        csrwi  dlen, 16
        li     r4, 4
        li     r3, 100
        dld    [r3], a0, r4        # rows 100..103
        li     r5, 110
        li     r6, 111
        li     r7, 7
        fli    f1, 0.75
        fli    f2, -1.5
        # RAW through the pipeline: fadd -> fadd, ffma reading fd, fsub, fmul
        fadd   f3, f1, f2
        fadd   f4, f3, f3
        ffma   f4, f3, f1          # reads f4 (addend) and f3
        fsub   f5, f4, f1
        fmul   f5, f5, f5
        # RAW through the SFU, scalar after scalar (the feed is free at once)
        fexp   f6, f1
        frecip f7, f6
        frsqrt f8, f7
        fmul   f9, f8, f6
        # WAW: a write completing at issue after a pipelined write to the register
        fadd   f10, f1, f1
        fmax   f10, f2, f0
        fexp   f11, f2
        fmin   f11, f2, f1
        # WAW: a pipelined write after a slower SFU write to the register
        frecip f12, f2
        fadd   f12, f1, f0
        # flli reads its destination; fmvfi and fcvtif cross to and from X
        ffma   f13, f1, f1
        flli   f13, 0x1234
        fcvtif f14, r7
        fmvfi  r8, f14
        addi   r8, r8, 1
        fmul   f15, f13, f14
        # vector instructions reading a scalar still in flight
        fmul   f3, f1, f2
        vmuls  [r5], [r3], f3
        fexp   f4, f2
        vbcast [r6], f4
        # a reduction into a register a scalar op still writes, and a scalar op
        # reading a reduction's result
        frsqrt f5, f1
        vredsum f5, [r5]
        fadd   f6, f5, f1
        # the SFU shared: a scalar special function waits for a vexp's row to
        # enter the unit, a vexp for nothing after a scalar one
        vexp   [r5], [r3]
        fexp   f7, f1
        vrecip [r6], [r3]
        frecip f8, f7
        # halt drains both
        ffma   f9, f8, f1
        fexp   f10, f9
        halt
