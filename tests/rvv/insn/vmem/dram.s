# kc-rtl-only: uses DRAM (a0 = 0x80000000, the harness's DRAM); QEMU user mode has none there
# kc-dram
# Scalar and vector accesses to DRAM through the shared kc_bus: unit-stride,
# strided and indexed vector loads/stores, and their ordering against scalar
# loads and stores of the same bytes (RAW and WAR both ways).
.include "kc_check.inc"
_start:
    mv s0, a0                         # DRAM base
    li s1, 0x11223344
    sw s1, 0(s0)                      # scalar store, then a vector load of it
    li s1, 0x55667788
    sw s1, 4(s0)
    vsetivli x0, 2, e32, m1, ta, ma
    vle32.v v1, (s0)
    CHECKV 1, v1, 32, w0, 2
    vsetivli x0, 4, e32, m1, ta, ma
    la s2, src
    vle32.v v2, (s2)
    addi s3, s0, 64
    vse32.v v2, (s3)                  # vector store, then scalar loads of it
    lw s4, 12(s3)
    CHECK 2, s4, 4
    lw s4, 0(s3)
    CHECK 3, s4, 1
    li s5, 16
    vlse32.v v3, (s3), s5             # stride 16 from 64: elements 0 at 64, ...
    vsetivli x0, 1, e32, m1, ta, ma
    vmv.x.s s6, v3
    CHECK 4, s6, 1
    vsetivli x0, 4, e32, m1, ta, ma
    la s2, idx
    vle32.v v4, (s2)
    vluxei32.v v5, (s3), v4
    CHECKV 5, v5, 32, gath, 4
    vsetivli x0, 4, e32, m1, ta, ma
    addi s7, s0, 1024                 # a store spanning several beats (32 bytes each)
    li s8, 12
    vsse32.v v2, (s7), s8
    lw s4, 36(s7)
    CHECK 6, s4, 4
    lw s4, 24(s7)
    CHECK 7, s4, 3
    sw zero, 24(s7)                   # scalar store, vector load, in order
    vsetivli x0, 4, e32, m1, ta, ma
    vlse32.v v6, (s7), s8
    CHECKV 8, v6, 32, patched, 4
    PASS
.data
.balign 16
w0: .word 0x11223344, 0x55667788
src: .word 1, 2, 3, 4
idx: .word 8, 0, 12, 4
gath: .word 3, 1, 4, 2
patched: .word 1, 2, 0, 4
