# branch targets written as absolute instruction indices (what disasm prints)
beq r1, r0, 3
j 0
loopi 2, 4
nop
bne r1, r2, -100
j 100000
halt
