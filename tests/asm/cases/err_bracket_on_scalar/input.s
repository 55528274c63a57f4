        addi [r1], r0, 1
