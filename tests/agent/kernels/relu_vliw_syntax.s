// relu C1 (8 x 64 = 512 bf16) on vliw 2 x 2: tile t does elements [128 t, 128 t + 128)
// (256 bytes); r1 = x, r2 = y. DMA in -> lock 0 -> compute -> lock 1 -> DMA out.
    mov r9, tid
    slli r10, r9, 8 ; mov r11, 256            // byte offset of this tile's chunk; 256 bytes
    add r12, r1, r10 ; mov r13, 0x1000        // &x chunk; DM output buffer
    add r14, r2, r10 ; mov r15, 0x2001        // &y chunk; release own lock 0 by 1
    bd.set 0, dram, r12 ; mov r6, 0x2041      // BD0 in; acquire own lock 1 by 1
    bd.set 0, len0, r11 ; mov r7, 1
    bd.set 0, cnt1, r7
    bd.set 0, cnt2, r7
    bd.set 0, rel, r15
    dma.start 0, 0 ; mov p0, 0
    bd.set 1, dram, r14 ; mov p1, 0x1000
    bd.set 1, dm, r13
    bd.set 1, len0, r11
    bd.set 1, cnt1, r7
    bd.set 1, cnt2, r7
    bd.set 1, acq, r6
    dma.start 1, 1 ; abcst acc1, r0
    acq 0x00, 1
    loopi 8, done
    vld v16, [p0], 32
    nop
    nop
    ups acc0, v0
    nop
    amax acc0, acc0, acc1
    nop
    nop
    srs v1, acc0
    nop
    vst v1, [p1], 32
done:
    rel 0x01, 1
    dma.wait 1
    halt
