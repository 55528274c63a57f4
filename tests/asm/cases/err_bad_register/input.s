        add r1, r16, r2
