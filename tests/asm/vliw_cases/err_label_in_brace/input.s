    { vld v0, [p0]
inner:
      vmmac acc0, v0, v1 }
