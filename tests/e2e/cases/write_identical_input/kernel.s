# A correct ReLU for C1 (8 x 64) that also stores x back into x, unchanged: the
# bytes never differ from the input, so only the DRAM write map can see it. Any
# write into an input fails, whatever the value.
    csrwi dlen, 512
    li r1, 1
    dld [r0], a0, r1
    dst [r0], a0, r1
    li r2, 0
    loopi 32, done
    vmaxs [r2], [r2], f0
    addi r2, r2, 1
done:
    dst [r0], a1, r1
    halt
