# Hardware loops: nesting, a shared end label, a register count of 0 (not at a
# shared end), a loop right after another, the loop end as a branch target's
# neighbour.
# cosim: args=0x1000
        li     r1, 0
        li     r3, 0
        loopi  3, a_end
        loopi  4, a_end             # shares the end with the outer loop
        addi   r1, r1, 1
a_end:  li     r2, 2
        loop   r2, b_end
        loop   r3, c_end            # count 0: skipped
        addi   r1, r1, 100
c_end:  addi   r1, r1, 1000
b_end:  beq    r1, r0, bad
        loopi  2, d_end
        addi   r1, r1, 7
        bne    r1, r0, d_in         # forward branch inside the body
        addi   r1, r1, 9999
d_in:   nop
d_end:  halt
bad:    .word  0
