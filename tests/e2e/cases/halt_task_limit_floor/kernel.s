# Halts at once (wrong: nothing stored). No cycle limit is given, so the record
# carries the task's: relu C1's ideal is tiny, so the floor (2 M cycles), not the
# former flat 50 M. (A kernel that never halts stops at that limit: kc_sim, as
# in infinite_loop with a given limit; run here it would cost seconds.)
    halt
