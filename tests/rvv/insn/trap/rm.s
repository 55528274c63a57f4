# kc-rtl-only: the RTL implements RNE and RTZ only; QEMU implements every mode
# kc-expect: trapped illegal-instruction pc=0x00100000 info=0x00003053
# fadd.s with static rm = RUP (3): not implemented, traps (ISSUE12 "Rounding").
.include "kc_check.inc"
_start:
    fadd.s f0, f0, f0, rup
    PASS
