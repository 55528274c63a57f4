// Own conflict (L0 and L1 in one bank) and a neighbour's store to that bank.
.tile 0
        li r1, 0x100                  // offset 0x100: line 8, bank 0
        mov p1, r1
        vld v1, [p0] ; vld v2, [p1]   // both bank 0 of module 0: L0 cycle 2, L1 cycle 3
        halt
.tile 1
        mov p0, 0x10200               // window 1 (west = tile 0), offset 0x200: bank 0
        li r3, 0x55
        st r3, [p0]                   // module 0 bank 0: after the owner's L0, L1
        halt
