x:      addi r1, r0, 1
        j x
        halt
