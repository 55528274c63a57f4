    vmmac acc0, v0, v1    // lands at bundle 4
    nop
    nop
    amov acc0, acc1       // lands at bundle 4 too
