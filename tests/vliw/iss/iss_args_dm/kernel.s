// Arguments 9.. are words at DM offset DM_BYTES - 128 of every tile.
        mov p1, 0xff80
        nop
        ld r9, [p1] ; ld r10, [p1, 4]
        nop
        nop
        mov r11, r8
        halt
