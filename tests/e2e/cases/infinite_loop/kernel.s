# Never halts: the harness must stop it at the cycle limit.
top:
    addi r1, r1, 1
    j top
