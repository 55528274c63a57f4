start:  nop
start:  halt
