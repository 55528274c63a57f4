    loopi 4, end
end:
    halt
