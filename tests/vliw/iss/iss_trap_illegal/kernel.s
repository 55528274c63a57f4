// A slot word of another slot's class: `add r1, r2, r3` (an S row) in the MAC slot.
        nop
        .bundle 0, 0, 0, 0, 0x04221800, 0, 0
        halt
