# halt waits for a reduction's fp write-back as well as for the vector pipeline:
# vredsum issues at cycle 1, is in the second stage at 2 and writes f1 at 3
# (VEC_LAT cycles after issue, timing row vred_fp), so halt (first tried at 2)
# waits VEC_LAT = 2 cycles and issues at 4: cycles 5 + 1 (the first fetch), instret 3, vector_busy 1.
li r1, 80
vredsum f1, [r1]
halt
