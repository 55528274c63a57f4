        vexp [r2], [r1], [r3]
