# A counted branch loop and a hardware loop. A taken branch costs one fetch bubble
# (timing row branch_taken: fetch had read the instruction after the branch); a
# hardware loop has no per-iteration cost (row loop: fetch reads the body's start
# ahead at the back edge), nor does its exit. Plus the run's first fetch:
#   (first fetch)               1 bubble
#   addi                        1
#   5 x (addi, bne)            10   (bne taken 4 times: 4 bubbles; falls through once)
#   loopi                       1
#   10 x addi                  10
#   halt                        1   -> 23 instructions, 5 bubbles: 28 cycles, no stall
addi r1, r0, 5
l:  addi r1, r1, -1
    bne r1, r0, l
loopi 10, e
    addi r2, r2, 1
e:  halt
