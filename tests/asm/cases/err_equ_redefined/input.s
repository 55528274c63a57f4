.equ N, 1
.equ N, 2
