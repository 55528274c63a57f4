.equ Z, 0
        addi r1, r0, 4 / Z
