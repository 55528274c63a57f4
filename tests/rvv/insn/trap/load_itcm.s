# kc-rtl-only: a trap stops the core
# kc-expect: trapped load-access-fault pc=0x00100004 info=0x00100000
# The ITCM holds instructions only: a load from it faults.
.include "kc_check.inc"
_start:
    lui s0, 0x100
    lw s1, 0(s0)
    PASS
