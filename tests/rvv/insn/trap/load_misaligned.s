# kc-rtl-only: a trap stops the core (QEMU user mode emulates misaligned loads)
# kc-expect: trapped load-address-misaligned pc=0x00100008 info=0x00200002
.include "kc_check.inc"
_start:
    lui s0, 0x200
    addi s0, s0, 2
    lw s1, 0(s0)
    PASS
