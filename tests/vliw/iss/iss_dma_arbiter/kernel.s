// Two tiles start a 64-byte ch0 transfer in the same cycle with DMA_INFLIGHT = 1:
// the round-robin arbiter alternates between them and each channel waits for
// its beat to be retired (written to DM) before the next read.
.tile 0
        li r1, 0x1000                 // b0, cycle 1
        bd.set 0, dram, r1 ; mov r2, 64     // b1: DM 0 (reset value)
        bd.set 0, len0, r2 ; mov r3, 1
        bd.set 0, cnt1, r3 ; mov r4, 0x2001 // REL: own lock 0, value 1
        bd.set 0, cnt2, r3
        bd.set 0, rel, r4
        dma.start 0, 0                // b6, cycle 7
        acq 0, 1                      // b7: waits for the REL
        halt
.tile 1
        li r1, 0x2040                 // b0, cycle 1
        bd.set 0, dram, r1 ; mov r2, 64     // b1: DM 0 (reset value)
        bd.set 0, len0, r2 ; mov r3, 1
        bd.set 0, cnt1, r3 ; mov r4, 0x2001 // REL: own lock 0, value 1
        bd.set 0, cnt2, r3
        bd.set 0, rel, r4
        dma.start 0, 0                // b6, cycle 7
        acq 0, 1                      // b7: waits for the REL
        halt
