    vld v0, [p0], 32 ; vld v1, [p0], 32
