# N independent vector instructions: none reads a row another one is writing
# (they all write row 81 and read row 80; only reads are interlocked), so they
# issue one per cycle (timing row vec_indep) at cycles 2..N+1.
# vector_busy counts the cycles the vector unit's first stage holds an
# operation: one cycle per vector instruction, the cycle after its issue -> N.
# halt waits until every unit has drained (row halt_drain): the last vadd is in
# its three stages in cycles N+2 .. N+4 (its row is written at the end of N+4),
# so halt waits VEC_LAT - 1 = 3 cycles and issues at N+5:
# cycles = N + 3 + VEC_LAT - 1 + 1 (the first fetch), instret = 2 + N + 1.
li r1, 80
li r2, 81
vadd [r2], [r1], [r1]
vadd [r2], [r1], [r1]
vadd [r2], [r1], [r1]
vadd [r2], [r1], [r1]
vadd [r2], [r1], [r1]
vadd [r2], [r1], [r1]
vadd [r2], [r1], [r1]
vadd [r2], [r1], [r1]
halt
