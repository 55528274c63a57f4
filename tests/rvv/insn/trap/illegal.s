# kc-rtl-only: a trap stops the core (QEMU user mode would raise SIGILL)
# kc-expect: trapped illegal-instruction pc=0x00100004 info=0x0000000b
# An unimplemented opcode (custom-0): the report carries the instruction word.
.include "kc_check.inc"
_start:
    nop
    .word 0x0000000b
    PASS
