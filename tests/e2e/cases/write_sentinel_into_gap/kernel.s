# A correct ReLU for C1 (8 x 64) that also copies 16 elements of the guard gap
# before y onto themselves: the gap keeps its sentinel bytes, so only the DRAM
# write map can see the write. A write outside every tensor fails too.
    csrwi dlen, 512
    li r1, 1
    dld [r0], a0, r1
    li r2, 0
    loopi 32, done
    vmaxs [r2], [r2], f0
    addi r2, r2, 1
done:
    dst [r0], a1, r1
    movra r3, a1
    addi r3, r3, -64
    movar a2, r3
    csrwi dlen, 16
    li r4, 40
    dld [r4], a2, r1
    dst [r4], a2, r1
    halt
