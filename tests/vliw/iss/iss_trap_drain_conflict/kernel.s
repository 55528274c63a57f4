// Two results of acc1 land at one boundary AFTER the halt: the draining pipes
// trap (raw bundles: the assembler refuses the conflict).
        .bundle 0, 0, 0, 0, 0xb0200804, 0, 0   // vmul acc1, v0, v1: latency 4, boundary 4
        .bundle 0, 0, 0, 0, 0, 0xc0221800, 0   // aadd acc1, acc2, acc3: latency 3, boundary 4
        halt                                   // bundle 2
