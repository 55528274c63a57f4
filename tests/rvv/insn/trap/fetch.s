# kc-rtl-only: a trap stops the core
# kc-expect: trapped instruction-access-fault pc=0x00200000 info=0x00200000
# A jump into the DTCM: instructions are fetched from the ITCM only.
.include "kc_check.inc"
_start:
    lui s0, 0x200
    jr s0
    PASS
