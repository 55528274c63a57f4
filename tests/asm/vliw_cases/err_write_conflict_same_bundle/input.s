    add r1, r2, r3 ; mov r1, r4
