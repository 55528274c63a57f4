# DMA and configuration registers (by name and by numeric id)
csrwi dlen, 64
csrwi dstride, 16383
csrw  vmask, r3
csrr  r4, cycle
csrr  r5, 3
dld   [r1], a0, r2
dst   [r3], a7, r2
halt
