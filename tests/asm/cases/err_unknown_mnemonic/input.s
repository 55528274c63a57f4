        addi r1, r0, 1
        vadss [r3], [r1], f2
        halt
