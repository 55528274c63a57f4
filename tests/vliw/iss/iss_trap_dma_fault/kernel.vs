        li r1, 0x200000               # 2 MiB: past the 1 MiB DRAM of the tests
        bdset 0, 0, r1
        li r2, 2
        bdset 0, 2, r2
        li r3, 1
        bdset 0, 3, r3
        bdset 0, 6, r3
        dmastart 0, 0                 # cycle 7
        halt
