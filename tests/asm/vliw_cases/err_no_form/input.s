    vld v0, r1
