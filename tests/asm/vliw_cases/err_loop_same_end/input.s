    loopi 2, e1
    loopi 3, e1
    nop
e1: halt
