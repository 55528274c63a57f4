// ch0: a chain BD 0 (3-D: 2 x 2 rows of 6 bytes, unaligned DRAM rows) -> BD 1
// (one 10-byte row crossing a DRAM beat); each releases lock 0 by 1. The core
// waits for both (acq 0, 2), then ch1 writes BD 1's bytes back to an unaligned
// DRAM address across a beat boundary and the core waits for it.
// args: r1 = 0x1006, r2 = 0x40, r3 = 6, r4 = 2, r5 = 32, r6 = 8, r7 = 0x100,
//       r8 = 0x2001 (lock 0, value 1, enabled)
        bd.set 0, dram, r1            // pc 0: DRAM 0x1006
        bd.set 0, dm, r2              // DM 0x40
        bd.set 0, len0, r3            // LEN0 6
        bd.set 0, cnt1, r4            // CNT1 2
        bd.set 0, dstride1, r5        // DSTRIDE1 32
        bd.set 0, mstride1, r6        // MSTRIDE1 8
        bd.set 0, cnt2, r4            // CNT2 2
        bd.set 0, dstride2, r7        // DSTRIDE2 0x100
        bd.set 0, mstride2, r2        // MSTRIDE2 0x40
        bd.set 0, rel, r8             // REL lock 0 + 1
        li r9, 0x11                   // pc 10
        bd.set 0, next, r9            // NEXT = BD 1
        li r10, 0x101c
        bd.set 1, dram, r10           // DRAM 0x101c
        li r10, 0xc0
        bd.set 1, dm, r10             // DM 0xc0
        li r10, 10
        bd.set 1, len0, r10           // LEN0 10
        li r10, 1
        bd.set 1, cnt1, r10           // CNT1 1
        bd.set 1, cnt2, r10           // pc 20: CNT2 1
        bd.set 1, rel, r8             // REL lock 0 + 1
        dma.start 0, 0                // pc 22, cycle 23
        acq 0, 2                      // pc 23
        li r12, 0x201a
        bd.set 1, dram, r12           // BD 1 now: DRAM 0x201a
        bd.set 1, rel, r0             // no REL
        dma.start 1, 1                // pc 27
        dma.wait 1
        halt                          // pc 29
