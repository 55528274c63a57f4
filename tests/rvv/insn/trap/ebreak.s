# kc-rtl-only: a trap stops the core (QEMU user mode would raise SIGTRAP)
# kc-expect: trapped breakpoint pc=0x00100008 info=0x00100008
.include "kc_check.inc"
_start:
    nop
    nop
    ebreak
    PASS
