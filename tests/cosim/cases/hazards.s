# Hazards between units that must be invisible (interlocked): dependent vector
# ops back to back, a reduction feeding scalar fp and a vector scalar operand,
# a load feeding a vector op, a vector write feeding a store, a store then a load
# of the same DRAM bytes, a load over rows a store still reads.
# cosim: args=0x1000,0x2000 dram-seed=7 dram-bytes=65536 latency=3 bw=8
        csrwi  dlen, 20
        csrwi  dstride, 40
        li     r10, 3
        li     r1, 0
        li     r2, 8
        li     r3, 16
        dld    [r1], a0, r10        # rows 0..5
        vadd   [r2], [r1], [r1]     # waits for the load
        vmul   [r3], [r2], [r2]     # depends on the previous vector op
        vredsum f1, [r3]
        fadd   f2, f1, f1           # reduction -> scalar fp
        vadds  [r3], [r3], f1       # reduction -> vector scalar operand
        vredmax f3, [r3]
        fmvfi  r5, f3
        dst    [r3], a1, r10        # vector write -> store
        dld    [r2], a1, r10        # store then load of the same bytes
        dld    [r3], a0, r10        # load over rows the store reads
        vsub   [r1], [r3], [r2]
        csrwi  vmask, 5
        vmacs  [r1], [r2], f2
        vredsum f4, [r1]
        halt
