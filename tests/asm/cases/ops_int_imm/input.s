# integer immediates at the edges of their ranges
addi r1, r0, -32768
addi r2, r1, 32767
andi r3, r2, 0xffff
ori  r4, r3, 0
xori r5, r4, 1
slli r6, r5, 31
srli r7, r6, 0
srai r8, r7, 17
slti r9, r8, -1
lui  r10, 0x3f80
halt
