// SPMD part: every tile
    mov r9, tid
    halt
.tile 1
    mov r1, 1
L: bnez r1, L
    nop
    nop
    halt
