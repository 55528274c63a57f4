    { vld v0, [p0]
      ld r1, [p1, 4]
      vld v2, [p2], 32 }
