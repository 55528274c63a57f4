// The DMA has the lowest bank priority: a core loading from bank 0 every cycle
// holds off ch0's DM write to bank 0 until the loop ends.
        li r1, 0x1000                 // b0, cycle 1
        bd.set 0, dram, r1 ; mov r2, 32
        bd.set 0, len0, r2 ; mov r3, 1
        bd.set 0, cnt1, r3
        bd.set 0, cnt2, r3            // DM 0 (reset value): line 0, bank 0
        dma.start 0, 0                // b5, cycle 6
        loopi 10, done                // b6, cycle 7
        vld v1, [p0]                  // cycles 8-17: bank 0 of the own module
done:   dma.wait 0
        halt
