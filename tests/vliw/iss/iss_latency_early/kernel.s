// Exposed latencies: a read before the result lands gets the old value.
        li r1, 3
        li r2, 4 ; mov r6, r1          // r1 (latency 1) visible here: r6 = 3
        mul r3, r1, r2                 // latency 2: visible from bundle 4
        li r7, 0x1234 ; mov r4, r3     // one bundle early: old r3 = 0
        st r7, [p0] ; mov r5, r3       // r7 visible (latency 1); r3 = 12 now
        ld r8, [p0]                    // bundle 5: load latency 3, visible from bundle 8
        mov r9, r8                     // bundle 6: old 0
        mov r10, r8                    // bundle 7: old 0 (one bundle early)
        mov r11, r8                    // bundle 8: 0x1234
        halt
