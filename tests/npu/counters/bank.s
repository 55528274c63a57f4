# Vector-SRAM bank conflicts (stall_bank). Row r is in bank r mod VBANKS; rows 80,
# 96 and 144 are all in bank 0 at every VBANKS (a power of two up to 16), rows 82
# and 83 in two other banks.
# The first vadd reads rows 80 and 144, two rows of one bank (one read port): it
# is ready at cycle 6, its second row is read that cycle (stall_bank 1) and it
# issues at 7 (timing row bank_read).
# vexp issues at t = 8 and writes its destination row 80 (bank 0) one lane group
# at a time at the edges ending t + 5 .. t + 4 + G, G = VLEN/SFU_LANES. The last
# vadd (ready at t + 2) writes row 96, also bank 0, at the edge 3 cycles after its
# issue: it waits while that edge is one of the SFU's, t + 2 .. t + 1 + G
# (stall_bank G, timing row bank_sfu), and issues at t + 2 + G = 10 + G.
# halt waits VEC_LAT - 1 for it (stall_drain) and issues at 14 + G:
# cycles = 14 + G + 1 (the first fetch); stall_bank = 1 + G.
# vector_busy: the two vadds' first stages (cycles 8 and 11 + G) and the SFU busy
# from t + 1 to t + 4 + G (G + 4 cycles, the second vadd's inside): G + 5.
li r1, 80
li r2, 144
li r3, 82
li r4, 96
li r5, 83
vadd [r3], [r1], [r2]
vexp [r1], [r5]
nop
vadd [r4], [r5], [r5]
halt
