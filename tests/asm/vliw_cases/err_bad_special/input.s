    mov r1, tidd
