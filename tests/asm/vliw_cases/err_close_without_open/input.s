    vld v0, [p0] }
