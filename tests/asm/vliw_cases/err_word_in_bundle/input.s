    .word 1
