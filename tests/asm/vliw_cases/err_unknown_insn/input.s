    vldd v0, [p0]
