# elf_tiny.s — a tiny riscv32 program for the ELF reader's test (test_elf.c):
# text at 0x1000 (entry _start), initialised data at 0x2000, bss after it.
    .text
    .globl _start
_start:
    li a1, 5                 # addi a1, zero, 5 = 0x00500593: the test reads it back
    lui a0, %hi(value)
    lw a2, %lo(value)(a0)
    add a2, a2, a1
    sw a2, %lo(value)(a0)
    ebreak

    .data
    .globl value
value:
    .word 0x11223344

    .bss
    .globl zeros
zeros:
    .space 64
