# A store and a load of N one-beat rows each, issued back to back (c = 6, c + 1),
# different DRAM buffers and SRAM rows, then a vadd reading the load's last row.
# They share the one DRAM port beat by beat: the store's first beat goes alone
# at the end of c + 1, then store and load alternate (the load's first request is
# at c + 2), so the 2N beats form one stream: the store has slots 0, 2, .., 2N-2,
# the load slots 1, 3, .., 2N-1, slot s accepted D(s + 1) cycles after slot 0
# (D(n) = max(n - 1, ceil((n - 1) * BEAT / BW) - 1), as in dld_wait.s).
#   dma_store_busy: c + 1 .. c + 1 + D(2N - 1)    = 1 + D(2N - 1)  (longer than alone)
#   dma_load_busy:  c + 2 .. c + 1 + D(2N) + LAT  = LAT + D(2N)
# The vadd (tried at c + 2) waits for the load's last row through its last busy
# cycle: stall_dma = LAT + D(2N), and issues at c + 2 + LAT + D(2N), the ISA
# document's dst_share figure (LAT + 2 + D(2N) after the dst). halt then waits
# VEC_LAT - 1 for the vadd: cycles = c + 4 + LAT + D(2N) + VEC_LAT - 1, + 1 for the
# first fetch.
# Landing: a dld beat is written into the vector SRAM LAND = VLEN/SFU_LANES + 5
# cycles after it arrives (npu_dma's landing line, so the core knows every DMA
# write before it issues an instruction that could collide with it). A row is
# usable, and the engine free, LAND cycles after the cycle its beat is delivered
# below: each figure that ends at a delivery is LAND more (the .expect adds it).
csrwi dlen, VLEN          # one-beat rows: VLEN elements,
csrwi dstride, 2 * VLEN   # one beat (BEAT = 2 VLEN bytes) apart
li r2, N
li r3, 100
li r4, 100 + N - 1
li r5, 200
dst [r0], a1, r2
dld [r3], a0, r2
vadd [r5], [r4], [r4]
halt
