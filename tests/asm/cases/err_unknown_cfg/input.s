        csrwi dlne, 4
