        dld [r1], a8, r2
