// tests/vliw/test_vliw_top.cpp t_latency (the RTL's own case), on the ISS.
        addi r9, r0, 5 ; mov r10, 7
        add r11, r9, r10
        mul r12, r9, r10
        add r13, r12, r0              // one bundle early: old r12 = 0
        add r14, r12, r0
        add r1, r1, r2
        halt
