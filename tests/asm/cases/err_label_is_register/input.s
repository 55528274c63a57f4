r1:     halt
