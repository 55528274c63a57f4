    nop
    add r1, r2, r3 ; vld v0, [p0] ; sub r4, r5, r6
