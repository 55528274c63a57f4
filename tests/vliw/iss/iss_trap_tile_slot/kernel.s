// Two traps in one cycle: tile 1 (dm-access, ST slot) and tile 3 (misaligned,
// L1 slot); the lowest tile is reported.
        nop
        nop
        nop
        halt
.tile 1
        mov p0, 0x30000               // window 3 (south): tile 1 is in row 0 -> none
        nop
        st r1, [p0]
        halt
.tile 3
        mov p2, 4
        nop
        vld v1, [p0] ; vld v2, [p2]   // vector load at offset 4: misaligned
        halt
