// Two nested zero-overhead loops, and `loop` with a count of 0 (runs once).
        li r1, 3                      // pc 0
        loopi 4, end1                 // pc 1: outer, 4 iterations, body pcs 2..6
        addi r2, r2, 1                // pc 2
        loop r1, end2                 // pc 3: inner, r1 = 3 iterations, body pcs 4..5
        addi r3, r3, 1                // pc 4
        addi r4, r4, 2                // pc 5
end2:   addi r5, r5, 1                // pc 6
end1:   loop r0, end3                 // pc 7: count 0 = once
        addi r6, r6, 1                // pc 8
end3:   halt                          // pc 9
