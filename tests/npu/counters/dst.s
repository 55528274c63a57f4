# A store of N one-beat rows, then halt. Stores are posted: the store engine is
# busy from the cycle after dst issues (c = 1) until DRAM accepts its last beat,
# at the end of c + 1 + D (D as in dld_wait.s: the beats after the first, one per
# cycle at most, one per BEAT/BW cycles at the bandwidth; no latency to wait for):
#   dma_store_busy = 1 + D
# halt waits for it (stall_drain 1 + D) and issues at c + 2 + D = 3 + D, which
# is the ISA document's halt_drain figure (2 + D after the dst): cycles 4 + D.
li r2, N
dst [r0], a0, r2
halt
