        li r1, 3000                   // pc 0
        jr r1                         // pc 1: past PM_BUNDLES = 2048
        li r2, 2                      // pc 2: delay slot
        li r3, 3                      // pc 3: delay slot
        halt
