# cosim regression case: kc cosim --random --seed 100 --count 1
# at the end of the run: f5: expected (ISS) 0x7f800000, actual (RTL) 0x00000000
# cosim: dram-seed=100 dram-bytes=262144 latency=1 bw=4 args=0x77d6,0x6e8e,0x9e36,0x626e,0x759c,0x67d4,0x6522,0x6628
# kc_rgen program, seed 100 (ends in a trap)
    csrwi dlen, 16
    csrwi dstride, 32
    li r10, 224
    dld [r0], a0, r10
    csrwi dlen, 45
    csrwi dstride, 58
    li r10, 2
    li r1, 18
    li r2, 17
    li r3, 71
    li r4, 82
    fli f0, 42.315
    fli f15, 13.494
    li r12, 0x807fffff
    fmvif f15, r12
    flui f5, 0xc105
    flli f5, 0x3fd4
    vredmax f6, [r3]
    fmvfi r6, f6
    vmax [r2], [r1], [r1]
    vbcast [r2], f2
    addi r2, r2, 1
    vexp [r1], [r2]
    vmacs [r2], [r4], f12
    vexp [r3], [r3]
    vmax [r3], [r2], [r4]
    li r13, 1
L0:
    vadds [r2], [r2], f7
    addi r13, r13, -1
    bne r13, r0, L0
    nop
    sub r14, r2, r1
    slti r9, r8, -11510
    lui r5, 0x16e0
    nop
    li r13, 3
L1:
    li r0, -627286345
    addi r9, r8, -23971
    lui r8, 0xf989
    addi r13, r13, -1
    bne r13, r0, L1
    nop
    vbcast [r2], f13
    loopi 2, E2
    li r11, 1
    loop r11, E3
    li r13, 3
L4:
    adda a5, a7, r4
    addi r13, r13, -1
    bne r13, r0, L4
    nop
E3:
    vredsum f8, [r1]
    ffma f8, f12, f8
    vmul [r4], [r3], [r1]
    vmin [r1], [r4], [r4]
    dld [r3], a1, r10
    vadd [r2], [r3], [r2]
E2:
    li r13, 3
L5:
    nop
    addi r13, r13, -1
    bne r13, r0, L5
    nop
    li r14, 673912032
    add r6, r1, r7
    ori r14, r4, 0x6605
    nop
    csrwi dstride, 170
    li r10, 3
    dld [r2], a0, r10
    vredsum f1, [r2]
    bge r15, r9, L6
    vbcast [r1], f3
    nop
L6:
    j L6j
L6j:
    andi r8, r12, 0x1f
    addi r9, r15, -1267
    sub r8, r6, r13
    csrwi dlen, 27
    li r10, 3
    dld [r4], a1, r10
    vadd [r3], [r4], [r3]
    loopi 1, E7
    li r10, 3
    dld [r4], a0, r10
    vadd [r2], [r4], [r2]
E7:
    li r12, 33138
    movar a0, r12
    dst [r1], a0, r10
    vredsum f5, [r1]
    addai a5, a3, -6503
    loopi 2, E8
    vbcast [r4], f1
    vrecip [r1], [r3]
    fmax f12, f9, f4
    flui f6, 0xc2b2
    frsqrt f12, f9
E8:
    csrwi vmask, 12
    nop
    vmul [r2], [r2], [r3]
    addi r3, r3, 1
    vmax [r3], [r4], [r1]
    fexp f0, f13
    fadd f4, f10, f1
    flui f7, 0x3cc7
    flli f7, 0x7301
    li r15, L9
    jr r15
    vbcast [r4], f8
    vmul [r2], [r4], [r2]
    vmuls [r4], [r1], f14
L9:
    j L9j
L9j:
    lui r8, 0xf08e
    li r8, 198148382
    slli r5, r12, 24
    csrwi dlen, 12
    xor r5, r12, r10
    addi r14, r8, -13467
    srli r6, r5, 24
    slli r14, r6, 23
    li r3, 10
    li r13, 2
L10:
    slti r14, r14, -29009
    addi r13, r13, -1
    bne r13, r0, L10
    nop
    vredmax f8, [r1]
    fadd f3, f8, f13
    movra r9, a6
    li r4, 94
    vsub [r1], [r1], [r2]
    addi r3, r3, 1
    vmins [r2], [r4], f3
    vbcast [r2], f5
    addi r1, r1, 1
    li r12, 2
    csrw dlen, r12
    sra r14, r5, r4
    slt r14, r9, r1
    vadd [r3], [r3], [r2]
    li r11, 3
    loop r11, E11
    beq r9, r1, L12
    nop
L12:
    j L12j
L12j:
    lui r6, 0xc8d8
    slt r14, r9, r1
E11:
    bne r11, r0, L13
    li r12, 26316
    movar a1, r12
    li r10, 1
    dst [r4], a1, r10
L13:
    j L13j
L13j:
    and r8, r5, r5
    andi r9, r0, 0x502b
    slti r6, r6, 15487
    jal r15, L14
    csrwi dlen, 8
    vredsum f3, [r3]
    fadd f0, f3, f10
    nop
L14:
    j L14j
L14j:
    ori r9, r0, 0x280e
    sltu r5, r5, r9
    blt r1, r14, L15
    srai r6, r13, 12
    li r6, 1281138759
    sub r14, r1, r4
    xori r8, r1, 0x10d
    fadd f3, f10, f11
    frsqrt f1, f0
    fmvfi r9, f3
    fmvif f5, r7
L15:
    j L15j
L15j:
    srai r7, r1, 24
    xori r6, r15, 0xde9a
    andi r9, r12, 0x5b33
    li r2, 80
    vredsum f5, [r3]
    .word 0x02ef86f1
