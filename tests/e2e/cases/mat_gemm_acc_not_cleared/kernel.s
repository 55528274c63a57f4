# NEGATIVE CASE: GEMM C1 (M = N = K = 32) whose author forgot that the
# accumulators are one set shared by every output tile and cleared only by mst.
# Per row group it runs the K loop of column panel 0, then (no mst in between)
# the K loop of panel 1, so panel 1's tile holds panel 0 + panel 1, and the
# second mst writes the now cleared accumulators (zeros) as panel 0's tile.
# Every output is written; the values are wrong and the checker must say so.
.equ M, 32
.equ N, 32
.equ K, 32
        csrwi dlen, 16
        csrwi dstride, 2*K
        li    r1, M
        dld   [r0], a0, r1          # A[:, 0:16]  -> vector rows 0..31
        addai a3, a0, 32
        li    r2, M
        dld   [r2], a3, r1          # A[:, 16:32] -> vector rows 32..63
        csrwi dstride, 2*N
        li    r1, K
        mld   [r0], a1, r1          # B[:, 0:16]  -> matrix rows 0..31
        addai a3, a1, 32
        li    r2, K
        mld   [r2], a3, r1          # B[:, 16:32] -> matrix rows 32..63
        li    r5, 0                 # A tile of the row group (K tile 0)
        li    r6, 64                # C panel 0 rows (vector rows 64..95)
        li    r9, 16
        li    r10, 32
        li    r11, 48
        loopi M/4, groups
        addi  r8, r5, M
        mldb  0, [r0]               # panel 0, K tile 0
        mmac  0, [r5]
        mldb  1, [r9]               # panel 0, K tile 1
        mmac  1, [r8]
        mldb  0, [r10]              # panel 1, K tile 0   <- the bug: no mst before this
        mmac  0, [r5]
        mldb  1, [r11]              # panel 1, K tile 1
        mmac  1, [r8]
        addi  r7, r6, M
        mst   [r7]                  # "panel 1": panel 0 + panel 1
        mst   [r6]                  # "panel 0": zeros (the previous mst cleared them)
        addi  r5, r5, 4
        addi  r6, r6, 4
groups:
        li    r1, M
        li    r2, 64
        dst   [r2], a2, r1
        addai a3, a2, 32
        li    r2, 96
        dst   [r2], a3, r1
        halt
