# A dependent chain: each vadd reads the row the one before writes, so it issues
# VEC_LAT cycles after it (timing row vec_dep): VEC_LAT - 1 cycles of
# stall_vector per link, 3 links. vredsum reads the last row written (one more
# link, row vred_row); fadd reads the fp register vredsum writes, usable
# R = 2 log2(VLEN) + 1 cycles after it issues (row vred_fp): R - 1 more.
# stall_vector = 4 (VEC_LAT - 1) + R - 1.
# The fadd issues in the cycle the reduction's result is written back; halt
# waits for the fp pipeline to write fadd's result: FP_LAT - 1 cycles of
# stall_drain (row fp_dep).
# instret = 5 li + 4 vadd + vredsum + fadd + halt = 12; cycles = 12 + stalls + 1 (the first fetch).
# vector_busy: one cycle per vector instruction (its first stage), 5.
li r1, 80
li r2, 81
li r3, 82
li r4, 83
li r5, 84
vadd [r2], [r1], [r1]
vadd [r3], [r2], [r2]
vadd [r4], [r3], [r3]
vadd [r5], [r4], [r4]
vredsum f1, [r5]
fadd f2, f1, f1
halt
