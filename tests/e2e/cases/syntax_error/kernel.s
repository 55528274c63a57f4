# A typo in a mnemonic: the assembler must report line 3, column 5.
    li r1, 1
    vaddd [r1], [r1], [r1]
    halt
