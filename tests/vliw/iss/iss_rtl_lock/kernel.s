// tests/vliw/test_vliw_top.cpp t_lock, on the ISS: tile 0 stores, then releases
// its lock 2; tile 1 acquires it through window 1 (west), then loads the word.
.tile 0
        addi r3, r0, 77 ; mov p0, 0x40
        nop
        nop
        nop
        nop
        nop
        st r3, [p0]
        rel 2, 1                      // bundle 7, cycle 8
        halt
.tile 1
        acq 0x12, 1 ; mov p1, 0x10040
        ld r5, [p1]
        nop
        nop
        halt
