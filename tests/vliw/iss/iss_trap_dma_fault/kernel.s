        lui r1, 0x20                  // 2 MiB: past the 1 MiB DRAM of the tests
        bd.set 0, dram, r1
        li r2, 2
        bd.set 0, len0, r2
        li r3, 1
        bd.set 0, cnt1, r3
        bd.set 0, cnt2, r3
        dma.start 0, 0                // cycle 8
        halt
