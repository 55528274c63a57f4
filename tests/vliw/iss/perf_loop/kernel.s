// Simulation-speed probe (not a ctest): every tile runs 1000 x 500 full bundles.
        mov p0, 0x400
        mov p1, 0x800
        mov p2, 0xc00 ; addi r1, r0, 0x3f80
        vbcst v1, r1
        loopi 1000, done
        loopi 500, inner
        vld v2, [p0, 0] ; vld v3, [p1, 32] ; vst v4, [p2, 64] ; vmmac acc0, v1, v2 ; aadd acc1, acc2, acc3 ; srs v5, acc4
inner:  nop
done:   halt
