        dld [r1], a16, r2
