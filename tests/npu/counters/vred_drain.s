# halt waits for a reduction's fp write-back as well as for the vector pipeline:
# vredsum issues at cycle 1, runs down the tree in cycles 2 .. R (R = 2 log2(VLEN) + 1,
# timing row vred_fp), its result in the fp write-back register in cycle R + 1 and
# written to f1 at its end, so halt (first tried at 2) waits R cycles and issues
# at R + 2: cycles R + 3 + 1 (the first fetch), instret 3, vector_busy 1.
li r1, 80
vredsum f1, [r1]
halt
