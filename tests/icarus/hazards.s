# Directed kernel for the Icarus equivalence check, on relu C1's layout
# (a0 = x, 8 x 64 bf16; a1 = y, same size). Not a relu: what matters is that
# Verilator and Icarus agree on every cycle and byte. Each part hits a hazard
# whose interlock or forwarding an event-driven simulator got wrong when a
# function read signals that were not its arguments (rtl/npu/npu_core.v):
#   1. st_over_ld: a store issued while a load of the same DRAM bytes is still
#      waiting for its data must wait; instructions in between change the decode
#      but not the load engine's state.
#   2. fread: a repeated identical fp instruction (same operand fields) must
#      read the register its predecessor wrote; an fp read stalled behind a
#      reduction must see the forwarded result.
# (vec_ld_hit, the third such function, is caught by softmax C1.)
    addai a5, a1, 2048        # far from x and y: decoded, never accessed
    csrwi dlen, 512
    li r1, 1
    li r2, 0
    li r3, 64
    dld [r3], a1, r1          # rows 64..95 = y (the sentinel image): known data
    dld [r2], a0, r1          # rows 0..31 = x; the engine waits ~latency cycles
    addi r4, r5, 1            # unrelated instructions while the load waits; their
    addi r6, r5, 2            # rs1 field names a5, so their DMA decode does not
    addi r8, r5, 3            # overlap x (a stale interlock would say "no stall")
    dst [r3], a0, r1          # rows 64.. -> x: must not overtake the load of x
    dst [r2], a1, r1          # what the load read -> y
    # part 2
    flui f1, 0x3f80           # 1.0
    fadd f1, f1, f1           # 2.0
    fadd f1, f1, f1           # 4.0: same word as the previous instruction
    fadd f1, f1, f1           # 8.0
    csrwi vmask, 16
    vredsum f2, [r2]          # sum of row 0 (x data)
    fadd f3, f2, f2           # waits for the reduction, reads it forwarded
    fadd f3, f3, f1
    li r7, 200
    vbcast [r7], f3
    csrwi dlen, 16
    dst [r7], a1, r1          # y[0:16] = bf16(2 * sum + 8)
    halt
