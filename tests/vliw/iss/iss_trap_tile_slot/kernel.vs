# Two traps in one cycle: tile 1 (dm-access, ST slot) and tile 3 (misaligned,
# L1 slot); the lowest tile is reported.
.all
        nop
        nop
        nop
        halt
.tile 1
        li r1, 0x30000                # window 3 (south): tile 1 is in row 0 -> none
        mvpr p0, r1
        sw r1, p0, m0
        halt
.tile 3
        li r1, 4
        mvpr p2, r1
        vld v1, p0, m0 ; vld v2, p2, m0   # vector load at offset 4: misaligned
        halt
