        vadd r3, [r1], [r2]
