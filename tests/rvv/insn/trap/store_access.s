# kc-rtl-only: a trap stops the core
# kc-expect: trapped store-access-fault pc=0x00100004 info=0x00000100
# A store outside ITCM/DTCM/DRAM.
.include "kc_check.inc"
_start:
    li s0, 0x100
    sw s0, 0(s0)
    PASS
