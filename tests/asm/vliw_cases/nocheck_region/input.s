// a test kernel that wants the hardware's write-conflict trap and an old-value read
.nocheck
    add r1, r2, r3 ; mov r1, r4   // two writes of r1 landing together: the trap
    vld v0, [p0]
    vmov v1, v0                   // reads the old v0 on purpose
.check
    vld v2, [p0]
    vmov v3, v2                   // checked again: warns
    halt
