.equ N, 768
.equ ROWB, 2 * 16
.set K, 5
.set K, K + 1          # .set may be redefined
addi r1, r0, N / 16 - 1
addi r2, r0, -(1 << 15)
addi r3, r0, 0b1010 | 0x30
addi r4, r0, (N >> 4) & 0xff ^ 1
addi r5, r0, 7 % 4 * 3 + -2
addi r6, r0, ~0
addi r7, r0, K
addai a0, a0, ROWB * (1 + 2)
halt
