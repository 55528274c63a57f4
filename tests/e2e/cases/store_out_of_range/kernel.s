# Stores one row at 0x70000000, far past the end of the 64 MiB DRAM: the DMA
# instruction (pc 5) must trap with a dram-range cause.
    li r1, 1
    lui r2, 0x7000
    movar a2, r2
    csrwi dlen, 16
    nop
    dst [r0], a2, r1
    halt
