        andi r1, r2, -1
