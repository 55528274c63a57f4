top:
    beqz r1, top
    bnez r2, top          // in the delay slot of the beqz
    nop
    nop
    loopi 4, end
    nop
    nop
    j top                 // in the last 2 bundles of the loop body
end:
    nop
    nop
    halt
