// tests/vliw/test_vliw_top.cpp t_branch, on the ISS.
        j 5
        addi r2, r2, 1                // delay slot 1
        addi r3, r3, 1                // delay slot 2
        addi r4, r4, 1                // skipped
        addi r4, r4, 1                // skipped
        beq r0, r0, 9                 // 5: taken
        addi r5, r5, 1
        jal r7, 11                    // 7: a jump in beq's second delay slot
        addi r6, r6, 1                // skipped by the beq
        addi r6, r6, 10               // 9: beq target
        addi r6, r6, 100              // 10: jal's delay slots are 9 and 10
        addi r8, r8, 1                // 11: jal target
        halt
