# Matrix unit: C = A x B through mld, mldb, mmac, mldbt, mst; then a vector write
# immediately followed by an mst over the same row (mst waits for the vector
# write; co-simulation must not flag the early matrix write).
# cosim: args=0x1000,0x2000,0x3000 dram-seed=3 dram-bytes=65536
        csrwi  dlen, 16
        csrwi  dstride, 32
        li     r2, 16
        li     r1, 0
        mld    [r1], a1, r2        # B rows -> matrix SRAM rows 0..15
        mldb   0, [r1]
        li     r3, 100
        li     r4, 4
        dld    [r3], a0, r4        # A rows -> vector SRAM 100..103
        mmac   0, [r3]
        mldbt  1, [r1]
        mmac   1, [r3]
        li     r5, 200
        mst    [r5]
        dst    [r5], a2, r4
        li     r6, 197
        fli    f1, 2.0
        vadds  [r5], [r3], f1       # row 200 ...
        mst    [r6]                 # ... rewritten by rows 197..200 right behind it
        vredsum f3, [r5]
        halt
