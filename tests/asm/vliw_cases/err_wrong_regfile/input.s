    vmmac acc0, v0, acc1
