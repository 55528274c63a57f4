        addi r1, r0, N
.equ N, 1
