// tests/vliw/test_vliw_top.cpp t_conflict, on the ISS: mul (latency 2) at bundle 1
// and addi (latency 1) at bundle 2 both write r3 at bundle 2's edge.
        addi r2, r0, 3
        mul r3, r2, r2
        .bundle 0x08600001, 0, 0, 0, 0, 0, 0xe4800009   // addi r3, r0, 1 ; mov r4, 9
        halt
