# li picks addi, lui, or lui+ori
li r1, 100          # addi
li r2, -1           # addi
li r3, 0xffffffff   # the same value: addi -1
li r4, 0x12340000   # lui only
li r5, 100000       # lui + ori
li r6, -100000      # lui + ori
li r7, 32768        # lui + ori (does not fit 16 signed bits)
li r8, target       # forward label: always lui + ori
target: halt
