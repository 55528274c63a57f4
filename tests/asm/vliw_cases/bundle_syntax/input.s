// one bundle per line, ';' between slots, { } over lines, // comments, '#' immediates
    .equ STEP, 32
top:
    mov r9, tid ; addi r2, r0, #4          // S and MV
    mov p0, 0x100
    { vld v0, [p0], STEP                    // L0
      vld v1, [p0, #64]                     // L1
      vst v2, [p1], m0 ; vmmac acc0, v2, v3 }
    {}
    nop
    .bundle 0, 0, 0x80000000, 0, 0, 0, 0    // a load in L1 only: not canonical text
    bnez r2, top
    nop
    nop
    halt
