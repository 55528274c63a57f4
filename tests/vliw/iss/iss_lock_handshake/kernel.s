// Tile 0 stores into tile 1's DM (east window) and releases tile 1's lock 1;
// tile 1 acquires it, then loads.
.tile 0
        mov p1, 0x20000               // window 2 (east) offset 0
        li r2, 0x2bcd
        st r2, [p1]                   // cycle 2: tile 1's DM offset 0
        rel 0x21, 1                   // lock id = window 2 << 4 | 1
        halt
.tile 1
        acq 1, 1                      // own lock 1
        ld r3, [p0]
        nop
        nop
        mov r4, r3                    // the load of bundle 1 lands at bundle 4
        halt
