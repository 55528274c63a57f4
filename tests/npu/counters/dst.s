# A store of N one-beat rows (dlen = VLEN, dstride = BEAT), then halt. Stores are posted: the store engine is
# busy from the cycle after dst issues (c = 3) until DRAM accepts its last beat,
# at the end of c + 1 + D (D as in dld_wait.s: the beats after the first, one per
# cycle at most, one per BEAT/BW cycles at the bandwidth; no latency to wait for):
#   dma_store_busy = 1 + D
# halt waits for it (stall_drain 1 + D) and issues at c + 2 + D = 5 + D, which
# is the ISA document's halt_drain figure (2 + D after the dst): cycles 6 + D + 1 (the first fetch).
csrwi dlen, VLEN          # one-beat rows: VLEN elements,
csrwi dstride, 2 * VLEN   # one beat (BEAT = 2 VLEN bytes) apart
li r2, N
dst [r0], a0, r2
halt
