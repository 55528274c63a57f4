    nop
    { vld v0, [p0]
      vmmac acc0, v0, v1
