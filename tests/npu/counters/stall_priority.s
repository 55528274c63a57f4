# One cycle with two reasons to wait counts under one stall counter, the first of
# stall_vector, stall_dma, stall_matrix, stall_drain.
# dld (c = 6) loads N one-beat rows; vredsum (c + 1) sums row 80 into f1; vmuls (tried at
# c + 2) needs f1, usable R = 2 log2(VLEN) + 1 cycles after the reduction's issue
# (a vector reason, timing row vred_fp), AND reads row N-1, which the load fills
# last (a DMA reason). In cycles c + 2 .. c + R both hold: they count as stall_vector
# (R - 1). From c + R + 1 on only the load holds it, through the cycle row N-1 arrives,
# c + 1 + LAT + D (D as in dld_wait.s; later than c + R at both DRAM configurations):
# stall_dma = LAT + D - R + 1.
# vmuls issues at c + 2 + LAT + D; halt waits VEC_LAT - 1 for it and issues at
# c + 4 + LAT + D: cycles = 11 + LAT + D (+ 1 for the first fetch). The load is busy from c + 1 to its last
# beat's cycle: LAT + 1 + D. Two vector instructions: vector_busy 2.
# Landing: a dld beat is written into the vector SRAM LAND = VLEN/SFU_LANES + 5
# cycles after it arrives (npu_dma's landing line, so the core knows every DMA
# write before it issues an instruction that could collide with it). A row is
# usable, and the engine free, LAND cycles after the cycle its beat is delivered
# below: each figure that ends at a delivery is LAND more (the .expect adds it).
csrwi dlen, VLEN          # one-beat rows: VLEN elements,
csrwi dstride, 2 * VLEN   # one beat (BEAT = 2 VLEN bytes) apart
li r2, N
li r3, N - 1
li r5, 200
li r6, 80
dld [r0], a0, r2
vredsum f1, [r6]
vmuls [r5], [r3], f1
halt
