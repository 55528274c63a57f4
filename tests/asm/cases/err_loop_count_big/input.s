        loopi 1024, end
        nop
end:    halt
