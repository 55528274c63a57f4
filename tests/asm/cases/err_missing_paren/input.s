        addi r1, r0, (2 + 3
