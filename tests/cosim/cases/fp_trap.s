# Scalar fp results land after a trap: fadd, fexp and ffma retire, then the
# next instruction traps (precise: they are architectural); their F writes
# come FP_LAT / SFU_LAT cycles after issue, while the core is stopped.
# Expected (ISS): f2 = 3.0, f3 = exp(1.5), f4 = 1.5 * 1.5 + 1.5.
        fli    f1, 1.5
        fadd   f2, f1, f1
        fexp   f3, f1
        fadd   f4, f1, f0
        ffma   f4, f1, f1
        .word  0x00000000          # illegal: traps with every result in flight
