// tests/vliw/test_vliw_top.cpp t_loop, on the ISS (raw loop bundles: the inner
// loop ends on the outer body's last bundle, which the assembler refuses).
        loopi 5, 2
        addi r2, r2, 1
        addi r3, r0, 3
        .bundle 0x4c030007, 0, 0, 0, 0, 0, 0   // loop r3, 7
        .bundle 0x50040006, 0, 0, 0, 0, 0, 0   // loopi 4, 6
        addi r4, r4, 1
        addi r5, r5, 1
        halt
