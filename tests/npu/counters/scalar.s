# Scalar, fp and special-function instructions, each reading the one before.
# Integer instructions and fli complete at issue (timing rows scalar_dep,
# fp_move): one per cycle. fexp runs on the vector unit's SFU: fadd reads its
# result SFU_LAT cycles after fexp issues (row fp_sfu), SFU_LAT - 1 cycles of
# stall_vector, and the SFU is busy (vector_busy) from its feed through its four
# lane stages, SFU_LAT - 1 cycles. fadd goes down the fp pipeline; halt waits
# until it has written F, FP_LAT - 1 cycles of stall_drain (row fp_dep).
# Issue cycles: addi 0, addi 1, fli 2, fexp 3, fadd 3 + SFU_LAT,
# halt 3 + SFU_LAT + FP_LAT; + 1 (the first fetch) + 1 = cycles; 6 retired.
addi r1, r0, 5
addi r2, r1, 1
fli f1, 2.0           # one flui: 2.0 is exact in bf16
fexp f2, f1
fadd f3, f2, f2
halt
