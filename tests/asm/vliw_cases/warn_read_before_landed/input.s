    vld v0, [p0]
    vmov v1, v0           // 1 bundle later: old v0
    mul r3, r4, r5
    add r6, r3, r0        // 1 bundle later: old r3
    add r7, r3, r0        // 2 later: fine
    nop
    vmov v2, v0           // 3 later: fine
    halt
