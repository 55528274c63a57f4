# A trap ends the counting at the trapping instruction, and takes precedence over
# a stall: the second vadd reads row 80, which the first one (issued at 2) is
# still writing, and so would wait; but its destination row (r2 = 0xffffffff) is
# out of range, so it traps at once, in cycle 3. That cycle counts in cycles
# (4 in all, + 1 for the first fetch) and, since the first vadd is in the vector unit's second stage then,
# in vector_busy; the trapping instruction neither retires (instret 3) nor stalls.
li r1, 80
li r2, -1
vadd [r1], [r1], [r1]
vadd [r2], [r1], [r1]
halt
