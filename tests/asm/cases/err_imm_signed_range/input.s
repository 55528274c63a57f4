        addi r1, r0, 40000
