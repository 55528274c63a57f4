    { nop
.nocheck
    }
