# tasks/rvv/rt/crt0.s — start-up code of every rvv kernel (the build links it first).
# The harness puts the tensor addresses in a0..a7 at reset; they pass through to
# kernel(a0, ..., a7) untouched. Addresses 9.. are in the top 32 bytes of the DTCM
# (the loader writes them); sp = the start of that block (__stack_top, rvv.ld), so
# they are kernel's stack arguments at 0(sp), 4(sp), ... (ilp32f psABI).
# ecall with a7 = 93 is the exit: the RTL halts on ecall, QEMU-user sees exit().
        .section .text.start, "ax", @progbits
        .globl  _start
        .type   _start, @function
_start:
        la      sp, __stack_top
        call    kernel
        li      a7, 93
        ecall
        .size   _start, . - _start
