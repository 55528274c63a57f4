# The special-function unit (npu_sfu: VLEN/SFU_LANES cycles per row, its rows
# written group by group up to VLEN/SFU_LANES - 1 + SFU_LAT cycles after
# issue): every reader and writer of a row it has still to write must wait —
# a vector read (RAW) and write (WAW), a second special function on the row,
# dst (reads the row), dld (writes it), mmac (reads its A rows), mst (writes
# rows), and halt. Each pair is issued back to back; a missing interlock
# leaves a wrong row or DRAM byte, which co-simulation reports. Rows run
# under a partial vmask too (inactive lanes keep their old value).
# cosim: args=0x1000,0x2000,0x3000,0x4000 dram-seed=7 dram-bytes=65536
        csrwi  dlen, 16
        csrwi  dstride, 32
        li     r2, 16
        li     r1, 0
        mld    [r1], a1, r2        # B rows -> matrix SRAM rows 0..15
        mldb   0, [r1]
        li     r3, 100
        li     r4, 8
        dld    [r3], a0, r4        # rows 100..107
        li     r5, 101
        li     r6, 102
        li     r7, 103
        li     r8, 120
        li     r9, 121
        li     r10, 122
        fli    f1, 0.5
        vmuls  [r3], [r3], f1      # keep exp in range
        vmuls  [r5], [r5], f1
        # RAW: a vector op reads the SFU row at once; WAW: a vector op writes it
        vexp   [r8], [r3]
        vadd   [r9], [r8], [r5]
        vrecip [r10], [r5]
        vbcast [r10], f1
        # a chain through the SFU, back to back (throughput and RAW between them)
        vexp   [r6], [r3]
        vrecip [r6], [r6]
        vrsqrt [r7], [r6]
        vexp   [r7], [r7]
        # dst of a row the SFU still writes, dld into one
        vexp   [r8], [r5]
        dst    [r8], a2, r4
        vrecip [r9], [r3]
        li     r11, 1
        dld    [r9], a3, r11
        # mmac reads its A rows while the SFU writes one of them
        vexp   [r5], [r5]
        mmac   0, [r3]
        # mst writes rows the SFU still writes
        li     r12, 130
        vrsqrt [r12], [r3]
        mst    [r12]
        # partial vmask: lanes past 5 keep their value
        csrwi  vmask, 5
        li     r13, 140
        vexp   [r13], [r3]
        vredsum f3, [r13]
        csrwi  vmask, 16
        # halt drains the SFU
        li     r14, 150
        vexp   [r14], [r7]
        halt
