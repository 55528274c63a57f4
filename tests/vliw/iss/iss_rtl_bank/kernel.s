// tests/vliw/test_vliw_top.cpp t_bank, on the ISS.
.tile 0
        mov p0, 0
        vld v1, [p0, 0] ; vld v2, [p0, 256]   // banks 0, 0
        vld v3, [p0, 0] ; vld v4, [p0, 32]    // banks 0, 1
        halt
.tile 1
        halt
