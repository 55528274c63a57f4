        fli f1, 1.2.3
