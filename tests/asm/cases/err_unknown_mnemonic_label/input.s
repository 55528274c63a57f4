loop_top
        halt
