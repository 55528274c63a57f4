    vld v0, [p0]          // lands at bundle 3
    nop
    vmov v0, v1           // latency 1: also lands at bundle 3
