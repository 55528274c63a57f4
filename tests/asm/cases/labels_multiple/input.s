a: b:   nop               # two labels on one instruction
c:
d:      addi r1, r0, d    # a label as an immediate: its instruction index
        addi r2, r0, a + b + c
        j d
_x.y$z: halt
