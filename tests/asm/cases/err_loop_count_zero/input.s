        loopi 0, end
        nop
end:    halt
