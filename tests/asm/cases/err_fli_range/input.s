        fli f1, 1e39
