// BR_DELAY = 2: the two bundles after a taken branch always execute; a jump in
// a delay slot takes effect BR_DELAY + 1 bundles after itself.
        li r1, 1                      // pc 0
        beq r0, r0, target            // pc 1: taken
        li r2, 2                      // pc 2: delay slot 1
        li r3, 3                      // pc 3: delay slot 2
        li r4, 4                      // pc 4: skipped
        halt                          // pc 5: skipped
target: li r5, 5                      // pc 6
        j l2                          // pc 7
        j l3                          // pc 8: delay slot 1 of `j l2`
        li r6, 6                      // pc 9: delay slot 2 of `j l2`, 1 of `j l3`
        li r9, 9                      // pc 10: skipped
l2:     li r7, 7                      // pc 11: delay slot 2 of `j l3`
        li r10, 10                    // pc 12: skipped
l3:     li r8, 8                      // pc 13
        bne r0, r0, target            // pc 14: not taken
        halt                          // pc 15
