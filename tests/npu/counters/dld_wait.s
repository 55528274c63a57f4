# A load of N one-beat rows (dlen = VLEN, dstride = BEAT) and a vadd that reads
# its last row.
# The DRAM model accepts one beat per cycle at most and one per BEAT/BW cycles at
# its bandwidth, starting with a full token bucket: the k-th beat after the
# first is accepted D(k+1) = max(k, ceil(k * BEAT / BW) - 1) cycles after it, and
# its data comes back LAT cycles after acceptance.
# dld issues at cycle c = 5; its first request is accepted at the end of c + 1,
# its last (row N-1) at the end of c + 1 + D and delivered in cycle
# c + 1 + LAT + D, the last cycle the load engine is busy:
#   dma_load_busy = (c + 1 + LAT + D) - (c + 1) + 1 = LAT + 1 + D
# The vadd reads row N-1: it waits from c + 1 through that cycle (stall_dma
# LAT + 1 + D) and issues at c + 2 + LAT + D: LAT + 2 + D after the dld, the
# ISA document's dld_last figure. halt then waits VEC_LAT - 1 for the vadd
# (stall_drain) and issues at c + 4 + LAT + D: cycles = 10 + LAT + D
# + 1 for the first fetch.
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
dld [r0], a0, r2
vadd [r5], [r3], [r3]
halt
