.tile 1
    halt
.tile 1
    halt
