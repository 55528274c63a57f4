# An all-zero word is not an instruction: trap at pc 2 with the word as info.
    li r1, 1
    nop
    .word 0
    halt
