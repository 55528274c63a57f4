    loopi 8, done
    vmmac acc0, v0, v1    // reads v0 loaded at the end of the previous iteration
    nop
    vld v0, [p0], 32      // lands 2 bundles into the next iteration
done:
    halt
