    loopi 2, e1
    loopi 2, e2
    loopi 2, e3
    nop
e3: nop
e2: nop
e1: halt
