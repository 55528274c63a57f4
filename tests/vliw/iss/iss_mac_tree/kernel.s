// A vmmac lane's four products are summed as the tree (p0 + p1) + (p2 + p3),
// one fp32 RNE add per MAC stage (docs/vliw_timing.md "Latency"). Row 0 of A
// and column 0 of B are [4096, 1, 1, 1] (bf16): the products 2^24, 1, 1, 1
// sum to 2^24 + 2 by the tree; in order ((p0 + p1) + p2) + p3 every + 1 would
// round back to 2^24 (ties to even).
        mov r1, 0x4580                // b0: bf16 4096.0
        mov r2, 0x3f80                // b1: bf16 1.0
        vins v1, r1, 0                // b2: A row 0 = 4096, 1, 1, 1
        vins v1, r2, 1
        vins v1, r2, 2
        vins v1, r2, 3
        vins v2, r1, 0                // b6: B column 0 = 4096, 1, 1, 1
        vins v2, r2, 4
        vins v2, r2, 8
        vins v2, r2, 12
        vmmul acc0, v1, v2            // b10: lands at boundary 14
        nop
        nop
        nop
        aext r3, acc0, 0              // b14: 2^24 + 2 = 0x4b800001
        halt
