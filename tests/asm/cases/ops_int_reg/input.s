# every three-register integer ALU row
add  r1, r2, r3
sub  r4, r5, r6
mul  r7, r8, r9
and  r10, r11, r12
or   r13, r14, r15
xor  r0, r1, r2
sll  r3, r4, r5
srl  r6, r7, r8
sra  r9, r10, r11
slt  r12, r13, r14
sltu r15, r0, r1
halt
