# ch0: a chain BD 0 (3-D: 2 x 2 rows of 6 bytes, unaligned DRAM rows) -> BD 1
# (one 10-byte row crossing a DRAM beat); each releases lock 0 by 1. The core
# waits for both (acq 0, 2), then ch1 writes BD 1's bytes back to an unaligned
# DRAM address across a beat boundary and the core waits for it.
# args: r1 = 0x1006, r2 = 0x40, r3 = 6, r4 = 2, r5 = 32, r6 = 8, r7 = 0x100, r8 = 0x8100
        bdset 0, 0, r1                # pc 0: DRAM 0x1006
        bdset 0, 1, r2                # DM 0x40
        bdset 0, 2, r3                # LEN0 6
        bdset 0, 3, r4                # CNT1 2
        bdset 0, 4, r5                # DSTRIDE1 32
        bdset 0, 5, r6                # MSTRIDE1 8
        bdset 0, 6, r4                # CNT2 2
        bdset 0, 7, r7                # DSTRIDE2 0x100
        bdset 0, 8, r2                # MSTRIDE2 0x40
        bdset 0, 10, r8               # REL lock 0 + 1
        li r9, 0x8001                 # pc 10
        bdset 0, 11, r9               # NEXT = BD 1
        li r10, 0x101c
        bdset 1, 0, r10               # DRAM 0x101c
        li r10, 0xc0
        bdset 1, 1, r10               # DM 0xc0
        li r10, 10
        bdset 1, 2, r10               # LEN0 10
        li r10, 1
        bdset 1, 3, r10               # CNT1 1
        bdset 1, 6, r10               # pc 20: CNT2 1
        bdset 1, 10, r8               # REL lock 0 + 1
        dmastart 0, 0                 # pc 22, cycle 22
        acq 0, 2                      # pc 23
        li r12, 0x201a
        bdset 1, 0, r12               # BD 1 now: DRAM 0x201a
        bdset 1, 10, r0               # no REL
        dmastart 1, 1                 # pc 27
        dmawait 1
        halt                          # pc 29
