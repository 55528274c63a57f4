# Fetch bubbles (ISA document, Timing, Fetch): fetch reads ahead the instruction
# that follows in sequence (pc + 1, or the loop start at a back edge). A control
# transfer anywhere else costs one bubble; one to the instruction fetch read
# anyway costs nothing, whatever the instruction.
#   (first fetch)                 1 bubble
#   li r4, 3                      1
#   jal r1, a                     1 + 1 bubble (a jump)
#   beq r0, r0, b                 1   taken, to the next instruction: no bubble
#   loopi 3, e                    1
#   3 x (addi, bne)               6   bne taken twice to s, the loop start fetch
#                                     read at the back edge: no bubble; not taken
#                                     the third time (the loop exits, no bubble)
#   loop r0, e2                   1 + 1 bubble (count 0: skips its body)
#   jal r1, sub                   1 + 1 bubble
#   jr r1                         1 + 1 bubble (back to halt)
#   halt                          1   -> 14 instructions, 5 bubbles: 19 cycles
        li r4, 3
        jal r1, a
        nop
a:      beq r0, r0, b
b:      loopi 3, e
s:      addi r2, r2, 1
        bne r2, r4, s
e:      loop r0, e2
        nop
e2:     jal r1, sub
        halt
sub:    jr r1
