# Vector-SRAM banks: row r is in bank r mod VBANKS, each bank reads one row and
# writes one row per cycle (rows 16 apart share a bank at every VBANKS). Covered:
# two operand rows of one bank (the second is pre-read the cycle before issue, so
# that read must wait for the row's last write), a vmacs whose old destination
# shares its operand's bank, element-wise writes that would land in the bank the
# SFU writes that cycle, an mst whose rows' banks have writes landing, vector
# work beside a dld's landing beats (each written LAND cycles after it arrives)
# and beside a dst reading its rows, an mmac reading while the dst reads. A port
# given to two users loses a write or reads the wrong row, which co-simulation
# reports (and npu_vector's simulation check stops the RTL).
# cosim: args=0x1000,0x2000,0x3000,0x4000 dram-seed=13 dram-bytes=65536
        csrwi  dlen, 16
        csrwi  dstride, 32
        li     r2, 16
        li     r1, 0
        mld    [r1], a1, r2        # B: matrix SRAM rows 0..15
        mldb   0, [r1]
        li     r4, 16
        li     r3, 96
        dld    [r3], a0, r4        # rows 96..111
        li     r1, 96
        li     r2, 112
        li     r5, 128
        li     r6, 144
        fli    f1, 1.5
        # pre-read of a row with a write to come (vadds into 144 lands 3 cycles on)
        vadds  [r6], [r1], f1
        vadd   [r5], [r1], [r6]    # rows 96 and 144: one bank
        vsub   [r2], [r6], [r5]    # 144 and 128: one bank, 128 still being written
        vmacs  [r2], [r1], f1      # old destination 112 in ra 96's bank
        # SFU group writes against element-wise writes to the same bank
        vexp   [r5], [r1]          # row 128, written group by group 5 .. 4 + G on
        nop
        vadds  [r6], [r1], f1      # row 144: its write would meet the SFU's
        vbcast [r2], f1            # row 112: the same bank again
        vrecip [r6], [r5]          # reads 128 when the vexp has written it
        vmul   [r2], [r6], [r1]
        # mst over rows whose banks have writes in flight
        mmac   0, [r1]
        li     r7, 160
        vadds  [r7], [r1], f1      # row 160 (bank of 96, 112, 128, ...)
        li     r8, 157
        mst    [r8]                # rows 157..160: waits for the vadds
        # a long dld, and vector writes to every bank while its beats land
        li     r4, 64
        li     r3, 256
        dld    [r3], a2, r4        # rows 256..319
        li     r9, 400
        li     r10, 96
        loopi  48, l1
        vadds  [r9], [r10], f1
        vmul   [r9], [r9], [r10]
        addi   r9, r9, 1
        addi   r10, r10, 1
l1:
        # a dst reading rows while vector instructions and an mmac read others
        li     r4, 48
        li     r3, 400
        dst    [r3], a3, r4        # rows 400..447
        li     r9, 600
        li     r10, 256
        loopi  40, l2
        vadd   [r9], [r10], [r1]
        vredsum f2, [r10]
        mmac   0, [r10]
        addi   r9, r9, 1
        addi   r10, r10, 1
l2:
        li     r8, 700
        mst    [r8]
        halt
