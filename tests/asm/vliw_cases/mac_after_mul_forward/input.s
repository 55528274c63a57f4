    vmul acc0, v0, v2
    vmsc acc0, v1, v3     // accumulates in the MAC pipe's last stage: sees the vmul (no warning)
    vmul acc1, v1, v2
    vmac acc1, v0, v3     // the same for vmac
    srs v12, acc0         // 3 after the vmsc: the OLD acc0 (warning)
    nop
    nop
    srs v13, acc1         // 4 after the vmac: fine
    halt
