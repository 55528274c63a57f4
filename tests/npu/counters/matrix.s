# The matrix unit alone (its SRAM and the A rows hold whatever reset left: the
# counts do not depend on the values): load weight buffer 0, two mmacs on it,
# store the result rows.
# mldb issues at m = 3; the loader copies one row per cycle, busy m + 1 ..
# m + VLEN, and the first mmac uses buffer 0: it waits VLEN cycles (timing row
# mldb_mmac: VLEN + 1 after the mldb) and issues at a = m + VLEN + 1.
# The second mmac streams behind it: it issues on the first one's last feed step,
# VLEN cycles later (row mmac_mmac), after VLEN - 1 cycles of waiting.
# mst waits until the array has drained: 2 VLEN + mrows + 1 cycles after the last
# mmac (row mmac_mst, mrows = MLEN here), so it waits 2 VLEN + MLEN.
#   stall_matrix = VLEN + (VLEN - 1) + (2 VLEN + MLEN) = 4 VLEN + MLEN - 1
# matrix_busy counts the cycles the array has anything in flight: from the cycle
# after the first mmac to the cycle before mst can issue,
#   (a + VLEN + 2 VLEN + MLEN) - (a + 1) + 1 = 3 VLEN + MLEN.
# halt issues right after mst (the array and the loader are idle): mst at
# a + VLEN + 2 VLEN + MLEN + 1 = 4 VLEN + MLEN + 5, halt one later: cycles
# 4 VLEN + MLEN + 7 (+ 1 for the first fetch), instret 8.
csrwi mrows, MLEN
li r4, 64
li r5, 600
mldb 0, [r0]
mmac 0, [r4]
mmac 0, [r4]
mst [r5]
halt
