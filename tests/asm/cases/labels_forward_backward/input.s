top:                      // label alone on a line
        addi r1, r0, 3
again:  addi r1, r1, -1   // label and instruction on one line
        bne  r1, r0, again
        beq  r1, r0, fwd
        nop
fwd:    j    top
        halt
