    li r5, 100000 ; vld v0, [p0]
