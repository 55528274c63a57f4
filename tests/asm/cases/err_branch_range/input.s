        beq r1, r0, 9000
