row_loop:
        nop
        bne r1, r0, row_lop
