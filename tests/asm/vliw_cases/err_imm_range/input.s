    addi r1, r1, 40000
