// vmmac back to back into one accumulator (forwarded in the MAC pipe); srs reads
// of the accumulator before, at and after the results land.
        mov r1, 0x3f80                // pc 0: bf16 1.0
        vbcst v1, r1                  // pc 1: all lanes 1.0 (latency 1)
        vmmac acc0, v1, v1            // pc 2: C += A x B = 4.0 per lane, lands at bundle 6
        vmmac acc0, v1, v1            // pc 3: accumulates onto the in-flight 4.0: 8.0 at bundle 7
        nop
        srs v2, acc0                  // pc 5: acc0 still 0
        srs v3, acc0                  // pc 6: 4.0
        srs v4, acc0                  // pc 7: 8.0 (lands after halt: drained)
        halt
