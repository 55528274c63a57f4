# cosim regression case: kc cosim --random --seed 1019 --count 1
# first divergence after pc 120 `loop r11, 129` (0x2c2c0009): pc: expected (ISS) 0x00000077, actual (RTL) 0x00000081
# cosim: dram-seed=1019 dram-bytes=262144 latency=64 bw=64 args=0x6082,0x92a0,0x948c,0x9918,0x8ab2,0x6214,0x9e60,0x6b0a
# kc_rgen program, seed 1019 (ends with halt)
    csrwi dlen, 16
    csrwi dstride, 32
    li r10, 224
    dld [r0], a0, r10
    csrwi dlen, 7
    csrwi dstride, 62
    li r10, 3
    li r1, 31
    li r2, 90
    li r3, 63
    li r4, 73
    flui f14, 0xc325
    flli f14, 0x5143
    li r12, 0xbd0e6014
    fmvif f13, r12
    flui f2, 0x80
    flui f0, 0x3c21
    flli f0, 0xc899
    beq r11, r0, L0
    sra r5, r12, r0
L0:
    j L0j
L0j:
    li r14, -52985793
    sll r8, r0, r9
    mul r7, r1, r2
    li r11, 1
    loop r11, E1
    add r6, r5, r0
    li r6, 742324691
    loopi 3, E2
    vmax [r4], [r4], [r1]
    addi r4, r4, 1
    vrsqrt [r2], [r3]
    addai a4, a6, 16232
    li r12, 36470
    movar a0, r12
    li r10, 4
    dld [r1], a0, r10
    addai a0, a0, 64
E2:
    nop
    nop
E1:
    nop
    nop
    vbcast [r4], f4
    vmuls [r4], [r3], f0
    bne r10, r0, L3
    fmvfi r7, f1
    fcvtif f12, r8
    addai a5, a5, 9689
L3:
    j L3j
L3j:
    li r14, 1761149536
    ori r5, r5, 0x5ca2
    nop
    xori r14, r2, 0x840c
    li r8, 1050518097
    slli r5, r7, 30
    fmvif f2, r2
    flui f3, 0x41da
    flli f3, 0xed94
    fmvfi r5, f0
    nop
    vmax [r2], [r2], [r3]
    vbcast [r1], f4
    bltu r1, r6, L4
    fmul f7, f12, f5
    fsub f12, f3, f13
    vredsum f14, [r3]
    fadd f9, f14, f13
L4:
    j L4j
L4j:
    lui r0, 0x61f3
    flui f7, 0x4284
    flli f7, 0xef1e
    vexp [r4], [r1]
    vsubs [r1], [r2], f15
    addi r1, r1, 1
    vmul [r3], [r3], [r1]
    addi r4, r4, 1
    csrwi dlen, 40
    dst [r4], a0, r10
    add r8, r13, r6
    sra r9, r8, r13
    sub r14, r5, r13
    srli r6, r7, 11
    li r11, 0
    loop r11, E5
    li r13, 1
L6:
    csrwi dlen, 43
    dld [r1], a0, r10
    vadd [r4], [r1], [r4]
    addi r13, r13, -1
    bne r13, r0, L6
    nop
    li r11, 1
    loop r11, E7
    movar a6, r15
    li r12, 33512
    movar a0, r12
    dld [r4], a0, r10
    vredsum f7, [r4]
    vsub [r2], [r3], [r2]
    vbcast [r1], f3
    addi r2, r2, 1
    vsub [r2], [r1], [r4]
    vadd [r3], [r1], [r1]
E7:
E5:
    movra r5, a6
    csrwi vmask, 4
    vmul [r4], [r3], [r1]
    vmax [r3], [r1], [r3]
    addi r4, r4, 1
    vsubs [r2], [r2], f7
    vmax [r2], [r2], [r4]
    li r11, 2
    loop r11, E8
    li r11, 0
    loop r11, E8
    vsubs [r4], [r2], f1
    addi r3, r3, 1
    vmaxs [r1], [r4], f3
    vmin [r2], [r1], [r3]
    vmax [r4], [r2], [r2]
    addai a7, a1, -25075
    nop
    nop
E8:
    vbcast [r2], f15
    vmin [r1], [r1], [r1]
    addi r2, r2, 1
    csrwi dstride, 202
    ffma f2, f10, f10
    fmvfi r8, f10
    fmvfi r6, f1
    vbcast [r1], f8
    vbcast [r2], f6
    li r12, 30326
    movar a1, r12
    csrr r7, vmask
    dld [r3], a1, r10
    dst [r1], a1, r10
    li r2, 9
    nop
    nop
    movra r0, a0
    loopi 4, E10
    csrr r7, cycle
E10:
    addai a5, a0, 3086
    vsub [r2], [r1], [r4]
    vmax [r3], [r2], [r3]
    vadd [r2], [r4], [r2]
    nop
    nop
    vrecip [r4], [r3]
    addi r3, r3, 1
    vrsqrt [r2], [r2]
    fadd f13, f14, f2
    fsub f12, f11, f11
    halt
