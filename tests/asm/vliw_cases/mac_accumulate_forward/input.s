    vmmac acc0, v0, v1
    vmmac acc0, v2, v3    // forwarded in the MAC pipe: no warning
    vmac acc0, v4, v5
    nop
    nop
    nop
    srs v6, acc0          // 4 after the last MAC: fine
    halt
