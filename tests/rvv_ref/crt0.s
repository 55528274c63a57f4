# crt0 of the rvv reference tests (the platform's own is tasks/rvv/rt/): sp and
# a0..a7 come from reset; the kernel returns; ecall with a7 = 93 is the exit.
    .text
    .globl _start
_start:
    call kernel
    li a7, 93
    ecall
