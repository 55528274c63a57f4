        add r1, f2, r3
