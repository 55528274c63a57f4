# A counted branch loop and a hardware loop: taken branches cost nothing extra
# (timing row branch) and a hardware loop has no per-iteration cost (row loop),
# so cycles = instructions issued, with no stall of any kind:
#   addi                        1
#   5 x (addi, bne)            10   (bne taken 4 times, falls through once)
#   loopi                       1
#   10 x addi                  10
#   halt                        1   -> 23 instructions in 23 cycles
addi r1, r0, 5
l:  addi r1, r1, -1
    bne r1, r0, l
loopi 10, e
    addi r2, r2, 1
e:  halt
