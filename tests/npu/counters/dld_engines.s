# Three loads of N one-beat rows into distinct rows from distinct buffers. Two
# load engines take loads in turn: the second dld issues at once (c + 1, c = 5),
# the third waits until the first engine is free (timing row dld_3rd: LAT + 2 + D
# after the first dld, D as in dld_wait.s). It is first tried at c + 2, so
#   stall_dma = LAT + 2 + D - 2 = LAT + D.
# The first two loads' requests form one stream of 2N beats (the older engine
# keeps the port until its last beat), so the second engine is still busy when the
# third load starts (its last beat, beat 2N-1, is accepted D(2N) >= D + 2 cycles
# after the first): some engine is busy from c + 1 without a break until the
# third load's last data. The third load's first request is accepted at the end
# of its issue cycle + 1 = c + LAT + 3 + D (the DRAM has been idle long enough to
# refill its token bucket), its last D cycles later, delivered LAT later:
#   last busy cycle = c + 2 LAT + 3 + 2 D,  dma_load_busy = 2 LAT + 3 + 2 D.
# halt (tried at c + LAT + 3 + D) waits for it: stall_drain = LAT + 1 + D, and
# issues at c + 2 LAT + 4 + 2 D: cycles = 2 LAT + 2 D + 10,
# + 1 for the first fetch.
# Landing: a dld beat is written into the vector SRAM LAND = VLEN/SFU_LANES + 5
# cycles after it arrives (npu_dma's landing line, so the core knows every DMA
# write before it issues an instruction that could collide with it). A row is
# usable, and the engine free, LAND cycles after the cycle its beat is delivered
# below: each figure that ends at a delivery is LAND more (the .expect adds it).
csrwi dlen, VLEN          # one-beat rows: VLEN elements,
csrwi dstride, 2 * VLEN   # one beat (BEAT = 2 VLEN bytes) apart
li r2, N
li r3, 100
li r4, 300
dld [r0], a0, r2
dld [r3], a1, r2
dld [r4], a2, r2
halt
